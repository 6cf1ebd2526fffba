// An operator takes the admin role away (admin:revoke): a credential event, so every link dies, every session ends
// and the calendar feed stops, and their coming consultations go to free colleagues (handOver.ts), with the audit
// entries, in one transaction; an account that was not staff is left as it is.
import { voidCredentials } from "../../models/accountTokens.ts";
import { clearFeedToken } from "../../models/staffAvailability.ts";
import { findUserByEmail, revokeRole, type UserRow } from "../../models/users.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { handOverConsultations } from "../consultations/handOver.ts";
import { noUser } from "./promoteToStaff.ts";

export async function revokeStaff(
  { db }: Pick<ActionContext, "db">,
  actor: Actor,
  input: { email: string; osUser: string | null },
): Promise<Outcome<{ user: UserRow; removed: boolean; handedOver: number; toReassign: number }>> {
  return db.transaction(async (trx) => {
    const user = await findUserByEmail(trx, input.email);
    if (!user) return refuse(404, noUser(input.email));
    const removed = (await revokeRole(trx, user.id)) > 0;
    if (!removed) return { ok: true, user, removed, handedOver: 0, toReassign: 0 };
    await voidCredentials(trx, user.id);
    await clearFeedToken(trx, user.id);
    await auditAs(trx, actor, { action: "role_revoked", subjectType: "account", subjectId: user.id, details: { osUser: input.osUser } });
    const consultations = await handOverConsultations(trx, actor, { leaverId: user.id, now: new Date() });
    return { ok: true, user, removed, ...consultations };
  });
}
