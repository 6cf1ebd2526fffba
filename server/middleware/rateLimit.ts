// Rate limits for sign-in, sign-up, password reset, the contact form and receipt checks, counted in PostgreSQL; over the limit a 429 with a clear message.
import { isIPv4, isIPv6 } from "node:net";
import type { Request } from "express";
import { ctx } from "../context.ts";
import { countThrottle } from "../metrics/index.ts";
import { clear, hit } from "../models/rateLimits.ts";
import { audit } from "./audit.ts";
import { HttpError } from "./errors.ts";

export interface Limit {
  name: string;
  max: number;
  windowMs: number;
  message: string;
}

/** The limits "per IP" count per network (`networkOf`): one IPv4 address, or one IPv6 /64. */
export const LIMITS = {
  signInPerIp: {
    name: "signin-ip",
    max: 30,
    windowMs: 15 * 60_000,
    message: "Too many sign-in attempts from this network. Please wait 15 minutes and try again.",
  },
  /** Keyed on the account AND the network it is tried from, and cleared by a successful sign-in (see below). */
  signInPerAccount: {
    name: "signin-account",
    max: 10,
    windowMs: 15 * 60_000,
    message: "Too many sign-in attempts for this account from your network. Please wait 15 minutes and try again.",
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
  /** Counted on every request, right password or not: each one mails an address the requester chooses. */
  emailChangePerAccount: {
    name: "email-change",
    max: 5,
    windowMs: 24 * 60 * 60_000,
    message: "Too many e-mail changes asked for this account today. Please try again tomorrow.",
  },
  /** Mails to the owner of an address someone tried to sign up with again: a cap, never a refusal (that would tell). */
  signUpNoticePerAccount: {
    name: "signup-notice",
    max: 3,
    windowMs: 24 * 60 * 60_000,
    message: "",
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
  /** Bookings hold a person's time: one network cannot take up the calendar (nor sell its slots). */
  bookingsPerIp: {
    name: "booking-ip",
    max: 10,
    windowMs: 60 * 60_000,
    message: "Too many bookings from this network. Please try again in an hour, or call us.",
  },
  /** Each applicant's message e-mails the office: a cap on how many one account sends, not on a conversation. */
  messagesPerAccount: {
    name: "messages-account",
    max: 30,
    windowMs: 60 * 60_000,
    message: "You have sent many messages in the last hour. Please wait a little before sending more, or call us.",
  },
  /** Receipt codes are 10 characters of 32: checking them a few hundred an hour from one network finds none. */
  receiptCheckPerIp: {
    name: "receipt-check-ip",
    max: 30,
    windowMs: 60 * 60_000,
    message: "Too many receipt checks from this network. Please try again in an hour.",
  },
  /** Signature codes are 10 characters of 32, like receipts': the same limit per network. */
  signatureCheckPerIp: {
    name: "signature-check-ip",
    max: 30,
    windowMs: 60 * 60_000,
    message: "Too many signature checks from this network. Please try again in an hour.",
  },
} satisfies Record<string, Limit>;

/** Counts a hit against `limit` for `subject`; throws 429 (with Retry-After) once the limit is passed. */
export async function enforceLimit(req: Request, limit: Limit, subject: string): Promise<void> {
  const { db, config } = ctx(req);
  if (config.rateLimitDisabled) return;
  const { hits, resetAt } = await hit(db, `${limit.name}:${subject}`, limit.windowMs);
  if (hits > limit.max) {
    countThrottle(limit.name);
    const retry = Math.max(1, Math.ceil((new Date(resetAt).getTime() - Date.now()) / 1000));
    req.res?.set("Retry-After", String(retry));
    // Once per window and subject, not on every refused try: the trail shows the attack, not its volume.
    if (hits === limit.max + 1) await audit(req, { action: "throttled", details: { limit: limit.name } });
    throw new HttpError(429, limit.message);
  }
}

/** Counts a hit against `limit` for `subject` and says whether it is still within it: for caps that refuse silently. */
export async function withinLimit(req: Request, limit: Limit, subject: string): Promise<boolean> {
  const { db, config } = ctx(req);
  if (config.rateLimitDisabled) return true;
  const within = (await hit(db, `${limit.name}:${subject}`, limit.windowMs)).hits <= limit.max;
  if (!within) countThrottle(limit.name);
  return within;
}

/** Forgets the hits counted against `limit` for `subject` (a successful sign-in ends its throttle). */
export async function clearLimit(req: Request, limit: Limit, subject: string): Promise<void> {
  await clear(ctx(req).db, `${limit.name}:${subject}`);
}

/**
 * The network a request comes from: the IPv4 address, or the /64 of an IPv6 one (one household or phone gets a whole
 * /64, so counting single IPv6 addresses would let one attacker rotate through millions of them).
 */
export function networkOf(ip: string): string {
  const v4 = ip.startsWith("::ffff:") && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(v4) || !isIPv6(v4)) return v4;
  const [head, tail = ""] = v4.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = v4.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * Sign-in throttling for one account is counted per network, so someone elsewhere failing on purpose cannot lock the
 * owner out; the owner's own successful sign-in clears their counter.
 */
export const signInAccountKey = (email: string, ip: string) => `${email}|${networkOf(ip)}`;
