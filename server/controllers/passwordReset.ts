// Forgot password → e-mailed single-use link → new password: the same answer whether or not the address has an account.
import type { Request, Response } from "express";
import { requestPasswordReset } from "../actions/account/requestPasswordReset.ts";
import { INVALID_RESET_LINK, resetPassword } from "../actions/account/resetPassword.ts";
import { ctx } from "../context.ts";
import { guestActor } from "../http/actions.ts";
import { ipOf, logIn } from "../http/signIn.ts";
import { type FormRefusal, HttpError } from "../middleware/errors.ts";
import { enforceLimit, LIMITS, networkOf } from "../middleware/rateLimit.ts";
import { redirectAfterSave, redirectWithFlash } from "../middleware/session.ts";
import { findLiveToken, type TokenOwner } from "../models/accountTokens.ts";
import { isStaff, normalizeEmail } from "../models/users.ts";
import { renderPage, wantsJson } from "../render/renderPage.ts";
import { forgotPasswordSchema, passwordRule, resetPasswordSchema } from "../validation/auth.ts";
import { checkInput } from "../validation/validate.ts";

const SENT_PATH = "/forgot-password?sent=1";

interface ForgotState {
  error?: string;
  fields?: Record<string, string>;
  email?: string;
}

function forgotPage(req: Request, res: Response, status = 200, state: ForgotState = {}) {
  return renderPage(
    req,
    res,
    "auth/ForgotPassword",
    { ...state, sent: req.query.sent === "1" && !state.error },
    { title: "Forgot Password", description: "Get a link to choose a new password.", status },
  );
}

export const forgotPasswordPage = (req: Request, res: Response) => forgotPage(req, res);

async function answerError(req: Request, res: Response, status: number, message: string, fields: Record<string, string> | undefined, email: string) {
  if (wantsJson(req)) {
    res.status(status).json({ error: fields ? { message, fields } : { message } });
    return;
  }
  await forgotPage(req, res, status, { error: message, fields, email });
}

/** The address as typed, kept for the form when it is refused. */
const typedEmail = (req: Request) => (typeof req.body?.email === "string" ? req.body.email.slice(0, 254) : "");

/** A refused request (the origin or CSRF check, anything thrown on the way): the form again with the typed address. */
export const forgotPasswordRefused: FormRefusal = (req, res, { status, message, fields }) =>
  answerError(req, res, status, message, fields, typedEmail(req));

/** POST /forgot-password {email}: queues the reset e-mail when the account exists; answers the same either way. */
export async function forgotPasswordForm(req: Request, res: Response): Promise<void> {
  const email = typedEmail(req);
  const parsed = checkInput(forgotPasswordSchema, req.body);
  if (!parsed.ok) return answerError(req, res, 400, parsed.fields.email ?? "Enter your email address.", parsed.fields, email);
  try {
    await enforceLimit(req, LIMITS.resetPerIp, networkOf(ipOf(req)));
    await enforceLimit(req, LIMITS.resetPerAddress, normalizeEmail(parsed.data.email));
  } catch (err) {
    if (err instanceof HttpError) return answerError(req, res, err.status, err.message, undefined, email);
    throw err;
  }
  await requestPasswordReset(ctx(req), { email: parsed.data.email });
  if (wantsJson(req)) res.json({ redirect: SENT_PATH });
  else res.redirect(303, SENT_PATH);
}

/** The new-password rule for the account a reset link belongs to (staff need a longer one), applicants' when unknown. */
async function ruleFor(req: Request, owner: TokenOwner | undefined) {
  return passwordRule(owner && (await isStaff(ctx(req).db, owner.userId)) ? "staff" : "applicant");
}

/** The reset link this browser opened, still good (kept in its session, never in an address the page is shown at). */
async function heldLink(req: Request): Promise<TokenOwner | undefined> {
  const token = req.session.passwordReset;
  const owner = token ? await findLiveToken(ctx(req).db, token, "password_reset") : undefined;
  if (!owner) delete req.session.passwordReset;
  return owner;
}

const RESET_TITLE = "Choose a New Password";

/**
 * GET /reset-password?token=…: the link's token moves into this browser's session and the page is shown at the bare
 * address, so the token never reaches a referrer, the history or a log; the page keeps the site's referrer policy,
 * and its form post carries a real Origin. GET /reset-password: the form, or a clear message when no good link is held.
 */
export async function resetPasswordPage(req: Request, res: Response): Promise<void> {
  if (typeof req.query.token === "string") {
    const token = req.query.token.slice(0, 100);
    if (await findLiveToken(ctx(req).db, token, "password_reset")) req.session.passwordReset = token;
    else delete req.session.passwordReset;
    // The redirect still comes from the address with the token: it goes nowhere else, not even as our own referrer.
    res.set("Referrer-Policy", "no-referrer");
    return redirectAfterSave(req, res, "/reset-password");
  }
  const owner = await heldLink(req);
  await renderPage(
    req,
    res,
    "auth/ResetPassword",
    owner ? { email: owner.email, passwordRule: await ruleFor(req, owner) } : { invalid: INVALID_RESET_LINK },
    { title: RESET_TITLE, status: owner ? 200 : 410 },
  );
}

/** A refused new password (weak, the link used up, the origin or CSRF check): the form again with the message. */
export const resetPasswordRefused: FormRefusal = async (req, res, { status, message, fields }) => {
  if (wantsJson(req)) {
    res.status(status).json({ error: fields ? { message, fields } : { message } });
    return;
  }
  const owner = status === 410 ? undefined : await heldLink(req);
  const props = owner ? { email: owner.email, error: message, fields, passwordRule: await ruleFor(req, owner) } : { invalid: INVALID_RESET_LINK };
  // Without a good link there is no form to correct: a refused password answers as the spent link (410); a refusal of
  // the request itself (cross-site, no security token) keeps its own status.
  await renderPage(req, res, "auth/ResetPassword", props, { title: RESET_TITLE, status: owner || status !== 400 ? status : 410 });
};

/** POST /reset-password {password}: with the link this session holds, sets the password, ends every session of the account, signs the person in. */
export async function resetPasswordForm(req: Request, res: Response): Promise<void> {
  const fail = (status: number, message: string, fields?: Record<string, string>) => resetPasswordRefused(req, res, { status, message, fields });
  const token = req.session.passwordReset;
  if (!token) return fail(410, INVALID_RESET_LINK);
  const parsed = checkInput(resetPasswordSchema, req.body);
  if (!parsed.ok) return fail(400, Object.values(parsed.fields)[0] ?? "Check the form.", parsed.fields);
  const outcome = await resetPassword(ctx(req), guestActor(req), { token, password: parsed.data.password });
  if (!outcome.ok) {
    if (outcome.status === 410) delete req.session.passwordReset;
    return fail(outcome.status, outcome.message, outcome.fields);
  }
  delete req.session.passwordReset;
  const { owner, signInAgain } = outcome;
  if (!signInAgain)
    await logIn(req, res, { id: owner.userId, email: owner.email, fullName: owner.fullName, isAdmin: false, staffRole: null, twoFactor: false });
  const next = signInAgain ? "/signin" : "/dashboard";
  const flash = signInAgain
    ? { title: "Password changed", description: "Your new password is set and every device was signed out. Sign in with it." }
    : { title: "Password changed", description: "Your new password is set and you are signed in. Other devices were signed out." };
  if (wantsJson(req)) {
    res.json({ redirect: next });
    return;
  }
  redirectWithFlash(req, res, next, flash);
}
