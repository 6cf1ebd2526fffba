// Two-factor sign-in: the code step after a right password, and turning it on (QR code, first code, recovery codes)
// or off. Staff must have it: without it the admin panel stays closed (middleware/auth.ts).
import type { Request, Response } from "express";
import type { Knex } from "knex";
import QRCode from "qrcode";
import { z } from "zod";
import type { TwoFactorProps } from "../../views/pages/portal/TwoFactor.tsx";
import { verifyPassword } from "../auth/passwords.ts";
import { looksLikeRecoveryCode, newSecret, otpauthUri } from "../auth/totp.ts";
import { ctx } from "../context.ts";
import { ipOf, logIn } from "../http/signIn.ts";
import { audit } from "../middleware/audit.ts";
import { requireUserId } from "../middleware/auth.ts";
import { HttpError } from "../middleware/errors.ts";
import { clearLimit, enforceLimit, LIMITS, networkOf, signInAccountKey } from "../middleware/rateLimit.ts";
import { redirectWithFlash } from "../middleware/session.ts";
import { findLiveToken, voidCredentials } from "../models/accountTokens.ts";
import {
  disableTwoFactor,
  enableTwoFactor,
  replaceRecoveryCodes,
  spendRecoveryCode,
  spendTotpCode,
  storePendingSecret,
  twoFactorState,
} from "../models/twoFactor.ts";
import { findSessionUser, normalizeEmail } from "../models/users.ts";
import { renderPage, wantsJson } from "../render/renderPage.ts";
import { checkInput, invalidInput, parseInput } from "../validation/validate.ts";

/** How long the code step waits after the password. */
const PENDING_MS = 5 * 60_000;
const WRONG_CODE = "That code is not right. Check the app (or the recovery code) and try again.";
const codeSchema = z.object({
  code: z.string({ error: "Enter the code" }).trim().min(1, "Enter the code").max(20, WRONG_CODE),
});

function livePending(req: Request) {
  const pending = req.session.pendingSignIn;
  if (pending && Date.now() - pending.at <= PENDING_MS) return pending;
  delete req.session.pendingSignIn;
  return undefined;
}

const EXPIRED = { title: "Sign in again", description: "The time to give your code ran out. Please sign in again.", variant: "destructive" as const };

/** GET /signin/code */
export async function codePage(req: Request, res: Response): Promise<void> {
  if (!livePending(req)) return redirectWithFlash(req, res, "/signin", EXPIRED);
  await renderPage(req, res, "auth/TwoFactorCode", {}, { title: "Two-Factor Sign-In" });
}

/** POST /signin/code {code}: a code of the app or a recovery code; throttled like the password. */
export async function submitCode(req: Request, res: Response): Promise<void> {
  const pending = livePending(req);
  const fail = async (status: number, message: string, fields?: Record<string, string>) => {
    if (wantsJson(req)) {
      res.status(status).json({ error: fields ? { message, fields } : { message } });
      return;
    }
    await renderPage(req, res, "auth/TwoFactorCode", { error: message, fields }, { title: "Two-Factor Sign-In", status });
  };
  if (!pending) {
    if (wantsJson(req)) return void res.status(401).json({ error: { message: EXPIRED.description } });
    return redirectWithFlash(req, res, "/signin", EXPIRED);
  }
  const parsed = checkInput(codeSchema, req.body);
  if (!parsed.ok) return fail(400, parsed.fields.code ?? WRONG_CODE, parsed.fields);
  const { db, config } = ctx(req);
  const user = await findSessionUser(db, pending.userId);
  if (!user) return fail(401, EXPIRED.description);
  const throttle = signInAccountKey(normalizeEmail(user.email), ipOf(req));
  try {
    await enforceLimit(req, LIMITS.signInPerIp, networkOf(ipOf(req)));
    await enforceLimit(req, LIMITS.signInPerAccount, throttle);
  } catch (err) {
    if (err instanceof HttpError) return fail(err.status, err.message);
    throw err;
  }
  const code = parsed.data.code;
  const recovery = looksLikeRecoveryCode(code);
  const ok = recovery ? await spendRecoveryCode(db, user.id, code) : await spendTotpCode(db, config.session.totpKey, user.id, code);
  if (!ok) {
    await audit(req, { action: "sign_in_failed", actorId: null, subjectType: "account", subjectId: user.id, details: { step: "code" } });
    return fail(400, WRONG_CODE, { code: WRONG_CODE });
  }
  delete req.session.pendingSignIn;
  await clearLimit(req, LIMITS.signInPerAccount, throttle);
  await logIn(req, res, user);
  await audit(req, {
    action: "sign_in",
    actorId: user.id,
    subjectType: "account",
    subjectId: user.id,
    details: { second: recovery ? "recovery" : "app" },
  });
  const left = recovery ? (await twoFactorState(db, config.session.totpKey, user.id)).recoveryCodesLeft : undefined;
  const flash =
    left === undefined
      ? { title: "Welcome back!", description: "Successfully signed in." }
      : {
          title: "Signed in with a recovery code",
          description: `${left} recovery code${left === 1 ? "" : "s"} left. Make new ones on your account page.`,
        };
  if (wantsJson(req)) return void res.json({ redirect: pending.next, flash });
  redirectWithFlash(req, res, pending.next, flash);
}

