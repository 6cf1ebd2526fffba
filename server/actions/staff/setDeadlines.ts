// A manager sets how many working days each status may last before its case is Late, with its audit entry.
import type { Limits } from "../../domain/deadlines.ts";
import { saveDeadlineLimits } from "../../models/assignments.ts";
import { type ActionContext, type Actor, auditAs, type Outcome } from "../action.ts";

export async function setDeadlines({ db }: ActionContext, actor: Actor & { userId: string }, limits: Limits): Promise<Outcome<object>> {
  return db.transaction(async (trx) => {
    await saveDeadlineLimits(trx, limits, actor.userId);
    await auditAs(trx, actor, { action: "deadlines_changed", details: { ...limits } });
    return { ok: true };
  });
}
