// What a confirmed booking sets off, whether it was free (at once) or paid (once Paystack's payment is verified): the
// e-mails with the invite to the visitor (at most 3 a day to one address, as the contact form's) and the staff member,
// the reminders, the lead's "booking" event and the audit entry, in the caller's transaction.
import type { Knex } from "knex";
import { queueBookingMail } from "../../mail/bookingMail.ts";
import type { BookingRow } from "../../models/bookings.ts";
import type { ConsultationTypeRow } from "../../models/consultations.ts";
import { type ActionContext, type Actor, auditAs } from "../action.ts";
import { mayAutoReply } from "../autoReplyCap.ts";
import { recordLeadEvent } from "../leads/recordLeadEvent.ts";
import { scheduleReminders } from "./reminders.ts";

export async function announceBooking(
  trx: Knex.Transaction,
  { outbox }: Pick<ActionContext, "outbox">,
  actor: Actor,
  input: { booking: BookingRow; type: ConsultationTypeRow; now: Date },
): Promise<void> {
  const { booking, type, now } = input;
  // Anyone can type any address into /book: past the address's day's confirmations, the booking still stands and the
  // staff member is still told, but that address gets nothing more from us.
  const toVisitor = await mayAutoReply(trx, "booking", booking.email);
  await queueBookingMail(outbox, trx, { booking, type, change: "booked", toVisitor });
  await scheduleReminders(trx, booking, now);
  const lead = { email: booking.email, name: booking.name, phone: booking.phone, refTable: "bookings", refId: booking.id };
  await recordLeadEvent(trx, { ...lead, kind: "booking", source: "booking_page" });
  await auditAs(trx, actor, { action: "consultation_booked", subjectType: "booking", subjectId: booking.id });
}
