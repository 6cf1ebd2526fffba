// Invitations of an adult family member to their own sign-in (family_invitations), and the sign-in they give
// (visa_applications.member_user_id). A token is made when the invitation's e-mail is sent; only its SHA-256 is kept,
// and a new one replaces the one before (a resent e-mail's link is the one that works).
import { createHash, randomBytes } from "node:crypto";
import type { Knex } from "knex";
import { isUuid } from "./ids.ts";

/** How long an invitation's link works. */
export const FAMILY_INVITATION_DAYS = 14;

export interface FamilyInvitationRow {
  id: string;
  application_id: string;
  email: string;
  invited_by: string | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: string | null;
  revoked_at: Date | null;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** A new invitation for the member's application, the waiting one before it revoked (one transaction, the caller's). */
export async function replaceInvitation(
  trx: Knex.Transaction,
  input: { applicationId: string; email: string; invitedBy: string },
): Promise<FamilyInvitationRow> {
  await revokeWaiting(trx, input.applicationId);
  const [row] = await trx<FamilyInvitationRow>("family_invitations")
    .insert({
      application_id: input.applicationId,
      email: input.email,
      invited_by: input.invitedBy,
      expires_at: new Date(Date.now() + FAMILY_INVITATION_DAYS * 24 * 60 * 60_000),
    })
    .returning("*");
  return row as FamilyInvitationRow;
}

/** Revokes the member's waiting invitation, if any: its link stops working. */
export async function revokeWaiting(db: Knex, applicationId: string): Promise<number> {
  return db("family_invitations")
    .where({ application_id: applicationId })
    .whereNull("accepted_at")
    .whereNull("revoked_at")
    .update({ revoked_at: db.fn.now() });
}

/** The invitation waiting for each of these applications (not accepted, revoked or expired). */
export async function waitingInvitations(db: Knex, applicationIds: string[]): Promise<Map<string, FamilyInvitationRow>> {
  if (!applicationIds.length) return new Map();
  const rows = await db<FamilyInvitationRow>("family_invitations")
    .whereIn("application_id", applicationIds)
    .whereNull("accepted_at")
    .whereNull("revoked_at")
    .where("expires_at", ">", db.fn.now());
  return new Map(rows.map((r) => [r.application_id, r]));
}

/**
 * When the invitation's e-mail is sent: a new token for it, still waiting (else undefined: accepted, revoked or expired
 * meanwhile, and the e-mail is not sent). The token itself is never stored.
 */
export async function issueInvitationToken(db: Knex, invitationId: string): Promise<string | undefined> {
  if (!isUuid(invitationId)) return undefined;
  const token = randomBytes(32).toString("base64url");
  const updated = await db("family_invitations")
    .where({ id: invitationId })
    .whereNull("accepted_at")
    .whereNull("revoked_at")
    .where("expires_at", ">", db.fn.now())
    .update({ token_hash: sha256(token) });
  return updated ? token : undefined;
}

/** The waiting invitation a link's token is for; `lock` takes it for update, so one link is accepted once. */
export async function findWaitingByToken(db: Knex, token: unknown, lock = false): Promise<FamilyInvitationRow | undefined> {
  if (typeof token !== "string" || token.length < 20 || token.length > 100) return undefined;
  const query = db("family_invitations")
    .where({ token_hash: sha256(token) })
    .whereNull("accepted_at")
    .whereNull("revoked_at")
    .where("expires_at", ">", db.fn.now());
  const row = await (lock ? query.forUpdate().first("*") : query.first("*"));
  return row as FamilyInvitationRow | undefined;
}

/** The invitation accepted by `userId`, who becomes the member's own sign-in to that one application. */
export async function acceptInvitation(trx: Knex.Transaction, invitation: FamilyInvitationRow, userId: string): Promise<void> {
  await trx("family_invitations").where({ id: invitation.id }).update({ accepted_at: trx.fn.now(), accepted_by: userId, token_hash: null });
  await trx("visa_applications").where({ id: invitation.application_id }).update({ member_user_id: userId, updated_at: trx.fn.now() });
}

/** The member's own sign-in removed (and any waiting invitation): the application is the lead's account's alone again. */
export async function removeMemberSignIn(trx: Knex.Transaction, applicationId: string): Promise<void> {
  await revokeWaiting(trx, applicationId);
  await trx("visa_applications").where({ id: applicationId }).update({ member_user_id: null, updated_at: trx.fn.now() });
}
