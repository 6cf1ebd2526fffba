// Two-factor sign-in: the code step after a right password, and turning it on (QR code, first code, recovery codes)
// or off. Staff must have it: without it the admin panel stays closed (middleware/auth.ts).
import type { Request, Response } from "express";
import type { Knex } from "knex";
import QRCode from "qrcode";
import type { TwoFactorProps } from "../../views/pages/portal/TwoFactor.tsx";
import { type ChangeTwoFactor, disableTwoFactor } from "../actions/account/disableTwoFactor.ts";
import { ENROL_LINK_NOT_VALID, enableTwoFactor } from "../actions/account/enableTwoFactor.ts";
import { renewRecoveryCodes } from "../actions/account/renewRecoveryCodes.ts";
import { submitSignInCode } from "../actions/account/submitSignInCode.ts";
import type { TwoFactorPerson } from "../actions/account/twoFactorChanged.ts";
import type { Actor, Outcome } from "../actions/action.ts";
import { newSecret, otpauthUri } from "../auth/totp.ts";
import { ctx } from "../context.ts";
import { guestActor, orRefuse, signedInActor } from "../http/actions.ts";
import { checkCurrentPassword, signInThrottle } from "../http/currentPassword.ts";
import { ipOf, logIn } from "../http/signIn.ts";
import { countTwoFactorFailure } from "../metrics/index.ts";
import { requireUserId } from "../middleware/auth.ts";
import { type FormRefusal, HttpError } from "../middleware/errors.ts";
import { clearLimit, enforceLimit, LIMITS, networkOf } from "../middleware/rateLimit.ts";
import { redirectAfterSave, redirectWithFlash } from "../middleware/session.ts";
import { findLiveToken } from "../models/accountTokens.ts";
import { storePendingSecret, twoFactorState } from "../models/twoFactor.ts";
import { findSessionUser, findUserById } from "../models/users.ts";
import { renderPage, wantsJson } from "../render/renderPage.ts";
import { disableTwoFactorSchema, enableTwoFactorSchema, renewRecoveryCodesSchema, signInCodeSchema, WRONG_CODE } from "../validation/auth.ts";
import { checkInput, invalidInput, parseInput } from "../validation/validate.ts";

/** How long the code step waits after the password. */
const PENDING_MS = 5 * 60_000;

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

/** A refused code (wrong, throttled, or the origin or CSRF check): the code form again with the message. */
export const codeFormRefused: FormRefusal = async (req, res, { status, message, fields }) => {
  if (wantsJson(req)) {
    res.status(status).json({ error: fields ? { message, fields } : { message } });
    return;
  }
  await renderPage(req, res, "auth/TwoFactorCode", { error: message, fields }, { title: "Two-Factor Sign-In", status });
};

