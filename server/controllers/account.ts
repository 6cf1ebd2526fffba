// The account page (/account): profile, e-mail, password, two-factor and the devices signed in.
import type { Request, Response } from "express";
import { passwordProblem } from "../auth/passwordStrength.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import { ctx } from "../context.ts";
import { ipOf } from "../http/signIn.ts";
import { audit } from "../middleware/audit.ts";
import { requireUserId } from "../middleware/auth.ts";
import { HttpError } from "../middleware/errors.ts";
import { clearLimit, enforceLimit, LIMITS, signInAccountKey } from "../middleware/rateLimit.ts";
import { listSessions } from "../models/accountSessions.ts";
import { voidCredentials } from "../models/accountTokens.ts";
import { endSessions, findSessionUser, normalizeEmail, setPasswordHash } from "../models/users.ts";
import { renderPage } from "../render/renderPage.ts";
import { passwordChangeSchema, profileSchema } from "../validation/account.ts";
import { invalidInput, parseInput } from "../validation/validate.ts";

/** GET /account */
export async function accountPage(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const { db, config } = ctx(req);
  const row = await db("users").where({ id: userId }).first("full_name", "email", "phone", "email_confirmed_at", "totp_enabled_at");
  if (!row) throw new HttpError(404, "Account not found");
  const user = await findSessionUser(db, userId);
  await renderPage(
    req,
    res,
    "portal/Account",
    {
      profile: { fullName: row.full_name, phone: row.phone ?? "", email: row.email, emailConfirmed: Boolean(row.email_confirmed_at) },
      twoFactor: Boolean(row.totp_enabled_at),
      staff: Boolean(user?.isAdmin),
      sessions: await listSessions(db, userId, req.sessionID, config.session.idleMs),
    },
    { title: "My Account" },
  );
}

/** POST /api/account/profile {fullName, phone} */
export async function profileApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const input = parseInput(profileSchema, req.body, "Please check the form.");
  await ctx(req)
    .db("users")
    .where({ id: userId })
    .update({ full_name: input.fullName, phone: input.phone, updated_at: ctx(req).db.fn.now() });
  res.json({ profile: { fullName: input.fullName, phone: input.phone ?? "" } });
}

/**
 * POST /api/account/password {currentPassword, newPassword}: the current password (throttled like sign-in), the
 * sign-up rule (staff's where staff), then every other session of the account ends.
 */
export async function passwordApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const input = parseInput(passwordChangeSchema, req.body, "Please check the form.");
  const { db } = ctx(req);
  const row = await db("users").where({ id: userId }).first("email", "full_name", "password_hash");
  const user = await findSessionUser(db, userId);
  if (!row || !user) throw new HttpError(404, "Account not found");
  const throttle = signInAccountKey(normalizeEmail(row.email), ipOf(req));
  await enforceLimit(req, LIMITS.signInPerAccount, throttle);
  if (!(await verifyPassword(row.password_hash, input.currentPassword)))
    throw invalidInput({ currentPassword: "Password is incorrect" }, "Password is incorrect");
  await clearLimit(req, LIMITS.signInPerAccount, throttle);
  const weak = passwordProblem(input.newPassword, [row.email, row.full_name], user.isAdmin ? "staff" : "applicant");
  if (weak) throw invalidInput({ newPassword: weak }, weak);
  const hash = await hashPassword(input.newPassword);
  const ended = await db.transaction(async (trx) => {
    await setPasswordHash(trx, userId, hash);
    return voidCredentials(trx, userId, req.sessionID);
  });
  await audit(req, { action: "password_changed", subjectType: "account", subjectId: userId, details: { otherSessionsEnded: ended } });
  res.json({
    message: ended ? `Your password is changed and ${ended} other device${ended === 1 ? " was" : "s were"} signed out.` : "Your password is changed.",
  });
}

/** POST /api/account/sessions/others: signs every other device out. */
export async function signOutOthersApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const ended = await endSessions(ctx(req).db, userId, req.sessionID);
  await audit(req, { action: "sessions_ended", subjectType: "account", subjectId: userId, details: { ended } });
  res.json({ message: ended ? `${ended} other device${ended === 1 ? " was" : "s were"} signed out.` : "No other device was signed in." });
}
