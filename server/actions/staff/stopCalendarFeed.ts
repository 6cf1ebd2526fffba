// A manager stops a staff member's calendar feed (a lost phone, a shared calendar): its address answers 404 from now
// on, with the audit entry, in one transaction; the person can make a new one. Nothing to stop changes nothing.
import { clearFeedToken } from "../../models/staffAvailability.ts";
import { roleOf } from "../../models/users.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { STAFF_NOT_FOUND } from "./changeRole.ts";

export async function stopCalendarFeed({ db }: ActionContext, actor: Actor, input: { userId: string }): Promise<Outcome<{ stopped: boolean }>> {
  return db.transaction(async (trx) => {
    if (!(await roleOf(trx, input.userId))) return refuse(404, STAFF_NOT_FOUND);
    const stopped = await clearFeedToken(trx, input.userId);
    if (stopped) await auditAs(trx, actor, { action: "calendar_feed_stopped", subjectType: "account", subjectId: input.userId });
    return { ok: true, stopped };
  });
}
