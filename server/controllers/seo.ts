// sitemap.xml, robots.txt and the web app manifest: absolute URLs from PUBLIC_URL, or from the request when it is unset.
import type { Request, Response } from "express";
import { ctx } from "../context.ts";
import { THEME_COLOR } from "../render/seo.ts";
import { escapeHtml } from "../render/serialize.ts";

/** Areas behind sign-in: nothing there for a crawler. */
export const DISALLOWED = ["/dashboard", "/admin", "/api", "/application", "/payment", "/visa-application", "/checklist"];

function origin(req: Request): string {
  return ctx(req).config.publicUrl ?? `${req.protocol}://${req.get("host")}`;
}

/** GET /sitemap.xml — every public page: the paths `pages` lists (the route table's public pages: server/routes.ts) */
export const sitemapFile = (pages: () => string[]) => (req: Request, res: Response) => {
  const base = origin(req);
  const urls = pages().map((path) => `  <url><loc>${escapeHtml(base + path)}</loc></url>`);
  res
    .type("application/xml")
    .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`);
};

/** GET /robots.txt — the areas behind sign-in are disallowed */
export function robotsFile(req: Request, res: Response): void {
  const lines = ["User-agent: *", "Allow: /", ...DISALLOWED.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin(req)}/sitemap.xml`, ""];
  res.type("text/plain").send(lines.join("\n"));
}

const BACKGROUND_COLOR = "#ffffff";

/** The web app manifest: the site's name (SITE_NAME, so it follows configuration), colours and icons. */
export function webManifestFile(req: Request, res: Response): void {
  const { site } = ctx(req).config;
  res.type("application/manifest+json").json({
    name: site.name,
    short_name: site.name.split(" ").slice(0, 2).join(" "),
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/apple-touch-icon.png", sizes: "180x180", type: "image/png" },
    ],
  });
}
