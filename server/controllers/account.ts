// The account page (/account): profile, e-mail, password, two-factor and the devices signed in.
import type { Request, Response } from "express";
import { changePassword, WRONG_PASSWORD } from "../actions/account/changePassword.ts";
import { saveChannels } from "../actions/account/saveChannels.ts";
import { signOutOtherDevices } from "../actions/account/signOutOtherDevices.ts";
import { updateProfile } from "../actions/account/updateProfile.ts";
import { ctx } from "../context.ts";
import { orRefuse, signedInActor } from "../http/actions.ts";
import { ipOf } from "../http/signIn.ts";
import { requireUserId } from "../middleware/auth.ts";
import { HttpError } from "../middleware/errors.ts";
import { clearLimit, enforceLimit, LIMITS, signInAccountKey } from "../middleware/rateLimit.ts";
import { listSessions } from "../models/accountSessions.ts";
import { findAccountProfile, findSessionUser, normalizeEmail } from "../models/users.ts";
import { channelChoices } from "../presenters/channels.ts";
import { renderPage } from "../render/renderPage.ts";
import { channelsSchema, passwordChangeSchema, profileSchema } from "../validation/account.ts";
import { passwordRule } from "../validation/auth.ts";
import { parseInput } from "../validation/validate.ts";

/** GET /account */
export async function accountPage(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const { db, config } = ctx(req);
  const row = await findAccountProfile(db, userId);
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
      passwordRule: passwordRule(user?.isAdmin ? "staff" : "applicant"),
      sessions: await listSessions(db, userId, req.sessionID, config.session.idleMs),
      channels: await channelChoices(db, config.site.name, userId, row.phone),
    },
    { title: "My Account" },
  );
}

/** POST /api/account/profile {fullName, phone} */
export async function profileApi(req: Request, res: Response): Promise<void> {
  const input = parseInput(profileSchema, req.body, "Please check the form.");
  const { profile } = orRefuse(await updateProfile(ctx(req), signedInActor(req, res), input));
  res.json({ profile: { fullName: profile.fullName, phone: profile.phone ?? "" } });
}

/** POST /api/account/channels {channelPhone, whatsapp?: "yes", sms?: "yes"}: refused input changes nothing. */
export async function channelsApi(req: Request, res: Response): Promise<void> {
  const input = parseInput(channelsSchema, req.body, "Please check the form.");
  const { changed } = orRefuse(await saveChannels(ctx(req), signedInActor(req, res), input));
  res.json({ changed });
}

/**
 * POST /api/account/password {currentPassword, newPassword}: the current password (throttled like sign-in), the
 * sign-up rule (staff's where staff), then every other session of the account ends.
 */
export async function passwordApi(req: Request, res: Response): Promise<void> {
  const actor = signedInActor(req, res);
  const input = parseInput(passwordChangeSchema, req.body, "Please check the form.");
  const user = await findSessionUser(ctx(req).db, actor.userId);
  if (!user) throw new HttpError(404, "Account not found");
  const throttle = signInAccountKey(normalizeEmail(user.email), ipOf(req));
  await enforceLimit(req, LIMITS.signInPerAccount, throttle);
  const outcome = await changePassword(ctx(req), actor, { ...input, sessionId: req.sessionID });
  // The right current password clears the count, as a sign-in does, even when the new one is refused.
  if (outcome.ok || outcome.message !== WRONG_PASSWORD) await clearLimit(req, LIMITS.signInPerAccount, throttle);
  const ended = orRefuse(outcome).otherSessionsEnded;
  res.json({
    message: ended ? `Your password is changed and ${ended} other device${ended === 1 ? " was" : "s were"} signed out.` : "Your password is changed.",
  });
}

/** POST /api/account/sessions/others: signs every other device out. */
export async function signOutOthersApi(req: Request, res: Response): Promise<void> {
  const { ended } = orRefuse(await signOutOtherDevices(ctx(req), signedInActor(req, res), { sessionId: req.sessionID }));
  res.json({ message: ended ? `${ended} other device${ended === 1 ? " was" : "s were"} signed out.` : "No other device was signed in." });
}
