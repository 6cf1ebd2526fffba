// An invited person's link: choose a password (staff's rule), then turn two-factor sign-in on, the next step. The
// link's token moves into the session at once, as a reset link's does, so it never stays in an address.
import type { Request, Response } from "express";
import { acceptInvitation, INVALID_INVITATION } from "../actions/staff/acceptInvitation.ts";
import { ctx } from "../context.ts";
import { guestActor } from "../http/actions.ts";
import { logIn } from "../http/signIn.ts";
import type { FormRefusal } from "../middleware/errors.ts";
import { redirectAfterSave, redirectWithFlash } from "../middleware/session.ts";
import { findLiveToken, type TokenOwner } from "../models/accountTokens.ts";
import { findSessionUser } from "../models/users.ts";
import { renderPage, wantsJson } from "../render/renderPage.ts";
import { passwordRule, resetPasswordSchema } from "../validation/auth.ts";
import { checkInput } from "../validation/validate.ts";

const TITLE = "Welcome to the Team";

async function heldInvitation(req: Request): Promise<TokenOwner | undefined> {
  const token = req.session.staffInvite;
  const owner = token ? await findLiveToken(ctx(req).db, token, "staff_invite") : undefined;
  if (!owner) delete req.session.staffInvite;
  return owner;
}

/** GET /staff/invitation?token=… → the token into the session; GET /staff/invitation: the form, or why not. */
export async function invitationPage(req: Request, res: Response): Promise<void> {
  if (typeof req.query.token === "string") {
    const token = req.query.token.slice(0, 100);
    if (await findLiveToken(ctx(req).db, token, "staff_invite")) req.session.staffInvite = token;
    else delete req.session.staffInvite;
    res.set("Referrer-Policy", "no-referrer");
    return redirectAfterSave(req, res, "/staff/invitation");
  }
  const owner = await heldInvitation(req);
  const props = owner ? { name: owner.fullName, email: owner.email, passwordRule: passwordRule("staff") } : { invalid: INVALID_INVITATION };
  await renderPage(req, res, "auth/StaffInvitation", props, { title: TITLE, status: owner ? 200 : 410 });
}

/** A refused password (weak, the link used up, the origin or CSRF check): the form again with the message. */
export const invitationRefused: FormRefusal = async (req, res, { status, message, fields }) => {
  if (wantsJson(req)) {
    res.status(status).json({ error: fields ? { message, fields } : { message } });
    return;
  }
  const owner = status === 410 ? undefined : await heldInvitation(req);
  const props = owner
    ? { name: owner.fullName, email: owner.email, error: message, fields, passwordRule: passwordRule("staff") }
    : { invalid: INVALID_INVITATION };
  await renderPage(req, res, "auth/StaffInvitation", props, { title: TITLE, status: owner || status !== 400 ? status : 410 });
};

/** POST /staff/invitation {password}: the password set, signed in, and on to turning two-factor sign-in on. */
export async function invitationForm(req: Request, res: Response): Promise<void> {
  const fail = (status: number, message: string, fields?: Record<string, string>) => invitationRefused(req, res, { status, message, fields });
  const token = req.session.staffInvite;
  if (!token) return fail(410, INVALID_INVITATION);
  const parsed = checkInput(resetPasswordSchema, req.body);
  if (!parsed.ok) return fail(400, Object.values(parsed.fields)[0] ?? "Check the form.", parsed.fields);
  const outcome = await acceptInvitation(ctx(req), guestActor(req), { token, password: parsed.data.password });
  if (!outcome.ok) {
    if (outcome.status === 410) delete req.session.staffInvite;
    return fail(outcome.status, outcome.message, outcome.fields);
  }
  delete req.session.staffInvite;
  const user = await findSessionUser(ctx(req).db, outcome.owner.userId);
  if (!user) return fail(410, INVALID_INVITATION);
  await logIn(req, res, user);
  // After logIn (which starts a new session): the set-up link the two-factor page asks for.
  req.session.staffEnrol = outcome.enrolToken;
  const flash = { title: "Password set", description: "One more step: turn on two-factor sign-in to open the admin panel." };
  if (wantsJson(req)) {
    res.json({ redirect: "/account/two-factor", flash });
    return;
  }
  redirectWithFlash(req, res, "/account/two-factor", flash);
}