/** How long after a sign-in two-factor changes may be made without typing the password again. */
const RECENT_SIGN_IN_MS = 5 * 60_000;
const recentlySignedIn = (req: Request) => Date.now() - (req.session.startedAt ?? 0) <= RECENT_SIGN_IN_MS;
const LINK_NOT_VALID = "This set-up link has expired or was already used. Ask a manager for a new one.";

/**
 * A staff account's first enrolment needs the one-time link ops printed (admin:create, --promote, reset-2fa) on top of
 * the password: held in the session, for the account signed in, still live.
 */
async function liveEnrolLink(req: Request, db: Knex | Knex.Transaction, userId: string, lock = false): Promise<boolean> {
  const token = req.session.staffEnrol;
  if (!token) return false;
  const holder = await findLiveToken(db, token, "staff_enrol", lock);
  return holder?.userId === userId;
}

/** GET /account/two-factor: its state; without it, a new secret (kept until the first code confirms it) as a QR code. */
export async function showTwoFactor(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const { db, config } = ctx(req);
  // The set-up link moves from the address into the session: the page's own address never carries it.
  if (typeof req.query.enrol === "string") {
    const holder = await findLiveToken(db, req.query.enrol, "staff_enrol");
    if (holder?.userId === userId) req.session.staffEnrol = req.query.enrol;
    else return redirectWithFlash(req, res, "/account/two-factor", { title: "Link not valid", description: LINK_NOT_VALID, variant: "destructive" });
    return res.redirect(303, "/account/two-factor");
  }
  const key = config.session.totpKey;
  const state = await twoFactorState(db, key, userId);
  const user = await findSessionUser(db, userId);
  if (!user) throw new HttpError(404, "Account not found");
  const base = { staff: user.isAdmin, passwordNeeded: !recentlySignedIn(req) };
  const page = (props: Omit<TwoFactorProps, keyof typeof base>) =>
    renderPage(req, res, "portal/TwoFactor", { ...base, ...props }, { title: "Two-Factor Sign-In" });
  if (state.enabled) return page({ enabled: true, recoveryCodesLeft: state.recoveryCodesLeft });
  if (user.isAdmin && !(await liveEnrolLink(req, db, userId))) return page({ enabled: false, needsLink: true });
  let secret = state.secret;
  if (!secret) {
    secret = newSecret();
    await storePendingSecret(db, key, userId, secret);
  }
  const uri = otpauthUri(secret, config.site.name, user.email);
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#0f172a", light: "#ffffff" } });
  await page({ enabled: false, secret: secret.replace(/(.{4})/g, "$1 ").trim(), qrSvg: Buffer.from(qrSvg).toString("base64") });
}

const passwordField = z
  .string({ error: "Enter your current password" })
  .max(128, "Password is incorrect")
  .optional()
  .transform((v) => v || undefined);
const enableSchema = z.object({ code: codeSchema.shape.code, password: passwordField });

/**
 * The person at the keyboard is the account's owner: the current password (throttled like sign-in), or a sign-in
 * within the last five minutes when no password is given.
 */
async function confirmPassword(req: Request, userId: string, password: string | undefined): Promise<{ email: string; full_name: string }> {
  const user = await ctx(req).db("users").where({ id: userId }).first("email", "full_name", "password_hash");
  if (!user) throw new HttpError(404, "Account not found");
  if (password === undefined) {
    if (recentlySignedIn(req)) return user;
    throw invalidInput({ password: "Enter your current password" }, "Enter your current password");
  }
  const throttle = signInAccountKey(normalizeEmail(user.email), ipOf(req));
  await enforceLimit(req, LIMITS.signInPerAccount, throttle);
  if (!(await verifyPassword(user.password_hash, password))) throw invalidInput({ password: "Password is incorrect" }, "Password is incorrect");
  await clearLimit(req, LIMITS.signInPerAccount, throttle);
  return user;
}

