// A visitor's enquiry (the contact form, every "Book Now"): the enquiry, its lead, its capped acknowledgement and the
// office's message, in one transaction.
import { createEnquiry, type EnquiryRow } from "../../models/enquiries.ts";
import { contactQuery } from "../../validation/contact.ts";
import type { ActionContext, Outcome } from "../action.ts";
import { mayAutoReply } from "../autoReplyCap.ts";
import { recordLeadEvent } from "../leads/recordLeadEvent.ts";

export type ReceiveEnquiry = Pick<EnquiryRow, "name" | "email" | "phone" | "message" | "package">;

export async function receiveEnquiry(
  { db, config, logger, outbox }: ActionContext,
  input: ReceiveEnquiry,
): Promise<Outcome<{ enquiry: EnquiryRow }>> {
  const enquiry = await db.transaction(async (trx) => {
    const row = await createEnquiry(trx, input);
    const source = row.package ? "package_book_now" : "contact_form";
    await recordLeadEvent(trx, { email: row.email, name: row.name, phone: row.phone, kind: "enquiry", source, refTable: "enquiries", refId: row.id });
    const data = { name: row.name, email: row.email, phone: row.phone, message: row.message, package: row.package, enquiryId: row.id };
    // Past the address's day's acknowledgements, the enquiry is still kept and the office told.
    if (await mayAutoReply(trx, "contact", row.email)) {
      // Nothing the visitor typed goes back out, or the form would carry anyone's words to any address: only a package
      // of ours, when that is what they asked about.
      const ack = { package: contactQuery.package(row.package ?? "") ?? null, enquiryId: row.id };
      await outbox.queue(trx, { kind: "enquiry_received", to: row.email, enquiryId: row.id, data: ack });
    }
    await outbox.queue(trx, { kind: "enquiry_staff", to: config.mail.staffInbox, enquiryId: row.id, data });
    return row;
  });
  logger.info({ enquiryId: enquiry.id }, "enquiry received");
  return { ok: true, enquiry };
}
