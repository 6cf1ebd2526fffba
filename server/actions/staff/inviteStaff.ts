// A manager invites a person to the staff by e-mail: the account (no usable password yet), its role, the invitation
// e-mail (its one-time 24-hour link is made when it is sent) and the audit entry, in one transaction.
import { randomBytes } from "node:crypto";
import { hashPassword } from "../../auth/passwords.ts";
import { ROLE_LABELS, type StaffRole } from "../../domain/staff.ts";
import { createUserUnlessTaken, findUserContact, grantRole, markInvited } from "../../models/users.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";

export interface InviteStaff {
  email: string;
  fullName: string;
  role: StaffRole;
}

export const addressTaken = (email: string) =>
  `${email} already has an account. Ask ops to make it staff (admin:create --promote), or invite another address.`;

export async function inviteStaff(
  { db, outbox, config }: ActionContext,
  actor: Actor & { userId: string },
  input: InviteStaff,
): Promise<Outcome<{ userId: string }>> {
  // Nobody knows this password: the person chooses theirs from the link.
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  return db.transaction(async (trx) => {
    const user = await createUserUnlessTaken(trx, { email: input.email, fullName: input.fullName, passwordHash });
    if (!user) return refuse(409, addressTaken(input.email), { email: addressTaken(input.email) });
    await grantRole(trx, user.id, input.role);
    await markInvited(trx, user.id);
    const manager = await findUserContact(trx, actor.userId);
    await outbox.queue(trx, {
      kind: "staff_invitation",
      to: user.email,
      userId: user.id,
      data: {
        name: user.full_name,
        role: ROLE_LABELS[input.role].toLowerCase(),
        invitedBy: manager?.full_name ?? "A manager",
        site: config.site.name,
      },
    });
    await auditAs(trx, actor, { action: "staff_invited", subjectType: "account", subjectId: user.id, details: { role: input.role } });
    return { ok: true, userId: user.id };
  });
}
