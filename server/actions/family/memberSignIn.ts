// An adult family member's own sign-in. The lead applicant (the account the group is on) invites the member by e-mail;
// whoever follows the link signed in with that address becomes a second way in to that one application: its steps,
// documents and messages (findForPerson), never the group's page, another member's application, the bill or the
// submission, which stay the lead's. The lead may take the sign-in away again. A child's part is the parent's.
import { lagosToday } from "../../domain/calendar.ts";
import { isAdultOn } from "../../domain/family.ts";
import { type ApplicationRow, findById, lockApplicant } from "../../models/applications.ts";
import {
  acceptInvitation,
  FAMILY_INVITATION_DAYS,
  type FamilyInvitationRow,
  findWaitingByToken,
  removeMemberSignIn,
  replaceInvitation,
} from "../../models/familyInvitations.ts";
import { findUserContact, normalizeEmail } from "../../models/users.ts";
import { invitationSchema } from "../../validation/familyInvitation.ts";
import { checkInput } from "../../validation/validate.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { LOAD_FAILED } from "../applications/refusals.ts";

export const NOT_ADULT = "Only a member aged 18 or over gets a sign-in of their own: a child's part is completed on your account.";
export const ALREADY_SIGNED_IN = (name: string) => `${name} already has their own sign-in. Remove it first to invite another address.`;
export const OWN_ADDRESS = "That is your own address: invite the member at theirs.";
export const MEMBER_CLOSED = "This member's application was refused or withdrawn: there is nothing left for them to complete.";
export const INVITATION_GONE = "This invitation has expired, was withdrawn or has already been used. Ask the person who invited you for a new one.";
export const WRONG_ACCOUNT = (email: string) =>
  `This invitation was sent to ${email}. Sign in with that address (or create an account with it) to accept it.`;
export const OWNER_CANNOT_JOIN = "This application is already on your account.";

/** A member of the lead's own group, on the actor's account (the lead's), under the account's lock; else a 404. */
async function ownMember(trx: Parameters<typeof lockApplicant>[0], userId: string, leadId: string, memberId: string) {
  await lockApplicant(trx, userId);
  const member = await findById(trx, memberId);
  if (!member || member.user_id !== userId || member.group_lead_id !== leadId) return refuse(404, LOAD_FAILED);
  return member;
}

export async function inviteMember(
  { db, outbox }: ActionContext,
  actor: Actor & { userId: string },
  input: { leadId: string; memberId: string; fields: Record<string, unknown> },
): Promise<Outcome<{ member: ApplicationRow; invitation: FamilyInvitationRow }>> {
  const parsed = checkInput(invitationSchema, input.fields);
  return db.transaction(async (trx) => {
    const member = await ownMember(trx, actor.userId, input.leadId, input.memberId);
    if ("ok" in member) return member;
    if (!parsed.ok) return refuse(400, Object.values(parsed.fields)[0] ?? "Check the address.", parsed.fields);
    const name = member.full_name ?? member.reference_number;
    if (member.status === "rejected" || member.anonymised_at) return refuse(409, MEMBER_CLOSED);
    if (!isAdultOn(member.date_of_birth, lagosToday())) return refuse(409, NOT_ADULT);
    if (member.member_user_id) return refuse(409, ALREADY_SIGNED_IN(name));
    const lead = await findUserContact(trx, actor.userId);
    if (lead && normalizeEmail(lead.email) === parsed.data.email) return refuse(400, OWN_ADDRESS, { email: OWN_ADDRESS });
    const invitation = await replaceInvitation(trx, { applicationId: member.id, email: parsed.data.email, invitedBy: actor.userId });
    await outbox.queue(trx, {
      kind: "family_invitation",
      to: parsed.data.email,
      applicationId: member.id,
      data: {
        name,
        invitedBy: lead?.full_name ?? "Your family's lead applicant",
        reference: member.reference_number,
        invitationId: invitation.id,
        days: FAMILY_INVITATION_DAYS,
      },
    });
    await auditAs(trx, actor, {
      action: "family_member_invited",
      subjectType: "application",
      subjectId: member.id,
      details: { leadId: input.leadId, invitation: invitation.id },
    });
    return { ok: true, member, invitation };
  });
}

/** The invited person, signed in with the address the invitation went to, accepts it. */
export async function acceptFamilyInvitation(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: { token: string },
): Promise<Outcome<{ member: ApplicationRow }>> {
  return db.transaction(async (trx) => {
    const invitation = await findWaitingByToken(trx, input.token, true);
    if (!invitation) return refuse(410, INVITATION_GONE);
    const member = await findById(trx, invitation.application_id);
    if (!member?.group_lead_id || member.status === "rejected" || member.anonymised_at) return refuse(410, INVITATION_GONE);
    const me = await findUserContact(trx, actor.userId);
    if (!me || normalizeEmail(me.email) !== normalizeEmail(invitation.email)) return refuse(403, WRONG_ACCOUNT(invitation.email));
    if (member.user_id === actor.userId) return refuse(409, OWNER_CANNOT_JOIN);
    if (member.member_user_id && member.member_user_id !== actor.userId) return refuse(410, INVITATION_GONE);
    await acceptInvitation(trx, invitation, actor.userId);
    await auditAs(trx, actor, {
      action: "family_invitation_accepted",
      subjectType: "application",
      subjectId: member.id,
      details: { invitation: invitation.id },
    });
    return { ok: true, member: { ...member, member_user_id: actor.userId } };
  });
}

/** The lead takes a member's own sign-in away (or withdraws the invitation waiting): the part is theirs alone again. */
export async function removeMemberAccess(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: { leadId: string; memberId: string },
): Promise<Outcome<{ member: ApplicationRow }>> {
  return db.transaction(async (trx) => {
    const member = await ownMember(trx, actor.userId, input.leadId, input.memberId);
    if ("ok" in member) return member;
    await removeMemberSignIn(trx, member.id);
    await auditAs(trx, actor, {
      action: "family_member_sign_in_removed",
      subjectType: "application",
      subjectId: member.id,
      details: { leadId: input.leadId, had: member.member_user_id ? "sign-in" : "invitation" },
    });
    return { ok: true, member: { ...member, member_user_id: null } };
  });
}
