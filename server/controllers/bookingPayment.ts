// /book/payment/:id?reference=… — where Paystack's checkout sends the visitor back for a paid consultation: the
// reference is verified with Paystack (returnFromBookingPayment), and the page says what became of it. No account:
// the booking's id and its payment's unguessable reference together open it; anything else is 404.
import type { Request, Response } from "express";
import { formatMinor } from "../../views/lib/money.ts";
import type { BookingPaymentProps } from "../../views/pages/public/bookingTypes.ts";
import { returnFromBookingPayment } from "../actions/consultations/bookingCheckout.ts";
import { ctx } from "../context.ts";
import { currentYear } from "../domain/calendar.ts";
import { lagosDateTime } from "../domain/consultations.ts";
import { guestActor, orRefuse } from "../http/actions.ts";
import { HttpError } from "../middleware/errors.ts";
import { findBooking } from "../models/bookings.ts";
import { findType } from "../models/consultations.ts";
import { isUuid } from "../models/ids.ts";
import { bookingFacts } from "../presenters/booking.ts";
import { renderPage } from "../render/renderPage.ts";

const MESSAGES: Record<BookingPaymentProps["state"], string> = {
  confirmed: "Your payment was received and your consultation is confirmed. We have e-mailed you the details and a calendar invite.",
  waiting:
    "Paystack has not told us yet that your payment went through. If you paid, this page will show it within a few minutes: check again. If you did not pay, your time is held for 30 minutes from booking.",
  attention:
    "We received your payment but could not confirm the consultation (its time was taken after the 30-minute hold ended, or the amount did not match). Our team will refund you and contact you; please do not pay again.",
  released: "Your time was held for 30 minutes and no payment arrived, so it has been released. Nothing was charged: you can book again.",
};

export async function bookingPaymentPage(req: Request, res: Response): Promise<void> {
  const id = String(req.params.id);
  const reference = typeof req.query.reference === "string" ? req.query.reference : typeof req.query.trxref === "string" ? req.query.trxref : "";
  if (!isUuid(id)) throw new HttpError(404, "Booking not found");
  const { payment } = orRefuse(await returnFromBookingPayment(ctx(req), guestActor(req), { bookingId: id, reference }));
  const { db } = ctx(req);
  const booking = await findBooking(db, id);
  if (!booking) throw new HttpError(404, "Booking not found");
  const type = await findType(db, booking.type_id);
  const state: BookingPaymentProps["state"] =
    payment.state === "paid" || payment.state === "refunded"
      ? "confirmed"
      : payment.state === "needs_attention"
        ? "attention"
        : booking.status === "awaiting_payment"
          ? "waiting"
          : "released";
  const props: BookingPaymentProps = {
    year: currentYear(),
    state,
    message: MESSAGES[state],
    receiptCode: state === "confirmed" ? payment.receipt_code : null,
    paidAt: payment.paid_at ? lagosDateTime(new Date(payment.paid_at)) : null,
    amountText: formatMinor(payment.amount_minor, payment.currency),
    checkAgainHref: state === "waiting" ? `/book/payment/${id}?reference=${encodeURIComponent(payment.reference)}` : null,
    booking: bookingFacts(booking, type),
  };
  res.set("X-Robots-Tag", "noindex");
  res.set("Referrer-Policy", "same-origin");
  await renderPage(req, res, "public/BookingPayment", props, {
    title: state === "confirmed" ? "Consultation confirmed" : "Consultation payment",
    noindex: true,
  });
}
