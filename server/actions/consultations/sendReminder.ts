// A reminder job comes due: the visitor's reminder e-mail, through the outbox, if the booking is still on, and the same
// reminder on the phone channel they chose when booking (or on their account since), in the same transaction.

import { queueBookingReminder } from "../../channels/phoneMessages.ts";
import { bookingMailData } from "../../mail/bookingMail.ts";
import { type BookingRow, lockBooking } from "../../models/bookings.ts";
import { findType } from "../../models/consultations.ts";
import type { ActionContext } from "../action.ts";
import type { ReminderLead } from "./reminders.ts";

const IN_WORDS: Record<ReminderLead, string> = { "24h": "tomorrow", "1h": "in one hour" };

export async function sendReminder(
  { db, outbox, config }: ActionContext,
  input: { bookingId: string; lead: ReminderLead },
): Promise<BookingRow | undefined> {
  return db.transaction(async (trx) => {
    const booking = await lockBooking(trx, input.bookingId);
    if (booking?.status !== "confirmed") return undefined;
    const type = await findType(trx, booking.type_id);
    const data = { ...(await bookingMailData(trx, booking, type)), inWords: IN_WORDS[input.lead] ?? "soon" };
    await outbox.queue(trx, { kind: "booking_reminder", to: booking.email, userId: booking.user_id, data });
    await queueBookingReminder(trx, config.channels, booking, type, IN_WORDS[input.lead] ?? "soon");
    return booking;
  });
}
