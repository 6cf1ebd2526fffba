// CSRF defence: a signed double-submit token (cookie + header or form field), bound to the session once signed in,
// plus a same-origin check.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { HttpError } from "./errors.ts";

export const CSRF_COOKIE = "hg.csrf";
/** Over HTTPS the cookie takes the `__Host-` prefix: the browser then refuses it from a sibling domain or plain HTTP. */
export const csrfCookieName = (req: Request) => (req.secure ? `__Host-${CSRF_COOKIE}` : CSRF_COOKIE);
export const CSRF_HEADER = "x-csrf-token";
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * What a token is bound to: the session id once signed in (a token taken from another session is refused, and signing
 * in rotates it), nothing for a visitor (the sign-in and sign-up forms need a token before any session exists).
 */
export function csrfBinding(req: Request): string {
  return req.user && req.sessionID ? `session:${req.sessionID}` : "anonymous";
}

function sign(key: string, nonce: string, binding: string): string {
  return createHmac("sha256", key).update(`${nonce}|${binding}`).digest("base64url");
}

export function newToken(key: string, binding: string): string {
  const nonce = randomBytes(18).toString("base64url");
  return `${nonce}.${sign(key, nonce, binding)}`;
}

export function validToken(key: string, token: unknown, binding: string): token is string {
  if (typeof token !== "string" || token.length > 200) return false;
  const [nonce, mac] = token.split(".");
  if (!nonce || !mac) return false;
  const expected = Buffer.from(sign(key, nonce, binding));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Sets a fresh token for the request's current binding (after sign-in: bound to the new session). */
export function rotateCsrf(key: string, req: Request, res: Response): string {
  const token = newToken(key, csrfBinding(req));
  res.cookie(csrfCookieName(req), token, { httpOnly: false, sameSite: "lax", secure: req.secure, path: "/" });
  res.locals.csrfToken = token;
  return token;
}

/** Makes sure the browser holds a valid token cookie and exposes the token to the page (res.locals.csrfToken). */
export function issueCsrf(key: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const token = req.cookies?.[csrfCookieName(req)];
    if (validToken(key, token, csrfBinding(req))) res.locals.csrfToken = token;
    else rotateCsrf(key, req, res);
    next();
  };
}

export function sameOrigin(req: Request): boolean {
  if (req.get("sec-fetch-site") === "cross-site") return false;
  const origin = req.get("origin");
  if (!origin || origin === "null") return origin !== "null";
  try {
    return new URL(origin).host === req.get("host");
  } catch {
    return false;
  }
}

/**
 * A file-upload form posted without JavaScript (multipart) cannot send a header, and its fields are read only after
 * this check: its token rides in the form's action URL. Only multipart posts may do this; request logs drop the query.
 */
function queryToken(req: Request): unknown {
  return req.is("multipart/form-data") ? req.query?._csrf : undefined;
}

/** Refuses a state-changing request that is cross-site or lacks the token matching its cookie. */
export function verifyCsrf(key: string) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE.has(req.method)) return next();
    if (!sameOrigin(req)) return next(new HttpError(403, "Cross-site request refused."));
    const cookie = req.cookies?.[csrfCookieName(req)];
    const sent =
      req.get(CSRF_HEADER) ?? (req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>)._csrf : undefined) ?? queryToken(req);
    if (!validToken(key, cookie, csrfBinding(req)) || sent !== cookie) {
      return next(new HttpError(403, "Your security token is missing or has expired. Reload the page and try again."));
    }
    next();
  };
}
