// A manager deactivates a staff member who leaves: the account can no longer sign in (its sessions and links end, its
// calendar feed stops), keeps its history (notes, status changes, the trail), and the round-robin passes it by; their
// open cases go back to Unassigned and their coming consultations to free colleagues (handOver.ts). One transaction
// with the audit entries. A manager cannot deactivate themselves.
import { voidCredentials } from "../../models/accountTokens.ts";
import { releaseCases } from "../../models/assignments.ts";
import { clearFeedToken } from "../../models/staffAvailability.ts";
import { deactivateUser, roleOf } from "../../models/users.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { handOverConsultations } from "../consultations/handOver.ts";
import { STAFF_NOT_FOUND } from "./changeRole.ts";

export async function deactivateStaff(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: { userId: string },
): Promise<Outcome<{ released: number; handedOver: number; toReassign: number }>> {
  return db.transaction(async (trx) => {
    if (!(await roleOf(trx, input.userId))) return refuse(404, STAFF_NOT_FOUND);
    if (input.userId === actor.userId) return refuse(409, "You cannot deactivate your own account: ask another manager.");
    if (!(await deactivateUser(trx, input.userId))) return { ok: true, released: 0, handedOver: 0, toReassign: 0 };
    await voidCredentials(trx, input.userId);
    await clearFeedToken(trx, input.userId);
    const released = await releaseCases(trx, input.userId, actor.userId);
    await auditAs(trx, actor, { action: "staff_deactivated", subjectType: "account", subjectId: input.userId, details: { casesReleased: released } });
    const consultations = await handOverConsultations(trx, actor, { leaverId: input.userId, now: new Date() });
    return { ok: true, released, ...consultations };
  });
}
