// Staff's Retry on a failed message: back to the queue with a fresh set of attempts, and the audit entry, together.
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";

export async function retryMessage({ db, outbox }: ActionContext, actor: Actor, input: { messageId: string }): Promise<Outcome<object>> {
  return db.transaction(async (trx) => {
    if (!(await outbox.retry(trx, input.messageId))) return refuse(404, "No failed message with this id");
    await auditAs(trx, actor, { action: "message_retried", subjectType: "message", subjectId: input.messageId });
    return { ok: true };
  });
}
