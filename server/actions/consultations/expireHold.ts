// The hold's job comes due: Paystack is asked once more (a payment whose callback and webhook were both lost confirms
// the booking now), then an unpaid booking whose hold has ended is cancelled as unpaid, which frees its slot, and its
// open payment failed. A payment verified later still confirms it when the slot is free (confirmPaidBooking). Paystack
// out of reach does not keep the slot: the hold ends on time all the same, and the webhook, the return page or the
// reconciliation settle a payment Paystack took meanwhile.
import { latestBookingPayment } from "../../models/bookingPayments.ts";
import { type BookingRow, lockBooking, releaseUnpaid } from "../../models/bookings.ts";
import { movePayment } from "../../models/payments.ts";
import { type ActionContext, type Actor, auditAs } from "../action.ts";
import { verifyPaystackPayment } from "../payments/paystack.ts";
import { HOLD_MINUTES } from "./holds.ts";

const system: Actor = { userId: null, via: "system" };

async function paidMeanwhile(ctx: ActionContext, reference: string): Promise<boolean> {
  try {
    return (await verifyPaystackPayment(ctx, system, reference)).result === "paid";
  } catch (err) {
    ctx.logger.warn({ err: (err as Error).message, reference }, "Paystack unreachable at a booking hold's end: released unverified");
    return false;
  }
}

/** Released: the booking, cancelled as unpaid; undefined when it was paid meanwhile or its hold has not ended. */
export async function expireHold(ctx: ActionContext, input: { bookingId: string; now?: Date }): Promise<BookingRow | undefined> {
  const now = input.now ?? new Date();
  const open = await latestBookingPayment(ctx.db, input.bookingId);
  if (open?.state === "pending" && (await paidMeanwhile(ctx, open.reference))) return undefined;
  return ctx.db.transaction(async (trx) => {
    const booking = await lockBooking(trx, input.bookingId);
    if (booking?.status !== "awaiting_payment" || !booking.hold_expires_at || new Date(booking.hold_expires_at) > now) return undefined;
    const released = await releaseUnpaid(trx, booking.id);
    const payment = await latestBookingPayment(trx, booking.id);
    if (payment) await movePayment(trx, payment.id, ["pending"], "failed", { decision_note: `Not paid within the ${HOLD_MINUTES}-minute hold` });
    await auditAs(trx, system, { action: "consultation_hold_expired", subjectType: "booking", subjectId: booking.id });
    return released;
  });
}
