// The demo fee payment: one guarded update, so concurrent payments of one application record exactly one.
import { randomInt } from "node:crypto";
import type { Knex } from "knex";
import { PAYABLE_STATUSES } from "../domain/status.ts";
import type { ApplicationRow } from "./applications.ts";
import { isUuid } from "./applications.ts";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** 'PAY-' + timestamp + a random uppercase string (SPEC §9). */
export function paymentReference(now = Date.now()): string {
  let s = "";
  for (let i = 0; i < 8; i++) s += LETTERS[randomInt(LETTERS.length)];
  return `PAY-${now}-${s}`;
}

/**
 * Marks a payable (domain/status.ts), unpaid application of this user as paid; undefined when that no longer holds.
 * `after` runs in the same transaction (the receipt e-mail is queued with the payment or not at all).
 */
export async function recordPayment(
  db: Knex,
  id: string,
  userId: string,
  amount: number,
  after?: (trx: Knex.Transaction, row: ApplicationRow) => Promise<void>,
): Promise<ApplicationRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.transaction(async (trx) => {
    const [row] = await trx<ApplicationRow>("visa_applications")
      .where({ id, user_id: userId, payment_status: "pending" })
      .whereIn("status", PAYABLE_STATUSES)
      .update({ payment_status: "paid", amount_paid: amount, payment_reference: paymentReference(), paid_at: trx.fn.now(), updated_at: trx.fn.now() })
      .returning("*");
    if (row) await after?.(trx, row);
    return row;
  });
}
