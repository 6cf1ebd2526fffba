// Staff answer an enquiry: the reply, the enquiry marked replied, its lead contacted, the e-mail to the visitor and the
// audit entry, together.
import { addReply, findEnquiry } from "../../models/enquiries.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { recordLeadEvent } from "../leads/recordLeadEvent.ts";

export const ENQUIRY_NOT_FOUND = "Enquiry not found";

export async function replyToEnquiry(
  { db, outbox }: ActionContext,
  actor: Actor & { userId: string },
  input: { enquiryId: string; body: string },
): Promise<Outcome<object>> {
  return db.transaction(async (trx) => {
    const row = await findEnquiry(trx, input.enquiryId);
    if (!row) return refuse(404, ENQUIRY_NOT_FOUND);
    await addReply(trx, { enquiryId: row.id, adminId: actor.userId, body: input.body });
    const source = row.package ? "package_book_now" : "contact_form";
    await recordLeadEvent(trx, {
      email: row.email,
      name: row.name,
      kind: "replied",
      source,
      refTable: "enquiries",
      refId: row.id,
      actorId: actor.userId,
    });
    await outbox.queue(trx, {
      kind: "enquiry_reply",
      to: row.email,
      enquiryId: row.id,
      data: { name: row.name, body: input.body, message: row.message },
    });
    // Who answered, not the words (they are in the reply and the message).
    await auditAs(trx, actor, { action: "enquiry_replied", subjectType: "enquiry", subjectId: row.id });
    return { ok: true };
  });
}
