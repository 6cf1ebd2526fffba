// The fee payment's row: one guarded update, so concurrent payments of one application record exactly one.
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

/** Marks a payable (domain/status.ts), unpaid application of this user as paid; undefined when that no longer holds. */
export async function recordPayment(db: Knex, id: string, userId: string, amount: number): Promise<ApplicationRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db<ApplicationRow>("visa_applications")
    .where({ id, user_id: userId, payment_status: "pending" })
    .whereIn("status", PAYABLE_STATUSES)
    .update({ payment_status: "paid", amount_paid: amount, payment_reference: paymentReference(), paid_at: db.fn.now(), updated_at: db.fn.now() })
    .returning("*");
  return row;
}
