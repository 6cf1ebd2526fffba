// A case's bill split into instalments (docs/decisions.md "Instalments"). bill_splits freezes the service fee the
// split was made at (the price list at that day's rate): the instalments must keep summing to the bill, and a later
// rate would otherwise move the total under them. Each instalment is paid by one payment: the payment names it
// (payments.instalment_id), and the database holds one settled payment per instalment (payments_one_paid_instalment)
// and one instalment per payment (bill_instalments.payment_id UNIQUE), so a webhook repeated or arriving out of order
// never pays one twice (payments_one_paid, one per application, now holds for a bill paid whole). bill_instalments_unpaid_due lists the unpaid ones by due date (overdue filter, reminders)
// without reading the paid ones. instalment_reminders: one row per instalment and reminder, claimed in the transaction
// that queues the e-mail, so a job run again sends nothing twice.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE bill_splits (
    application_id uuid PRIMARY KEY REFERENCES visa_applications (id) ON DELETE CASCADE,
    currency text NOT NULL CONSTRAINT bill_splits_currency_check CHECK (currency IN ('NGN', 'USD')),
    service_minor bigint NOT NULL CONSTRAINT bill_splits_service_check CHECK (service_minor > 0),
    fee_usd_cents integer NOT NULL,
    rate_kobo_per_usd integer,
    rate_set_at timestamptz,
    split_by uuid REFERENCES users (id) ON DELETE SET NULL,
    split_at timestamptz NOT NULL DEFAULT now()
  )`);
  await knex.raw(`CREATE TABLE bill_instalments (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    application_id uuid NOT NULL REFERENCES bill_splits (application_id) ON DELETE CASCADE,
    position smallint NOT NULL CONSTRAINT bill_instalments_position_check CHECK (position BETWEEN 1 AND 6),
    amount_minor bigint NOT NULL CONSTRAINT bill_instalments_amount_check CHECK (amount_minor > 0),
    due_on date NOT NULL,
    after_lodging boolean NOT NULL DEFAULT false,
    payment_id uuid CONSTRAINT bill_instalments_one_payment UNIQUE REFERENCES payments (id),
    paid_at timestamptz,
    CONSTRAINT bill_instalments_position UNIQUE (application_id, position),
    CONSTRAINT bill_instalments_paid_check CHECK ((payment_id IS NULL) = (paid_at IS NULL))
  )`);
  await knex.raw("CREATE INDEX bill_instalments_unpaid_due ON bill_instalments (due_on, application_id) WHERE paid_at IS NULL");
  await knex.raw("ALTER TABLE payments ADD COLUMN instalment_id uuid REFERENCES bill_instalments (id)");
  await knex.raw("CREATE UNIQUE INDEX payments_one_paid_instalment ON payments (instalment_id) WHERE state IN ('paid', 'refunded')");
  // One settled payment per application stays the rule for a bill paid whole; a split bill's are one per instalment.
  await knex.raw("DROP INDEX payments_one_paid");
  await knex.raw("CREATE UNIQUE INDEX payments_one_paid ON payments (application_id) WHERE state IN ('paid', 'refunded') AND instalment_id IS NULL");
  await knex.raw(`CREATE TABLE instalment_reminders (
    instalment_id uuid NOT NULL REFERENCES bill_instalments (id) ON DELETE CASCADE,
    lead text NOT NULL CONSTRAINT instalment_reminders_lead_check CHECK (lead IN ('3d', 'due')),
    sent_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (instalment_id, lead)
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP TABLE instalment_reminders");
  await knex.raw("DROP INDEX payments_one_paid");
  await knex.raw("CREATE UNIQUE INDEX payments_one_paid ON payments (application_id) WHERE state IN ('paid', 'refunded')");
  await knex.raw("DROP INDEX payments_one_paid_instalment");
  await knex.raw("ALTER TABLE payments DROP COLUMN instalment_id");
  await knex.raw("DROP TABLE bill_instalments");
  await knex.raw("DROP TABLE bill_splits");
}
