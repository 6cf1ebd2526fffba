// Counts every answer by route template and status, and times it; and counts uploads by outcome.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { countUpload, httpDuration, httpRequests } from "./index.ts";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The matched route's template (`/application/:id`), never the path itself: a path holds ids, and one label value per
 * id would grow the series without end. Requests no route matched (static files, 404s) share `unmatched`.
 */
export function routeTemplate(req: Request): string {
  const route = req.route as { path?: unknown } | undefined;
  return typeof route?.path === "string" ? `${req.baseUrl}${route.path}` : "unmatched";
}

export const httpMetrics: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  // 'finish': the answer was handed to the network; a request the client dropped first is not counted.
  res.once("finish", () => {
    const method = METHODS.has(req.method) ? req.method : "OTHER";
    const route = routeTemplate(req);
    httpRequests.inc({ method, route, status: String(res.statusCode) });
    httpDuration.observe({ method, route }, Number(process.hrtime.bigint() - started) / 1e9);
  });
  next();
};

/** Status of a refused upload → its reason class (413 covers both the 10 MB limit and the storage quota). */
const UPLOAD_OUTCOMES: Record<number, string> = { 400: "invalid", 404: "not_found", 409: "not_draft", 413: "too_large", 415: "wrong_type" };

/** First in an upload route: counts the upload when its answer is sent. */
export function uploadMetrics(kind: "document" | "passport"): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.once("finish", () => {
      const status = res.statusCode;
      countUpload(kind, status < 300 ? "accepted" : (UPLOAD_OUTCOMES[status] ?? (status >= 500 ? "error" : "refused")));
    });
    next();
  };
}
