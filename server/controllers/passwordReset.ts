// Forgot password → e-mailed single-use link → new password: the same answer whether or not the address has an account.
import type { Request, Response } from "express";
import { requestPasswordReset } from "../actions/account/requestPasswordReset.ts";
import { INVALID_RESET_LINK, resetPassword } from "../actions/account/resetPassword.ts";
import { ctx } from "../context.ts";
import { guestActor } from "../http/actions.ts";
import { ipOf, logIn } from "../http/signIn.ts";
import { HttpError } from "../middleware/errors.ts";
import { enforceLimit, LIMITS, networkOf } from "../middleware/rateLimit.ts";
import { redirectWithFlash } from "../middleware/session.ts";
import { findLiveToken, type TokenOwner } from "../models/accountTokens.ts";
import { isAdmin, normalizeEmail } from "../models/users.ts";
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

/** POST /forgot-password {email}: queues the reset e-mail when the account exists; answers the same either way. */
export async function forgotPasswordForm(req: Request, res: Response): Promise<void> {
  const email = typeof req.body?.email === "string" ? req.body.email.slice(0, 254) : "";
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
  return passwordRule(owner && (await isAdmin(ctx(req).db, owner.userId)) ? "staff" : "applicant");
}

/** GET /reset-password?token=…: the new-password form, or a clear message when the link is no longer good. */
export async function resetPasswordPage(req: Request, res: Response): Promise<void> {
  const token = typeof req.query.token === "string" ? req.query.token : "";
  const owner = token ? await findLiveToken(ctx(req).db, token, "password_reset") : undefined;
  // The token is in the address: never sent on to another site.
  res.set("Referrer-Policy", "no-referrer");
  await renderPage(
    req,
    res,
    "auth/ResetPassword",
    owner ? { token, email: owner.email, passwordRule: await ruleFor(req, owner) } : { invalid: INVALID_RESET_LINK },
    {
      title: "Choose a New Password",
      status: owner ? 200 : 410,
    },
  );
}

/** POST /reset-password {token, password}: sets the password, ends every session of the account, signs the person in. */
export async function resetPasswordForm(req: Request, res: Response): Promise<void> {
  const parsed = checkInput(resetPasswordSchema, req.body);
  const token = typeof req.body?.token === "string" ? req.body.token.slice(0, 100) : "";
  const fail = async (status: number, message: string, fields?: Record<string, string>) => {
    if (wantsJson(req)) {
      res.status(status).json({ error: fields ? { message, fields } : { message } });
      return;
    }
    const invalid =
      status === 410
        ? { invalid: INVALID_RESET_LINK }
        : { token, error: message, fields, passwordRule: await ruleFor(req, await findLiveToken(ctx(req).db, token, "password_reset")) };
    await renderPage(req, res, "auth/ResetPassword", invalid, { title: "Choose a New Password", status });
  };
  if (!parsed.ok) return fail(400, Object.values(parsed.fields)[0] ?? "Check the form.", parsed.fields);
  const outcome = await resetPassword(ctx(req), guestActor(req), parsed.data);
  if (!outcome.ok) return fail(outcome.status, outcome.message, outcome.fields);
  const { owner, signInAgain } = outcome;
  if (!signInAgain) await logIn(req, res, { id: owner.userId, email: owner.email, fullName: owner.fullName, isAdmin: false, twoFactor: false });
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
