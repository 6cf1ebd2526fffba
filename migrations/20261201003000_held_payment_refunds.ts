// A payment held for staff (needs_attention) that staff refund in the site becomes `returned`: the money went back and
// was never the fee. It is not `refunded`, which means "paid, then refunded": that state must have the receipt it was
// paid with (payments_paid_receipt), counts once per application or instalment (payments_one_paid,
// payments_one_paid_instalment), counts in the revenue per month (payment_days) and is the receipt's state on its public
// page. A held payment has none of these, and must never be given a receipt it never had. A returned one keeps what
// the refund needs instead: the amount, the reason, when, and the refund's reference (Paystack's refund id, or the
// bank's reference of the transfer back that staff made by hand). What it gives back is what arrived (the amount staff
// counted on a transfer, else what the provider verified), which may be more than the quote it arrived on.
import type { Knex } from "knex";

const STATES = ["pending", "awaiting_confirmation", "paid", "failed", "needs_attention", "refunded"];

export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE payments DROP CONSTRAINT payments_state_check");
  await knex.raw(
    `ALTER TABLE payments ADD CONSTRAINT payments_state_check CHECK (state IN (${[...STATES, "returned"].map((s) => `'${s}'`).join(", ")}))`,
  );
  await knex.raw(`ALTER TABLE payments ADD CONSTRAINT payments_returned_refund CHECK (
    state <> 'returned' OR (
      receipt_code IS NULL AND paid_at IS NULL AND refund_minor > 0 AND refund_reason IS NOT NULL
      AND refunded_at IS NOT NULL AND provider_refund_id IS NOT NULL
    )
  )`);
  await knex.raw("ALTER TABLE payments DROP CONSTRAINT payments_refund_amount");
  await knex.raw(`ALTER TABLE payments ADD CONSTRAINT payments_refund_amount CHECK (refund_minor IS NULL OR (refund_minor > 0 AND refund_minor <=
    CASE WHEN state = 'returned' THEN coalesce(received_minor, verified_amount_minor) ELSE amount_minor END))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE payments DROP CONSTRAINT payments_refund_amount");
  await knex.raw(
    "ALTER TABLE payments ADD CONSTRAINT payments_refund_amount CHECK (refund_minor IS NULL OR (refund_minor > 0 AND refund_minor <= amount_minor))",
  );
  await knex.raw("ALTER TABLE payments DROP CONSTRAINT payments_returned_refund");
  await knex.raw("ALTER TABLE payments DROP CONSTRAINT payments_state_check");
  await knex.raw(`ALTER TABLE payments ADD CONSTRAINT payments_state_check CHECK (state IN (${STATES.map((s) => `'${s}'`).join(", ")}))`);
}
