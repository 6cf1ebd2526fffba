// One bill per case: the consultancy's service fee (the price list at the rate, not stored: see docs/decisions.md) and
// the lines staff add — more of its own fees, or fees it collects for the embassy, the visa centre, a courier or a
// translator, which are not its revenue. A line is never deleted: removing it records who, when and why.
// The application's bill_version counts the changes: a payment records the version it was quoted at, and money that
// arrives on an older version is held for staff, never taken as what is owed. pass_through_minor is the part of a
// payment collected on the applicant's behalf, summed per day beside the money received.
import type { Knex } from "knex";

const COUNTED = (row: string) => `${row}.state IN ('paid', 'refunded') AND ${row}.paid_at IS NOT NULL`;
const LAGOS_DAY = (row: string) => `(${row}.paid_at AT TIME ZONE 'Africa/Lagos')::date`;

const applyDays = (withPassThrough: boolean) => `
    CREATE OR REPLACE FUNCTION payment_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') AND ${COUNTED("OLD")} THEN
        UPDATE payment_days
           SET payments = payments - 1, received_minor = received_minor - OLD.amount_minor,
               refunded_minor = refunded_minor - coalesce(OLD.refund_minor, 0)${withPassThrough ? ",\n               pass_through_minor = pass_through_minor - OLD.pass_through_minor" : ""}
         WHERE day = ${LAGOS_DAY("OLD")} AND currency = OLD.currency;
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') AND ${COUNTED("NEW")} THEN
        INSERT INTO payment_days AS d (day, currency, payments, received_minor, refunded_minor${withPassThrough ? ", pass_through_minor" : ""})
        VALUES (${LAGOS_DAY("NEW")}, NEW.currency, 1, NEW.amount_minor, coalesce(NEW.refund_minor, 0)${withPassThrough ? ", NEW.pass_through_minor" : ""})
        ON CONFLICT (day, currency) DO UPDATE
          SET payments = d.payments + 1, received_minor = d.received_minor + EXCLUDED.received_minor,
              refunded_minor = d.refunded_minor + EXCLUDED.refunded_minor${withPassThrough ? ",\n              pass_through_minor = d.pass_through_minor + EXCLUDED.pass_through_minor" : ""};
      END IF;
      RETURN NULL;
    END $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE bill_lines (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    application_id uuid NOT NULL REFERENCES visa_applications (id) ON DELETE CASCADE,
    kind text NOT NULL CONSTRAINT bill_lines_kind_check
      CHECK (kind IN ('service', 'embassy_fee', 'visa_centre_fee', 'priority', 'courier', 'translation', 'other')),
    label text NOT NULL CONSTRAINT bill_lines_label_check CHECK (length(btrim(label)) BETWEEN 1 AND 120),
    currency text NOT NULL CONSTRAINT bill_lines_currency_check CHECK (currency IN ('NGN', 'USD')),
    amount_minor bigint NOT NULL CONSTRAINT bill_lines_amount_check CHECK (amount_minor > 0),
    source_currency text,
    source_minor bigint,
    rate_minor integer,
    reason text NOT NULL CONSTRAINT bill_lines_reason_check CHECK (length(btrim(reason)) BETWEEN 1 AND 500),
    added_by uuid REFERENCES users (id) ON DELETE SET NULL,
    added_at timestamptz NOT NULL DEFAULT now(),
    removed_at timestamptz,
    removed_by uuid REFERENCES users (id) ON DELETE SET NULL,
    removal_reason text,
    CONSTRAINT bill_lines_source_check CHECK (
      (source_currency IS NULL AND source_minor IS NULL AND rate_minor IS NULL)
      OR (source_currency IS NOT NULL AND source_minor > 0 AND rate_minor > 0)),
    CONSTRAINT bill_lines_removed_check CHECK ((removed_at IS NULL) = (removal_reason IS NULL))
  )`);
  await knex.raw("CREATE INDEX bill_lines_application ON bill_lines (application_id) WHERE removed_at IS NULL");
  await knex.raw("ALTER TABLE visa_applications ADD COLUMN bill_version integer NOT NULL DEFAULT 0");
  await knex.raw("ALTER TABLE payments ADD COLUMN bill_version integer NOT NULL DEFAULT 0");
  await knex.raw(
    "ALTER TABLE payments ADD COLUMN pass_through_minor bigint NOT NULL DEFAULT 0 CONSTRAINT payments_pass_through_check CHECK (pass_through_minor >= 0 AND pass_through_minor <= amount_minor)",
  );
  await knex.raw("LOCK TABLE payments IN SHARE ROW EXCLUSIVE MODE");
  await knex.raw("ALTER TABLE payment_days ADD COLUMN pass_through_minor bigint NOT NULL DEFAULT 0");
  await knex.raw(applyDays(true));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(applyDays(false));
  await knex.raw("ALTER TABLE payment_days DROP COLUMN pass_through_minor");
  await knex.raw("ALTER TABLE payments DROP COLUMN pass_through_minor");
  await knex.raw("ALTER TABLE payments DROP COLUMN bill_version");
  await knex.raw("ALTER TABLE visa_applications DROP COLUMN bill_version");
  await knex.raw("DROP TABLE bill_lines");
}
