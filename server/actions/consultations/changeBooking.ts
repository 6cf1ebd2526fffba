// The visitor's own links: move a booking to another free time, or cancel it. Each link works until the meeting
// starts; using either spends both (the new e-mail carries new ones). The invite's SEQUENCE goes up with each change.
// A paid consultation keeps its payment when moved, and is refunded through Paystack when cancelled (refused, nothing
// changes, when Paystack refuses or cannot be reached).
import type { Knex } from "knex";
import { formatMinor } from "../../../views/lib/money.ts";
import { freeSlots } from "../../domain/consultationSlots.ts";
import { queueBookingMail } from "../../mail/bookingMail.ts";
import { lockPaidBookingPayment } from "../../models/bookingPayments.ts";
import { type BookingRow, findByLinkToken, isOverlap, moveBooking, setBookingStatus, spendBookingTokens } from "../../models/bookings.ts";
import { bookingRules, findType, staffCalendars } from "../../models/consultations.ts";
import type { PaymentRow } from "../../models/payments.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { recordLeadEvent } from "../leads/recordLeadEvent.ts";
import { refundIn } from "../payments/recordRefund.ts";
import { SLOT_TAKEN } from "./bookConsultation.ts";
import { dropReminders, scheduleReminders } from "./reminders.ts";

export const LINK_DEAD = "This link no longer works: the consultation was changed, cancelled or has started.";

/** The booking's lead: the visitor's own change, from the booking page's links. */
const leadOf = (b: BookingRow) =>
  ({ email: b.email, name: b.name, phone: b.phone, source: "booking_page", refTable: "bookings", refId: b.id }) as const;

export async function rescheduleBooking(
  { db, outbox }: ActionContext,
  actor: Actor,
  input: { token: string; slot: Date; now?: Date },
): Promise<Outcome<{ booking: BookingRow }>> {
  const now = input.now ?? new Date();
  return db.transaction(async (trx) => {
    const current = await findByLinkToken(trx, input.token, "reschedule", true);
    if (!current) return refuse(410, LINK_DEAD);
    const type = await findType(trx, current.type_id);
    if (!type) return refuse(410, LINK_DEAD);
    const calendars = await staffCalendars(trx, now, current.id);
    const slot = freeSlots(calendars, type.minutes, await bookingRules(trx), now).find((s) => s.startsAt.getTime() === input.slot.getTime());
    if (!slot) return refuse(409, SLOT_TAKEN, { slot: SLOT_TAKEN });
    // The same person when they are free then, so the visitor keeps their consultant.
    const order = [...slot.staffIds].sort((a, b) => Number(b === current.staff_id) - Number(a === current.staff_id));
    for (const staffId of order) {
      const buffer = calendars.find((c) => c.staffId === staffId)?.bufferMinutes ?? 0;
      let booking: BookingRow;
      try {
        booking = await trx.transaction((sp) =>
          moveBooking(sp, current.id, {
            staff_id: staffId,
            starts_at: slot.startsAt,
            ends_at: slot.endsAt,
            blocked_until: new Date(slot.endsAt.getTime() + buffer * 60_000),
          }),
        );
      } catch (err) {
        if (isOverlap(err)) continue;
        throw err;
      }
      await spendBookingTokens(trx, booking.id);
      await queueBookingMail(outbox, trx, { booking, type, change: "moved" });
      await scheduleReminders(trx, booking, now);
      await recordLeadEvent(trx, { ...leadOf(booking), kind: "booking_moved", details: { startsAt: new Date(booking.starts_at).toISOString() } });
      await auditAs(trx, actor, { action: "consultation_moved", subjectType: "booking", subjectId: booking.id });
      return { ok: true, booking };
    }
    return refuse(409, SLOT_TAKEN, { slot: SLOT_TAKEN });
  });
}

export async function cancelBooking(
  { db, config, outbox }: ActionContext,
  actor: Actor,
  input: { token: string },
): Promise<Outcome<{ booking: BookingRow; refund: PaymentRow | null }>> {
  return db.transaction(async (trx) => {
    const current = await findByLinkToken(trx, input.token, "cancel", true);
    if (!current) return refuse(410, LINK_DEAD);
    return cancelIn(trx, { config, outbox }, actor, current, { reason: "Consultation cancelled" });
  });
}

/**
 * Cancels a booking locked by the caller, whoever asks (the visitor's link, a staff member): a paid one refunded
 * through Paystack first (its refusal changes nothing), then the status, the spent links, the cancelling invite to
 * both sides, the dropped reminders, the lead's history line and the audit entry.
 */
export async function cancelIn(
  trx: Knex.Transaction,
  { config, outbox }: Pick<ActionContext, "config" | "outbox">,
  actor: Actor,
  current: BookingRow,
  input: { reason: string; note?: string },
): Promise<Outcome<{ booking: BookingRow; refund: PaymentRow | null }>> {
  const paid = await lockPaidBookingPayment(trx, current.id);
  const refunded = paid
    ? await refundIn(trx, config, paid, { amountMinor: paid.amount_minor, reason: input.reason, refundedBy: actor.userId })
    : null;
  if (refunded && !refunded.ok) return refunded;
  const refund = refunded ? refunded.payment : null;
  const booking = await setBookingStatus(trx, current.id, "cancelled", input.note);
  await spendBookingTokens(trx, booking.id);
  const type = await findType(trx, booking.type_id);
  await queueBookingMail(outbox, trx, {
    booking,
    type,
    change: "cancelled",
    refund: refund ? formatMinor(Number(refund.refund_minor), refund.currency) : undefined,
  });
  await dropReminders(trx, booking.id);
  await recordLeadEvent(trx, { ...leadOf(booking), kind: "booking_cancelled", actorId: actor.userId });
  await auditAs(trx, actor, {
    action: "consultation_cancelled",
    subjectType: "booking",
    subjectId: booking.id,
    ...(refund ? { details: { refund: refund.refund_minor, currency: refund.currency, payment: refund.id } } : {}),
  });
  return { ok: true, booking, refund };
}
