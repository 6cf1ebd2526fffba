// Staff's Retry on a failed WhatsApp or SMS message: back to the queue with a fresh set of attempts, and the audit
// entry, together.
import { PHONE_SEND_TASK } from "../../channels/phoneMessages.ts";
import { requeuePhoneMessage } from "../../models/channelMessages.ts";
import { isUuid } from "../../models/ids.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";

export async function retryPhoneMessage({ db }: ActionContext, actor: Actor, input: { messageId: string }): Promise<Outcome<object>> {
  if (!isUuid(input.messageId)) return refuse(404, "No failed message with this id");
  return db.transaction(async (trx) => {
    if (!(await requeuePhoneMessage(trx, input.messageId, PHONE_SEND_TASK))) return refuse(404, "No failed message with this id");
    await auditAs(trx, actor, { action: "phone_message_retried", subjectType: "message", subjectId: input.messageId });
    return { ok: true };
  });
}
