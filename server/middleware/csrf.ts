// CSRF defence: a signed double-submit token (cookie + header or form field) plus a same-origin check.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { HttpError } from "./errors.ts";

export const CSRF_COOKIE = "hg.csrf";
export const CSRF_HEADER = "x-csrf-token";
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

function sign(secret: string, nonce: string): string {
  return createHmac("sha256", secret).update(nonce).digest("base64url");
}

export function newToken(secret: string): string {
  const nonce = randomBytes(18).toString("base64url");
  return `${nonce}.${sign(secret, nonce)}`;
}

export function validToken(secret: string, token: unknown): token is string {
  if (typeof token !== "string" || token.length > 200) return false;
  const [nonce, mac] = token.split(".");
  if (!nonce || !mac) return false;
  const expected = Buffer.from(sign(secret, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Makes sure the browser holds a valid token cookie and exposes the token to the page (res.locals.csrfToken). */
export function issueCsrf(secret: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    let token = req.cookies?.[CSRF_COOKIE];
    if (!validToken(secret, token)) {
      token = newToken(secret);
      res.cookie(CSRF_COOKIE, token, { httpOnly: false, sameSite: "lax", secure: req.secure, path: "/" });
    }
    res.locals.csrfToken = token;
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

/** Refuses a state-changing request that is cross-site or lacks the token matching its cookie. */
export function verifyCsrf(secret: string) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE.has(req.method)) return next();
    if (!sameOrigin(req)) return next(new HttpError(403, "Cross-site request refused."));
    const cookie = req.cookies?.[CSRF_COOKIE];
    const sent = req.get(CSRF_HEADER) ?? (req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>)._csrf : undefined);
    if (!validToken(secret, cookie) || sent !== cookie) {
      return next(new HttpError(403, "Your security token is missing or has expired. Reload the page and try again."));
    }
    next();
  };
}
