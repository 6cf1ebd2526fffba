// An invited person follows the invitation's link and chooses a password (staff's rule): the password, the address
// confirmed (the link reached it), the link used up, the audit entry and the one-time link from which they turn
// two-factor sign-in on next, in one transaction.
import { passwordProblem } from "../../auth/passwordStrength.ts";
import { hashPassword } from "../../auth/passwords.ts";
import { findLiveToken, issueToken, spendTokens, type TokenOwner } from "../../models/accountTokens.ts";
import { acceptedInvitation, setPasswordHash } from "../../models/users.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";

export const INVALID_INVITATION = "This invitation has expired or has already been used. Ask your manager for a new one.";

export async function acceptInvitation(
  { db }: ActionContext,
  actor: Actor,
  input: { token: string; password: string },
): Promise<Outcome<{ owner: TokenOwner; enrolToken: string }>> {
  const holder = await findLiveToken(db, input.token, "staff_invite");
  if (!holder) return refuse(410, INVALID_INVITATION);
  const weak = passwordProblem(input.password, [holder.email, holder.fullName], "staff");
  if (weak) return refuse(400, weak, { password: weak });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (trx) => {
    const owner = await findLiveToken(trx, input.token, "staff_invite", true);
    if (!owner) return refuse(410, INVALID_INVITATION);
    await setPasswordHash(trx, owner.userId, passwordHash);
    await acceptedInvitation(trx, owner.userId);
    await spendTokens(trx, owner.userId, "staff_invite");
    const enrolToken = await issueToken(trx, owner.userId, "staff_enrol");
    if (!enrolToken) return refuse(410, INVALID_INVITATION);
    await auditAs(trx, { ...actor, userId: owner.userId }, { action: "invitation_accepted", subjectType: "account", subjectId: owner.userId });
    return { ok: true, owner, enrolToken };
  });
}
