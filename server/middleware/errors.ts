// HttpError and the two last handlers: the 404 page or JSON, and the error answer (no stack trace outside development).
import type { NextFunction, Request, Response } from "express";
import { currentYear } from "../domain/calendar.ts";
import { renderPage, wantsJson } from "../render/renderPage.ts";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** True for requests that want an API answer rather than a page. */
export function isApiRequest(req: Request): boolean {
  return req.path.startsWith("/api/") || (req.method !== "GET" && req.method !== "HEAD" && wantsJson(req));
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

const DB_DOWN_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "57P01", "57P02", "57P03", "08000", "08003", "08006", "53300"]);

/** Maps any thrown value to a status and a message fit to show a user. */
export function describeError(err: unknown): { status: number; message: string; fields?: Record<string, string> } {
  if (err instanceof HttpError) return { status: err.status, message: err.message, fields: err.fields };
  const e = err as { type?: string; code?: string; name?: string; status?: number; message?: string };
  if (e?.type === "entity.parse.failed") return { status: 400, message: "The request body is not valid JSON." };
  if (e?.type === "entity.too.large") return { status: 413, message: "The request body is too large." };
  if (e?.type === "charset.unsupported" || e?.type === "encoding.unsupported") return { status: 415, message: "Unsupported request encoding." };
  if (e?.name === "KnexTimeoutError" || (e?.code && DB_DOWN_CODES.has(e.code)) || /Connection terminated/.test(e?.message ?? "")) {
    return { status: 503, message: "The service is temporarily unavailable. Please try again in a moment." };
  }
  if (typeof e?.status === "number" && e.status >= 400 && e.status < 500) return { status: e.status, message: e.message ?? "Bad request" };
  return { status: 500, message: "Something went wrong on our side. Please try again." };
}

export async function notFoundHandler(req: Request, res: Response): Promise<void> {
  req.log?.info({ path: req.originalUrl }, "page not found");
  if (isApiRequest(req)) {
    res.status(404).json({ error: { message: "Not found" } });
    return;
  }
  await renderPage(req, res, "errors/NotFound", { path: req.path, year: currentYear() }, { title: "Page not found", status: 404, noindex: true });
}

/** How a plain form shows itself again with a refusal's message beside it and what was typed kept (passwords aside). */
export type FormRefusal = (
  req: Request,
  res: Response,
  refusal: { status: number; message: string; fields?: Record<string, string> },
) => Promise<void>;

/**
 * After a plain form post's handler: a refusal (the origin or CSRF check, a rate limit, an action's) answers with the
 * same form and its message at the refusal's status, never the generic error page a person cannot get back from. The
 * refused request has changed nothing by then; JSON callers and server failures go on to errorHandler.
 */
export function refuseWithForm(render: FormRefusal) {
  return (err: unknown, req: Request, res: Response, next: NextFunction): void => {
    const refusal = describeError(err);
    if (refusal.status >= 500 || res.headersSent || wantsJson(req)) next(err);
    else render(req, res, refusal).catch(next);
  };
}

export function errorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  const { status, message, fields } = describeError(err);
  if (status >= 500) req.log?.error({ err }, "request failed");
  if (res.headersSent) {
    res.end();
    return;
  }
  if (status === 503) res.set("Retry-After", "5");
  if (isApiRequest(req)) {
    res.status(status).json({ error: fields ? { message, fields } : { message } });
    return;
  }
  renderPage(
    req,
    res,
    "errors/ErrorPage",
    { status, statusText: STATUS_TEXT[status] ?? "Error", message },
    { title: "Error", status, noindex: true },
  ).catch(() => {
    if (!res.headersSent)
      res
        .status(status)
        .type("text")
        .send(`${status} ${STATUS_TEXT[status] ?? "Error"}`);
  });
}
