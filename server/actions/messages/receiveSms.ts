// A text a person sent by SMS to the consultancy's Termii number: "STOP" ends the SMS channel for that number at once,
// recorded in the consent history and audited like a WhatsApp STOP. A second delivery of the same STOP finds no one
// opted in any more and changes nothing. Other texts are not read into cases (the site's conversations are on the
// portal and WhatsApp): the answer says "ignored".
import type { InboundMessage } from "../../channels/channel.ts";
import { isStop, SMS_STOP_WORDS } from "../../domain/channels.ts";
import { addConsent, endBookingConsents, optedInAt } from "../../models/channels.ts";
import type { ActionContext } from "../action.ts";
import { auditAs } from "../action.ts";

export async function receiveSms({ db }: ActionContext, message: InboundMessage): Promise<"stop" | "ignored"> {
  if (!isStop(message.body ?? "")) return "ignored";
  const phone = `+${message.from}`;
  return db.transaction(async (trx) => {
    for (const userId of await optedInAt(trx, "sms", phone)) {
      await addConsent(trx, { user_id: userId, channel: "sms", phone, opted_in: false, words: SMS_STOP_WORDS, source: "sms_stop" });
      await auditAs(trx, { userId, via: "system" }, { action: "sms_stopped", subjectType: "account", subjectId: userId });
    }
    // A choice given on a booking not yet linked to an account ends too: it is never carried to one.
    await endBookingConsents(trx, "sms", phone);
    return "stop" as const;
  });
}
