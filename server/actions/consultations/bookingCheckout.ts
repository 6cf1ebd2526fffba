// A paid consultation's checkout: Paystack's checkout is started for the booking's payment (a failure to reach
// Paystack releases the held slot at once), and the visitor's return from it verifies the reference with Paystack
// (the address alone proves nothing). The return is found by booking and reference: both must belong together.
import { countPayment } from "../../metrics/index.ts";
import { latestBookingPayment } from "../../models/bookingPayments.ts";
import { type BookingRow, lockBooking, releaseUnpaid } from "../../models/bookings.ts";
import { findPaymentByReference, movePayment, type PaymentRow } from "../../models/payments.ts";
import { PaystackError } from "../../payments/paystack.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { openCheckout, PAYSTACK_UNREACHABLE, type VerifyResult, verifyPaystackPayment } from "../payments/paystack.ts";
import { dropHoldExpiry } from "./holds.ts";

export const BOOKING_PAYMENT_NOT_FOUND = "Booking not found";

/** Answers the checkout's address to send the visitor to. */
export async function startBookingCheckout(
  ctx: ActionContext,
  actor: Actor,
  input: { booking: BookingRow; payment: PaymentRow; baseUrl: string },
): Promise<Outcome<{ authorizationUrl: string }>> {
  const { booking, payment } = input;
  try {
    const authorizationUrl = await openCheckout(ctx, payment, {
      email: booking.email,
      callbackUrl: `${input.baseUrl}/book/payment/${booking.id}`,
      metadata: { booking: booking.id },
    });
    return { ok: true, authorizationUrl };
  } catch (err) {
    if (!(err instanceof PaystackError)) throw err;
    ctx.logger.warn({ err: err.message, payment: payment.id }, "Paystack initialize failed");
    await ctx.db.transaction(async (trx) => {
      await lockBooking(trx, booking.id);
      await releaseUnpaid(trx, booking.id);
      await dropHoldExpiry(trx, booking.id);
      await movePayment(trx, payment.id, ["pending"], "failed", { decision_note: "Paystack could not start the checkout" });
      await auditAs(trx, actor, { action: "consultation_hold_expired", subjectType: "booking", subjectId: booking.id });
    });
    countPayment("paystack", "unreachable");
    return refuse(503, PAYSTACK_UNREACHABLE);
  }
}

/** Back from the checkout: the booking's payment of this reference, verified unless already settled. */
export async function returnFromBookingPayment(
  ctx: ActionContext,
  actor: Actor,
  input: { bookingId: string; reference: string },
): Promise<Outcome<{ result: VerifyResult; payment: PaymentRow }>> {
  const payment = input.reference ? await findPaymentByReference(ctx.db, input.reference) : undefined;
  // Another booking's (or an application's) reference is not looked at.
  if (!payment || payment.booking_id !== input.bookingId || payment.provider !== "paystack") return refuse(404, BOOKING_PAYMENT_NOT_FOUND);
  // Settled already, or Paystack no longer configured (nothing to ask): the page shows the payment as it stands.
  if ((payment.state !== "pending" && payment.state !== "failed") || !ctx.config.payments.paystack) return { ok: true, result: "unchanged", payment };
  try {
    const verified = await verifyPaystackPayment(ctx, actor, payment.reference);
    return { ok: true, result: verified.result, payment: verified.payment ?? payment };
  } catch (err) {
    if (!(err instanceof PaystackError)) throw err;
    // The webhook or the hold's job will settle it; the visitor is told it is being checked.
    return { ok: true, result: "not_paid", payment: (await latestBookingPayment(ctx.db, input.bookingId)) ?? payment };
  }
}