/** POST /signin/code {code}: a code of the app or a recovery code; throttled like the password. */
export async function codeForm(req: Request, res: Response): Promise<void> {
  const pending = livePending(req);
  const fail = (status: number, message: string, fields?: Record<string, string>) => codeFormRefused(req, res, { status, message, fields });
  if (!pending) {
    if (wantsJson(req)) return void res.status(401).json({ error: { message: EXPIRED.description } });
    return redirectWithFlash(req, res, "/signin", EXPIRED);
  }
  const parsed = checkInput(signInCodeSchema, req.body);
  if (!parsed.ok) return fail(400, parsed.fields.code ?? WRONG_CODE, parsed.fields);
  const user = await findSessionUser(ctx(req).db, pending.userId);
  if (!user) return fail(401, EXPIRED.description);
  const throttle = signInThrottle(req, user.email);
  try {
    await enforceLimit(req, LIMITS.signInPerIp, networkOf(ipOf(req)));
    await enforceLimit(req, LIMITS.signInPerAccount, throttle);
  } catch (err) {
    if (err instanceof HttpError) return fail(err.status, err.message);
    throw err;
  }
  const outcome = await submitSignInCode(ctx(req), guestActor(req), { userId: user.id, code: parsed.data.code });
  if (!outcome.ok) {
    countTwoFactorFailure();
    return fail(outcome.status, outcome.message, outcome.fields);
  }
  delete req.session.pendingSignIn;
  await clearLimit(req, LIMITS.signInPerAccount, throttle);
  await logIn(req, res, user);
  const left = outcome.recoveryCodesLeft;
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

/** GET /account/two-factor: its state; without it, a new secret (kept until the first code confirms it) as a QR code. */
export async function twoFactorPage(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const { db, config } = ctx(req);
  // The set-up link moves from the address into the session: the page's own address never carries it.
  if (typeof req.query.enrol === "string") {
    const holder = await findLiveToken(db, req.query.enrol, "staff_enrol");
    if (holder?.userId === userId) req.session.staffEnrol = req.query.enrol;
    else
      return redirectWithFlash(req, res, "/account/two-factor", {
        title: "Link not valid",
        description: ENROL_LINK_NOT_VALID,
        variant: "destructive",
      });
    return redirectAfterSave(req, res, "/account/two-factor");
  }
  const key = config.session.totpKey;
  const state = await twoFactorState(db, key, userId);
  const user = await findSessionUser(db, userId);
  if (!user) throw new HttpError(404, "Account not found");
  const base = { staff: user.isAdmin, passwordNeeded: !recentlySignedIn(req) };
  const page = (props: Omit<TwoFactorProps, keyof typeof base>) =>
    renderPage(req, res, "portal/TwoFactor", { ...base, ...props }, { title: "Two-Factor Sign-In" });
  if (state.enabled) return page({ enabled: true, recoveryCodesLeft: state.recoveryCodesLeft });
  if (user.isAdmin && !(await hasEnrolLink(req, db, userId))) return page({ enabled: false, needsLink: true });
  let secret = state.secret;
  if (!secret) {
    secret = newSecret();
    await storePendingSecret(db, key, userId, secret);
  }
  const uri = otpauthUri(secret, config.site.name, user.email);
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#0f172a", light: "#ffffff" } });
  await page({ enabled: false, secret: secret.replace(/(.{4})/g, "$1 ").trim(), qrSvg: Buffer.from(qrSvg).toString("base64") });
}

/** Whether the session holds a live staff set-up link (admin:create, --promote, reset-2fa) for this account. */
async function hasEnrolLink(req: Request, db: Knex, userId: string): Promise<boolean> {
  const token = req.session.staffEnrol;
  if (!token) return false;
  return (await findLiveToken(db, token, "staff_enrol"))?.userId === userId;
}

/**
 * The person at the keyboard is the account's owner: the current password (throttled like sign-in), or a sign-in
 * within the last five minutes when no password is given.
 */
async function confirmOwner(req: Request, userId: string, password: string | undefined): Promise<TwoFactorPerson> {
  const user = await findUserById(ctx(req).db, userId);
  if (!user) throw new HttpError(404, "Account not found");
  if (password === undefined) {
    if (recentlySignedIn(req)) return user;
    throw invalidInput({ password: "Enter your current password" }, "Enter your current password");
  }
  await checkCurrentPassword(req, user, password);
  return user;
}

/** The owner confirmed, then a current code (or recovery code) counted against the sign-in throttle, spent by the action. */
async function changeWithCode<T>(
  req: Request,
  res: Response,
  input: { password?: string; code: string },
  change: (actor: Actor & { userId: string }, input: ChangeTwoFactor) => Promise<Outcome<T>>,
): Promise<{ ok: true } & T> {
  const actor = signedInActor(req, res);
  const person = await confirmOwner(req, actor.userId, input.password);
  const throttle = signInThrottle(req, person.email);
  await enforceLimit(req, LIMITS.signInPerAccount, throttle);
  const outcome = orRefuse(await change(actor, { person, code: input.code, keepSessionId: req.sessionID }));
  await clearLimit(req, LIMITS.signInPerAccount, throttle);
  return outcome;
}

/** POST /api/account/two-factor {code, password}: the first code turns it on and gives the ten recovery codes, shown once. */
export async function enableApi(req: Request, res: Response): Promise<void> {
  const actor = signedInActor(req, res);
  const input = parseInput(enableTwoFactorSchema, req.body, "Please check the form.");
  const person = await confirmOwner(req, actor.userId, input.password);
  const { recoveryCodes } = orRefuse(
    await enableTwoFactor(ctx(req), actor, { person, code: input.code, enrolToken: req.session.staffEnrol, keepSessionId: req.sessionID }),
  );
  delete req.session.staffEnrol;
  res.json({ recoveryCodes });
}

/** POST /api/account/two-factor/disable {password, code}: applicants only; staff keep it. */
export async function disableApi(req: Request, res: Response): Promise<void> {
  const input = parseInput(disableTwoFactorSchema, req.body, "Please check the form.");
  await changeWithCode(req, res, input, (actor, change) => disableTwoFactor(ctx(req), actor, change));
  res.json({ message: "Two-factor sign-in is off." });
}

/** POST /api/account/two-factor/recovery-codes {code, password}: ten new codes; the old ones stop working. */
export async function renewCodesApi(req: Request, res: Response): Promise<void> {
  const input = parseInput(renewRecoveryCodesSchema, req.body, "Please check the form.");
  const { recoveryCodes } = await changeWithCode(req, res, input, (actor, change) => renewRecoveryCodes(ctx(req), actor, change));
  res.json({ recoveryCodes });
}
