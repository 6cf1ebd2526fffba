// sitemap.xml and robots.txt: absolute URLs from PUBLIC_URL, or from the request when it is unset.
import type { Request, Response } from "express";
import { ctx } from "../context.ts";
import { escapeHtml } from "../render/serialize.ts";

/** Areas behind sign-in: nothing there for a crawler. */
export const DISALLOWED = ["/dashboard", "/admin", "/api", "/application", "/payment", "/visa-application", "/checklist"];

function origin(req: Request): string {
  return ctx(req).config.publicUrl ?? `${req.protocol}://${req.get("host")}`;
}

/** sitemap.xml of the paths `pages` lists (the route table's public pages: server/routes.ts). */
export const sitemap = (pages: () => string[]) => (req: Request, res: Response) => {
  const base = origin(req);
  const urls = pages().map((path) => `  <url><loc>${escapeHtml(base + path)}</loc></url>`);
  res
    .type("application/xml")
    .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`);
};

export function robots(req: Request, res: Response): void {
  const lines = ["User-agent: *", "Allow: /", ...DISALLOWED.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin(req)}/sitemap.xml`, ""];
  res.type("text/plain").send(lines.join("\n"));
}