/**
 * A change of the second factor is a credential event: every link of the account dies, every other session ends,
 * the owner is told by e-mail and the trail records it, all with the change.
 */
async function afterTwoFactorChange(
  req: Request,
  trx: Knex.Transaction,
  user: { id: string; email: string; full_name: string },
  change: "on" | "off" | "codes",
): Promise<number> {
  const ended = await voidCredentials(trx, user.id, req.sessionID);
  await ctx(req).outbox.queue(trx, { kind: "two_factor_changed", to: user.email, userId: user.id, data: { name: user.full_name, change } });
  const action = { on: "two_factor_enabled", off: "two_factor_disabled", codes: "recovery_codes_renewed" } as const;
  await audit(req, { action: action[change], subjectType: "account", subjectId: user.id, details: { otherSessionsEnded: ended } }, trx);
  return ended;
}

/** POST /api/account/two-factor {code, password}: the first code turns it on and gives the ten recovery codes, shown once. */
export async function enableApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const { db, config } = ctx(req);
  const input = parseInput(enableSchema, req.body, "Please check the form.");
  const person = await confirmPassword(req, userId, input.password);
  const staff = Boolean((await findSessionUser(db, userId))?.isAdmin);
  const codes = await db.transaction(async (trx) => {
    if (staff && !(await liveEnrolLink(req, trx, userId, true))) throw new HttpError(403, LINK_NOT_VALID);
    const made = await enableTwoFactor(trx, config.session.totpKey, userId, input.code.replace(/\s/g, ""));
    if (made) await afterTwoFactorChange(req, trx, { id: userId, ...person }, "on");
    return made;
  });
  if (!codes) {
    const message = "That code is not right. Check the time on your phone and give the code the app shows now.";
    throw invalidInput({ code: message }, message);
  }
  delete req.session.staffEnrol;
  res.json({ recoveryCodes: codes });
}

const disableSchema = z.object({
  password: z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(128, "Password is incorrect"),
  code: codeSchema.shape.code,
});
const renewSchema = z.object({ code: codeSchema.shape.code, password: passwordField });

/** Checks the password (or a recent sign-in) and a current code or recovery code; field errors otherwise. */
async function confirmPerson(req: Request, userId: string, input: { password?: string; code: string }) {
  const { db, config } = ctx(req);
  const user = await confirmPassword(req, userId, input.password);
  const throttle = signInAccountKey(normalizeEmail(user.email), ipOf(req));
  await enforceLimit(req, LIMITS.signInPerAccount, throttle);
  const code = input.code;
  const ok = looksLikeRecoveryCode(code) ? await spendRecoveryCode(db, userId, code) : await spendTotpCode(db, config.session.totpKey, userId, code);
  if (!ok) throw invalidInput({ code: WRONG_CODE }, WRONG_CODE);
  await clearLimit(req, LIMITS.signInPerAccount, throttle);
  return { id: userId, ...user };
}

/** POST /api/account/two-factor/disable {password, code}: applicants only; staff keep it. */
export async function disableApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const input = parseInput(disableSchema, req.body, "Please check the form.");
  const { db } = ctx(req);
  const user = await findSessionUser(db, userId);
  if (user?.isAdmin) throw new HttpError(403, "Staff accounts keep two-factor sign-in.");
  const person = await confirmPerson(req, userId, input);
  await db.transaction(async (trx) => {
    await disableTwoFactor(trx, userId);
    await afterTwoFactorChange(req, trx, person, "off");
  });
  res.json({ message: "Two-factor sign-in is off." });
}

/** POST /api/account/two-factor/recovery-codes {code, password}: ten new codes; the old ones stop working. */
export async function renewCodesApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const input = parseInput(renewSchema, req.body, "Please check the form.");
  const person = await confirmPerson(req, userId, input);
  const codes = await ctx(req).db.transaction(async (trx) => {
    const made = await replaceRecoveryCodes(trx, userId);
    await afterTwoFactorChange(req, trx, person, "codes");
    return made;
  });
  res.json({ recoveryCodes: codes });
}
