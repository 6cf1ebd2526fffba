// Confirm your e-mail: the link from the sign-up message, and "Resend" from the dashboard banner.
import type { Request, Response } from "express";
import { ctx } from "../context.ts";
import { queueConfirmation } from "../mail/accountMessages.ts";
import { currentUser, requireUserId } from "../middleware/auth.ts";
import { HttpError } from "../middleware/errors.ts";
import { enforceLimit, LIMITS } from "../middleware/rateLimit.ts";
import { redirectWithFlash } from "../middleware/session.ts";
import { confirmEmail } from "../models/accountTokens.ts";

/** GET /confirm-email?token=…: confirms, then the dashboard (or sign-in) with a toast saying how it went. */
export async function confirmPage(req: Request, res: Response): Promise<void> {
  const token = typeof req.query.token === "string" ? req.query.token : "";
  const owner = token ? await confirmEmail(ctx(req).db, token) : undefined;
  res.set("Referrer-Policy", "no-referrer");
  redirectWithFlash(
    req,
    res,
    currentUser(res) ? "/dashboard" : "/signin",
    owner
      ? { title: "E-mail confirmed", description: `Thank you: we will write to ${owner.email}.` }
      : {
          title: "Link not valid",
          description: "This confirmation link has expired or was already used. Sign in and choose Resend.",
          variant: "destructive",
        },
  );
}

/** POST /api/account/confirmation: sends the confirmation message again. */
export async function resendApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const { db } = ctx(req);
  await enforceLimit(req, LIMITS.confirmResendPerAccount, userId);
  const user = await db("users").where({ id: userId }).first("id", "email", "full_name", "email_confirmed_at");
  if (!user) throw new HttpError(404, "Account not found");
  if (user.email_confirmed_at) {
    res.json({ confirmed: true, message: "Your e-mail is already confirmed." });
    return;
  }
  await db.transaction((trx) => queueConfirmation(ctx(req).outbox, trx, user));
  res.json({ confirmed: false, message: `We have sent a new confirmation link to ${user.email}.` });
}
