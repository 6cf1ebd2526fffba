// An adult family member's invitation link (/family/invitation?token=…): the token moves into the session at once (it
// never stays in an address) and is kept across signing in or creating an account. Signed in with the address the
// invitation went to, the person accepts it and completes their own part of the family application.
import type { Request, Response } from "express";
import type { FamilyInvitationProps } from "../../views/pages/auth/familyInvitationTypes.ts";
import { acceptFamilyInvitation, INVITATION_GONE, WRONG_ACCOUNT } from "../actions/family/memberSignIn.ts";
import { ctx } from "../context.ts";
import { orRefuse, signedInActor } from "../http/actions.ts";
import { currentUser } from "../middleware/auth.ts";
import type { FormRefusal } from "../middleware/errors.ts";
import { redirectAfterSave, redirectWithFlash } from "../middleware/session.ts";
import { findById } from "../models/applications.ts";
import { findWaitingByToken } from "../models/familyInvitations.ts";
import { findUserContact, normalizeEmail } from "../models/users.ts";
import { renderPage } from "../render/renderPage.ts";

const TITLE = "Your family application";

async function props(req: Request, res: Response, error?: string): Promise<FamilyInvitationProps> {
  const { db } = ctx(req);
  const token = req.session.familyInvite;
  const invitation = token ? await findWaitingByToken(db, token) : undefined;
  if (!invitation) {
    delete req.session.familyInvite;
    return { state: "gone", message: INVITATION_GONE };
  }
  const member = await findById(db, invitation.application_id);
  const lead = member?.group_lead_id ? await findById(db, member.group_lead_id) : undefined;
  const inviter = lead?.user_id ? await findUserContact(db, lead.user_id) : undefined;
  const about = {
    memberName: member?.full_name ?? "you",
    invitedBy: inviter?.full_name ?? "Your family's lead applicant",
    email: invitation.email,
  };
  const user = currentUser(res);
  if (!user) return { state: "sign-in", ...about, next: "/family/invitation" };
  if (normalizeEmail(user.email) !== normalizeEmail(invitation.email))
    return { state: "wrong-account", ...about, message: WRONG_ACCOUNT(invitation.email) };
  return { state: "accept", ...about, error: error ?? null };
}

/** GET /family/invitation?token=… → the token into the session; GET /family/invitation: who invited whom, and what to do next. */
export async function familyInvitationPage(req: Request, res: Response): Promise<void> {
  if (typeof req.query.token === "string") {
    const token = req.query.token.slice(0, 100);
    if (await findWaitingByToken(ctx(req).db, token)) req.session.familyInvite = token;
    else delete req.session.familyInvite;
    res.set("Referrer-Policy", "no-referrer");
    return redirectAfterSave(req, res, "/family/invitation");
  }
  const shown = await props(req, res);
  await renderPage(req, res, "auth/FamilyInvitation", shown, { title: TITLE, status: shown.state === "gone" ? 410 : 200 });
}

/** A refused acceptance (the link used up, another account, the origin or CSRF check): the page again, saying why. */
export const familyInvitationRefused: FormRefusal = async (req, res, { status, message }) => {
  const shown = await props(req, res, message);
  await renderPage(req, res, "auth/FamilyInvitation", shown, { title: TITLE, status: shown.state === "gone" ? 410 : status });
};

/** POST /family/invitation — accepted by the signed-in person: on to their own part */
export async function acceptFamilyInvitationForm(req: Request, res: Response): Promise<void> {
  const token = req.session.familyInvite ?? "";
  const { member } = orRefuse(await acceptFamilyInvitation(ctx(req), signedInActor(req, res), { token }));
  delete req.session.familyInvite;
  const url = member.status === "draft" ? `/visa-application/${member.id}` : `/application/${member.id}`;
  await redirectWithFlash(req, res, url, {
    title: "Invitation accepted",
    description:
      "This is your part of the family application: fill in your own details and documents. Your family's lead applicant submits the group.",
  });
}
