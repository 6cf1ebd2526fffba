// One bill for a family group: the lead's case carries it. A member covered by it names the lead's case in
// `billed_with_id` (set, with the member's service fee in dollar cents after the family rate, in the transaction that
// splits or pays the group's bill: who it covers is then frozen); the lead's row has the family rate staff set (the
// members' service fee as a percentage of the price list); a bill line may say which person of the group it is for;
// and a payment records the members it covers (its receipt names them).
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE visa_applications
      ADD COLUMN billed_with_id uuid REFERENCES visa_applications(id) ON DELETE SET NULL,
      ADD COLUMN billed_fee_usd_cents integer,
      ADD COLUMN family_rate_percent smallint,
      ADD CONSTRAINT visa_applications_billed_with_check
        CHECK (billed_with_id IS NULL OR (billed_with_id = group_lead_id AND billed_fee_usd_cents >= 0)),
      ADD CONSTRAINT visa_applications_family_rate_check CHECK (family_rate_percent BETWEEN 1 AND 100)
  `);
  await knex.raw("ALTER TABLE bill_lines ADD COLUMN person_id uuid REFERENCES visa_applications(id) ON DELETE SET NULL");
  await knex.raw("ALTER TABLE payments ADD COLUMN covers uuid[] NOT NULL DEFAULT '{}'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE payments DROP COLUMN covers");
  await knex.raw("ALTER TABLE bill_lines DROP COLUMN person_id");
  await knex.raw(`
    ALTER TABLE visa_applications
      DROP COLUMN family_rate_percent, DROP COLUMN billed_fee_usd_cents, DROP COLUMN billed_with_id
  `);
}
