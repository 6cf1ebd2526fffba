// A paid consultation's payment: a Paystack attempt in Naira for one booking (no account behind it), found by the
// booking for its return page, its hold's end and its refund on cancellation.
import type { Knex } from "knex";
import { numeric, type PaymentRow, providerReference } from "./payments.ts";

type Db = Knex | Knex.Transaction;

/** The booking's Paystack attempt at the type's price, open until the hold ends. */
export async function insertBookingPayment(
  trx: Knex.Transaction,
  input: { bookingId: string; amountKobo: number; holdEndsAt: Date },
): Promise<PaymentRow> {
  const [row] = await trx<PaymentRow>("payments")
    .insert({
      booking_id: input.bookingId,
      provider: "paystack",
      currency: "NGN",
      amount_minor: input.amountKobo,
      quote_expires_at: input.holdEndsAt,
      reference: providerReference(),
    })
    .returning("*");
  return numeric(row) as PaymentRow;
}

/** The booking's newest payment attempt. */
export async function latestBookingPayment(db: Db, bookingId: string): Promise<PaymentRow | undefined> {
  return numeric(await db<PaymentRow>("payments").where({ booking_id: bookingId }).orderBy("created_at", "desc").first());
}

/** The booking's paid payment, locked for the caller's transaction (a refund takes it once). */
export async function lockPaidBookingPayment(trx: Knex.Transaction, bookingId: string): Promise<PaymentRow | undefined> {
  return numeric(await trx<PaymentRow>("payments").where({ booking_id: bookingId, state: "paid" }).forUpdate().first());
}
