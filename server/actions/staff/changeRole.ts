// A manager changes a staff member's role: the role, a credential event (their sessions end, so the new powers apply
// at once; their calendar feed stops, and they make a new one) and the audit entry, in one transaction. A manager
// cannot change their own role (no office left without one).
import type { StaffRole } from "../../domain/staff.ts";
import { voidCredentials } from "../../models/accountTokens.ts";
import { clearFeedToken } from "../../models/staffAvailability.ts";
import { grantRole, roleOf } from "../../models/users.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";

export const STAFF_NOT_FOUND = "Staff member not found";

export async function changeRole(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: { userId: string; role: StaffRole },
): Promise<Outcome<{ changed: boolean }>> {
  return db.transaction(async (trx) => {
    const current = await roleOf(trx, input.userId);
    if (!current) return refuse(404, STAFF_NOT_FOUND);
    if (input.userId === actor.userId) return refuse(409, "You cannot change your own role: ask another manager.");
    if (current === input.role) return { ok: true, changed: false };
    await grantRole(trx, input.userId, input.role);
    await voidCredentials(trx, input.userId);
    await clearFeedToken(trx, input.userId);
    await auditAs(trx, actor, {
      action: "role_changed",
      subjectType: "account",
      subjectId: input.userId,
      details: { from: current, to: input.role },
    });
    return { ok: true, changed: true };
  });
}
