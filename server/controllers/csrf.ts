// GET /api/csrf: hands the client a CSRF token (the cookie is set by the session stack).
import type { Request, Response } from "express";

/** GET /api/csrf — the session's CSRF token for the client */
export function tokenFile(_req: Request, res: Response): void {
  res.set("Cache-Control", "no-store").json({ token: res.locals.csrfToken });
}
