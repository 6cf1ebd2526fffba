// A manager turns the round-robin assignment of new submissions and leads on or off, with its audit entry.
import { saveRoundRobin } from "../../models/assignments.ts";
import { type ActionContext, type Actor, auditAs, type Outcome } from "../action.ts";

export async function setRoundRobin({ db }: ActionContext, actor: Actor & { userId: string }, input: { on: boolean }): Promise<Outcome<object>> {
  return db.transaction(async (trx) => {
    await saveRoundRobin(trx, input.on, actor.userId);
    await auditAs(trx, actor, { action: "assignment_settings_changed", details: { roundRobin: input.on } });
    return { ok: true };
  });
}
