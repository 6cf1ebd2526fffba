// The system reminds an applicant, two days before a due date, of the requests still open for that date (the job
// queued with the request runs it; a request answered meanwhile is not named, and none open sends nothing), by e-mail
// and on the client's phone channel (the outbox queues that with the e-mail).
import { queueReminderMessage } from "../../mail/requestMessages.ts";
import { openRequestsDueOn } from "../../models/documentRequests.ts";
import { lockApplication } from "../../models/statusChanges.ts";
import { type ActionContext, type Actor, auditAs } from "../action.ts";

export async function remindDueRequests(
  { db, outbox }: ActionContext,
  actor: Actor,
  input: { applicationId: string; dueOn: string },
): Promise<{ reminded: number }> {
  return db.transaction(async (trx) => {
    const app = await lockApplication(trx, input.applicationId);
    if (!app) return { reminded: 0 };
    const open = await openRequestsDueOn(trx, app.id, input.dueOn);
    if (open.length === 0) return { reminded: 0 };
    await queueReminderMessage(outbox, trx, app, open);
    await auditAs(trx, actor, { action: "request_reminder_sent", subjectType: "application", subjectId: app.id, details: { due: input.dueOn } });
    return { reminded: open.length };
  });
}
