// Changing the account's e-mail: asked for with the current password, confirmed from the new address, the old one told.
import type { Request, Response } from "express";
import { confirmEmailChange } from "../actions/account/confirmEmailChange.ts";
import { requestEmailChange } from "../actions/account/requestEmailChange.ts";
import { ctx } from "../context.ts";
import { guestActor, orRefuse, signedInActor } from "../http/actions.ts";
import { checkCurrentPassword } from "../http/currentPassword.ts";
import { currentUser } from "../middleware/auth.ts";
import { HttpError } from "../middleware/errors.ts";
import { enforceLimit, LIMITS } from "../middleware/rateLimit.ts";
import { redirectWithFlash } from "../middleware/session.ts";
import { findUserById } from "../models/users.ts";
import { changeEmailSchema } from "../validation/auth.ts";
import { parseInput } from "../validation/validate.ts";

/** POST /api/account/email: checks the password (throttled like sign-in), then e-mails the new and the old address. */
export async function requestChangeApi(req: Request, res: Response): Promise<void> {
  const actor = signedInActor(req, res);
  const input = parseInput(changeEmailSchema, req.body, "Please check the form.");
  const user = await findUserById(ctx(req).db, actor.userId);
  if (!user) throw new HttpError(404, "Account not found");
  await enforceLimit(req, LIMITS.emailChangePerAccount, actor.userId);
  await checkCurrentPassword(req, user, input.password);
  orRefuse(await requestEmailChange(ctx(req), actor, { user, newEmail: input.email }));
  res.json({ message: `We have sent a link to ${input.email}. Your e-mail address changes when you follow it (within 24 hours).` });
}

/** GET /confirm-email-change?token=…: the link sent to the new address; changes it and says how it went. */
export async function confirmChangePage(req: Request, res: Response): Promise<void> {
  const token = typeof req.query.token === "string" ? req.query.token : "";
  const signedIn = currentUser(res);
  const current = signedIn ? { sid: req.sessionID, userId: signedIn.id } : undefined;
  const outcome = await confirmEmailChange(ctx(req), guestActor(req), { token, current });
  res.set("Referrer-Policy", "no-referrer");
  if (outcome.ok) {
    const next = signedIn?.id === outcome.userId ? "/account" : "/signin";
    return redirectWithFlash(req, res, next, { title: "E-mail changed", description: `We will write to ${outcome.newEmail} from now on.` });
  }
  redirectWithFlash(req, res, signedIn ? "/account" : "/signin", { title: "Link not valid", description: outcome.message, variant: "destructive" });
}
