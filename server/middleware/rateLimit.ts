// Rate limits for sign-in, sign-up, password reset and the contact form, counted in PostgreSQL; over the limit a 429 with a clear message.
import type { Request } from "express";
import { ctx } from "../context.ts";
import { hit } from "../models/rateLimits.ts";
import { HttpError } from "./errors.ts";

export interface Limit {
  name: string;
  max: number;
  windowMs: number;
  message: string;
}

export const LIMITS = {
  signInPerIp: {
    name: "signin-ip",
    max: 30,
    windowMs: 15 * 60_000,
    message: "Too many sign-in attempts from this network. Please wait 15 minutes and try again.",
  },
  signInPerAccount: {
    name: "signin-account",
    max: 10,
    windowMs: 15 * 60_000,
    message: "Too many sign-in attempts for this account. Please wait 15 minutes and try again.",
  },
  signUpPerIp: {
    name: "signup-ip",
    max: 10,
    windowMs: 60 * 60_000,
    message: "Too many accounts created from this network. Please try again in an hour.",
  },
  resetPerIp: {
    name: "reset-ip",
    max: 20,
    windowMs: 60 * 60_000,
    message: "Too many password reset requests from this network. Please try again in an hour.",
  },
  resetPerAddress: {
    name: "reset-address",
    max: 5,
    windowMs: 60 * 60_000,
    message: "Too many password reset requests for this address. Please try again in an hour.",
  },
  confirmResendPerAccount: {
    name: "confirm-resend",
    max: 5,
    windowMs: 60 * 60_000,
    message: "Too many confirmation e-mails for this account. Please try again in an hour.",
  },
  contactPerIp: {
    name: "contact-ip",
    max: 10,
    windowMs: 60 * 60_000,
    message: "Too many messages from this network. Please try again in an hour, or call us.",
  },
} satisfies Record<string, Limit>;

/** Counts a hit against `limit` for `subject`; throws 429 (with Retry-After) once the limit is passed. */
export async function enforceLimit(req: Request, limit: Limit, subject: string): Promise<void> {
  const { db, config } = ctx(req);
  if (config.rateLimitDisabled) return;
  const { hits, resetAt } = await hit(db, `${limit.name}:${subject}`, limit.windowMs);
  if (hits > limit.max) {
    const retry = Math.max(1, Math.ceil((new Date(resetAt).getTime() - Date.now()) / 1000));
    req.res?.set("Retry-After", String(retry));
    throw new HttpError(429, limit.message);
  }
}
