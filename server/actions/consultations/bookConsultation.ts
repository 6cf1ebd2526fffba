// A visitor books a consultation: the time must be free for someone (the slots), and the database refuses two
// overlapping bookings for one staff member (bookings_no_overlap), so a race has one winner. In one transaction: the
// booking, then for a free type its e-mails, reminders, lead event and audit entry (announceBooking); a paid type's
// booking instead waits for its payment, holding the slot (holds.ts), with its Paystack payment row — it is announced
// once Paystack's payment is verified (confirmPaidBooking). The WhatsApp and SMS reminders ticked on the form are kept
// with the booking (its number, the words shown, the date), and become the account's consent when the booking has one.
import { bookingConsentWords, CHANNELS } from "../../domain/channels.ts";
import { freeSlots } from "../../domain/consultationSlots.ts";
import { insertBookingPayment } from "../../models/bookingPayments.ts";
import { type BookingRow, insertBooking, isOverlap } from "../../models/bookings.ts";
import { addBookingConsents, carryBookingConsents } from "../../models/channels.ts";
import { bookingRules, findActiveType, staffCalendars } from "../../models/consultations.ts";
import type { PaymentRow } from "../../models/payments.ts";
import type { BookingInput } from "../../validation/booking.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { announceBooking } from "./announceBooking.ts";
import { holdEndsAt, queueHoldExpiry } from "./holds.ts";

export const SLOT_TAKEN = "That time has just been taken. Please choose another time.";
export const TYPE_NOT_FOUND = "That consultation is not offered.";
export const PAYMENT_UNAVAILABLE = "Online payment is not available at the moment: please contact us to book this consultation.";

export async function bookConsultation(
  { db, config, outbox }: ActionContext,
  actor: Actor,
  input: Omit<BookingInput, "whatsapp" | "sms"> & Partial<Pick<BookingInput, "whatsapp" | "sms">> & { now?: Date },
): Promise<Outcome<{ booking: BookingRow; payment: PaymentRow | null }>> {
  const now = input.now ?? new Date();
  return db.transaction(async (trx) => {
    const type = await findActiveType(trx, input.type);
    if (!type) return refuse(404, TYPE_NOT_FOUND, { type: TYPE_NOT_FOUND });
    const paid = type.price_kobo > 0;
    if (paid && !(config.payments.providers.includes("paystack") && config.payments.paystack)) return refuse(409, PAYMENT_UNAVAILABLE);
    const calendars = await staffCalendars(trx, now);
    const slot = freeSlots(calendars, type.minutes, await bookingRules(trx), now).find((s) => s.startsAt.getTime() === input.slot.getTime());
    if (!slot) return refuse(409, SLOT_TAKEN, { slot: SLOT_TAKEN });
    for (const staffId of slot.staffIds) {
      const buffer = calendars.find((c) => c.staffId === staffId)?.bufferMinutes ?? 0;
      const fields = {
        type_id: type.id,
        staff_id: staffId,
        starts_at: slot.startsAt,
        ends_at: slot.endsAt,
        blocked_until: new Date(slot.endsAt.getTime() + buffer * 60_000),
        name: input.name,
        email: input.email,
        phone: input.phone,
        destination: input.destination,
        visa_type: input.visa_type,
        user_id: actor.userId,
        ...(paid ? { status: "awaiting_payment" as const, hold_expires_at: holdEndsAt(now) } : {}),
      };
      let booking: BookingRow;
      try {
        // A savepoint: when this person was taken a moment ago, the next one free at that time may still be.
        booking = await trx.transaction((sp) => insertBooking(sp, fields, config.site.emailInfo.split("@")[1]));
      } catch (err) {
        if (isOverlap(err)) continue;
        throw err;
      }
      const chosen = CHANNELS.filter((channel) => input[channel]);
      await addBookingConsents(
        trx,
        booking.id,
        chosen.map((channel) => ({ channel, phone: booking.phone, words: bookingConsentWords(channel, config.site.name) })),
      );
      // Booked while signed in: the choice is the account's at once.
      if (actor.userId && chosen.length) await carryBookingConsents(trx, actor.userId, [booking.id]);
      if (!paid) {
        await announceBooking(trx, { outbox }, actor, { booking, type, now });
        return { ok: true, booking, payment: null };
      }
      const payment = await insertBookingPayment(trx, { bookingId: booking.id, amountKobo: type.price_kobo, holdEndsAt: holdEndsAt(now) });
      await queueHoldExpiry(trx, booking);
      await auditAs(trx, actor, {
        action: "payment_started",
        subjectType: "booking",
        subjectId: booking.id,
        details: { provider: "paystack", amount: payment.amount_minor, currency: payment.currency, reference: payment.reference },
      });
      return { ok: true, booking, payment };
    }
    return refuse(409, SLOT_TAKEN, { slot: SLOT_TAKEN });
  });
}
