// Confirm your e-mail: the link from the sign-up message, and "Resend" from the dashboard banner.
import type { Request, Response } from "express";
import { confirmEmail } from "../actions/account/confirmEmail.ts";
import { resendConfirmation } from "../actions/account/resendConfirmation.ts";
import { ctx } from "../context.ts";
import { orRefuse, signedInActor } from "../http/actions.ts";
import { currentUser } from "../middleware/auth.ts";
import { enforceLimit, LIMITS } from "../middleware/rateLimit.ts";
import { redirectWithFlash } from "../middleware/session.ts";

/** GET /confirm-email?token=…: confirms, then the dashboard (or sign-in) with a toast saying how it went. */
export async function confirmPage(req: Request, res: Response): Promise<void> {
  const token = typeof req.query.token === "string" ? req.query.token : "";
  const outcome = await confirmEmail(ctx(req), { token });
  res.set("Referrer-Policy", "no-referrer");
  redirectWithFlash(
    req,
    res,
    currentUser(res) ? "/dashboard" : "/signin",
    outcome.ok
      ? { title: "E-mail confirmed", description: `Thank you: we will write to ${outcome.email}.` }
      : { title: "Link not valid", description: outcome.message, variant: "destructive" },
  );
}

/** POST /api/account/confirmation: sends the confirmation message again. */
export async function resendApi(req: Request, res: Response): Promise<void> {
  const actor = signedInActor(req, res);
  await enforceLimit(req, LIMITS.confirmResendPerAccount, actor.userId);
  const { confirmed, email } = orRefuse(await resendConfirmation(ctx(req), actor));
  res.json(
    confirmed
      ? { confirmed: true, message: "Your e-mail is already confirmed." }
      : { confirmed: false, message: `We have sent a new confirmation link to ${email}.` },
  );
}
