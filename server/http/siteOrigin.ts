// The site's own address for links that leave the page (a QR code, a printed URL): PUBLIC_URL, or else the request's.
import type { Request } from "express";
import { ctx } from "../context.ts";

export function siteOrigin(req: Request): string {
  return ctx(req).config.publicUrl ?? `${req.protocol}://${req.get("host")}`;
}
