// Real money: each payment attempt in its own row (provider, currency, integer minor units, our reference and the
// provider's, a state), the exchange rates staff set (who and when), and a refunded state for an application's fee.
// Fees already paid through the demo card get their row, so every paid application has a receipt code.
import { randomInt } from "node:crypto";
import type { Knex } from "knex";

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const receiptCode = () => Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");

const STATES = ["pending", "awaiting_confirmation", "paid", "failed", "needs_attention", "refunded"];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("exchange_rates", (t) => {
    t.bigIncrements("id");
    // Naira per US dollar, in kobo: ₦1,550.50/$ is 155050. Never a float.
    t.integer("kobo_per_usd").notNullable().checkPositive();
    t.uuid("set_by").references("users.id").onDelete("SET NULL");
    t.timestamp("set_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable("payments", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.uuid("application_id").notNullable().references("visa_applications.id").onDelete("CASCADE");
    t.uuid("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.text("provider").notNullable().checkIn(["demo", "paystack", "bank_transfer"], "payments_provider_check");
    t.text("currency").notNullable().checkIn(["NGN", "USD"], "payments_currency_check");
    t.bigInteger("amount_minor").notNullable().checkPositive();
    /** The price-list fee in US cents (SPEC §9): amount_paid is set from it. */
    t.integer("fee_usd_cents").notNullable().checkPositive();
    t.integer("rate_kobo_per_usd");
    t.timestamp("rate_set_at", { useTz: true });
    t.timestamp("quote_expires_at", { useTz: true }).notNullable();
    t.text("reference").notNullable().unique();
    t.text("provider_reference");
    t.text("authorization_url");
    /** Bank transfer: the short code the applicant writes in the transfer's narration. */
    t.text("payment_code").unique();
    t.text("state").notNullable().defaultTo("pending").checkIn(STATES, "payments_state_check");
    /** What the provider reported when it did not match the quote (needs_attention). */
    t.bigInteger("verified_amount_minor");
    t.text("verified_currency");
    t.text("proof_path");
    t.text("proof_mime");
    t.integer("proof_size");
    t.text("proof_name");
    t.timestamp("proof_uploaded_at", { useTz: true });
    /** Staff's decision on a transfer (the amount received) or the reason it was refused or needs attention. */
    t.bigInteger("received_minor");
    t.text("decision_note");
    t.uuid("decided_by").references("users.id").onDelete("SET NULL");
    t.timestamp("decided_at", { useTz: true });
    t.text("receipt_code").unique();
    t.timestamp("paid_at", { useTz: true });
    t.bigInteger("refund_minor");
    t.text("refund_reason");
    t.text("provider_refund_id");
    t.uuid("refunded_by").references("users.id").onDelete("SET NULL");
    t.timestamp("refunded_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(["application_id"]);
    t.index(["state", "created_at"]);
  });
  // One fee per application: at most one attempt ends paid (or refunded after being paid); one open attempt per provider.
  await knex.raw("CREATE UNIQUE INDEX payments_one_paid ON payments (application_id) WHERE state IN ('paid', 'refunded')");
  await knex.raw("CREATE UNIQUE INDEX payments_one_open ON payments (application_id, provider) WHERE state IN ('pending', 'awaiting_confirmation')");
  await knex.raw(
    "ALTER TABLE payments ADD CONSTRAINT payments_paid_receipt CHECK (state NOT IN ('paid', 'refunded') OR (receipt_code IS NOT NULL AND paid_at IS NOT NULL))",
  );
  await knex.raw(
    "ALTER TABLE payments ADD CONSTRAINT payments_refund_amount CHECK (refund_minor IS NULL OR (refund_minor > 0 AND refund_minor <= amount_minor))",
  );
  await knex.raw("ALTER TABLE visa_applications DROP CONSTRAINT visa_applications_payment_status_check");
  await knex.raw(
    "ALTER TABLE visa_applications ADD CONSTRAINT visa_applications_payment_status_check CHECK (payment_status IN ('pending', 'paid', 'refunded'))",
  );
  // Demo payments made before this table existed: their row, in dollars, with a receipt code.
  const paid = await knex("visa_applications")
    .where({ payment_status: "paid" })
    .where("amount_paid", ">", 0)
    .select("id", "user_id", "amount_paid", "payment_reference", "paid_at", "updated_at");
  for (const a of paid) {
    const cents = Math.round(Number(a.amount_paid) * 100);
    const at = a.paid_at ?? a.updated_at;
    await knex("payments").insert({
      application_id: a.id,
      user_id: a.user_id,
      provider: "demo",
      currency: "USD",
      amount_minor: cents,
      fee_usd_cents: cents,
      quote_expires_at: at,
      reference: a.payment_reference,
      state: "paid",
      receipt_code: receiptCode(),
      paid_at: at,
      created_at: at,
      updated_at: at,
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex("visa_applications").where({ payment_status: "refunded" }).update({ payment_status: "paid" });
  await knex.raw("ALTER TABLE visa_applications DROP CONSTRAINT visa_applications_payment_status_check");
  await knex.raw("ALTER TABLE visa_applications ADD CONSTRAINT visa_applications_payment_status_check CHECK (payment_status IN ('pending', 'paid'))");
  await knex.schema.dropTable("payments");
  await knex.schema.dropTable("exchange_rates");
}
