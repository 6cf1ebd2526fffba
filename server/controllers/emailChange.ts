// Changing the account's e-mail: asked for with the current password, confirmed from the new address, the old one told.
import type { Request, Response } from "express";
import { verifyPassword } from "../auth/passwords.ts";
import { ctx } from "../context.ts";
import { ipOf } from "../http/signIn.ts";
import { audit } from "../middleware/audit.ts";
import { currentUser, requireUserId } from "../middleware/auth.ts";
import { HttpError } from "../middleware/errors.ts";
import { clearLimit, enforceLimit, LIMITS, signInAccountKey } from "../middleware/rateLimit.ts";
import { redirectWithFlash } from "../middleware/session.ts";
import { changeEmail } from "../models/accountTokens.ts";
import { findUserByEmail, normalizeEmail } from "../models/users.ts";
import { changeEmailSchema } from "../validation/auth.ts";
import { invalidInput, parseInput } from "../validation/validate.ts";

/** POST /api/account/email: checks the password (throttled like sign-in), then e-mails the new and the old address. */
export async function requestChangeApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const input = parseInput(changeEmailSchema, req.body, "Please check the form.");
  const { db } = ctx(req);
  const user = await db("users").where({ id: userId }).first("id", "email", "full_name", "password_hash");
  if (!user) throw new HttpError(404, "Account not found");
  // Password guesses from a stolen session count against the same throttle as sign-in.
  const throttle = signInAccountKey(normalizeEmail(user.email), ipOf(req));
  await enforceLimit(req, LIMITS.emailChangePerAccount, userId);
  await enforceLimit(req, LIMITS.signInPerAccount, throttle);
  if (!(await verifyPassword(user.password_hash, input.password))) throw invalidInput({ password: "Password is incorrect" }, "Password is incorrect");
  await clearLimit(req, LIMITS.signInPerAccount, throttle);
  const newEmail = input.email;
  if (normalizeEmail(newEmail) === normalizeEmail(user.email))
    throw invalidInput({ email: "This is already your e-mail address" }, "This is already your e-mail address");
  // Whether the address has an account is not told: its owner is mailed instead of a confirmation link.
  const taken = await findUserByEmail(db, newEmail);
  await db.transaction(async (trx) => {
    const data = { name: user.full_name, newEmail };
    const sent = taken
      ? await ctx(req).outbox.queue(trx, { kind: "email_change_taken", to: taken.email, userId: taken.id, data: { name: taken.full_name } })
      : await ctx(req).outbox.queue(trx, { kind: "email_change_confirm", to: newEmail, userId, data });
    // Without e-mail the change could never be confirmed: say so instead of promising a link.
    if (!sent) throw new HttpError(503, "We cannot send e-mail right now, so your address cannot be changed. Please try again later.");
    await ctx(req).outbox.queue(trx, { kind: "email_change_notice", to: user.email, userId, data });
  });
  res.json({ message: `We have sent a link to ${newEmail}. Your e-mail address changes when you follow it (within 24 hours).` });
}

/** GET /confirm-email-change?token=…: the link sent to the new address; changes it and says how it went. */
export async function confirmChangePage(req: Request, res: Response): Promise<void> {
  const token = typeof req.query.token === "string" ? req.query.token : "";
  const signedIn = currentUser(res);
  const current = signedIn ? { sid: req.sessionID, userId: signedIn.id } : undefined;
  const result = token ? await changeEmail(ctx(req).db, token, current) : ({ invalid: true } as const);
  res.set("Referrer-Policy", "no-referrer");
  if ("changed" in result) {
    const next = signedIn?.id === result.changed.userId ? "/account" : "/signin";
    const owner = result.changed;
    await audit(req, { action: "email_changed", actorId: owner.userId, subjectType: "account", subjectId: owner.userId });
    return redirectWithFlash(req, res, next, { title: "E-mail changed", description: `We will write to ${owner.newEmail} from now on.` });
  }
  redirectWithFlash(req, res, signedIn ? "/account" : "/signin", {
    title: "Link not valid",
    description:
      "taken" in result
        ? "Another account uses this e-mail address now, so yours was not changed."
        : "This link has expired or was already used. Ask for the change again on your account page.",
    variant: "destructive",
  });
}
