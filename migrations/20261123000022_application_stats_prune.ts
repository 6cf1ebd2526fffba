// application_stats drops a category whose count reaches zero, so free-text destinations cannot grow it for ever.
import type { Knex } from "knex";

const GROUP = "visa_type, destination_country, status, payment_status";

/** The trigger function of 20261122000007, with `prune` run after the old row's category is decremented. */
const applyFunction = (prune: string) => `
  CREATE OR REPLACE FUNCTION application_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    remaining bigint;
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      INSERT INTO application_stats AS s (${GROUP}, count, sum_amount)
      VALUES (OLD.visa_type, OLD.destination_country, OLD.status, OLD.payment_status, -1, -coalesce(OLD.amount_paid, 0))
      ON CONFLICT ON CONSTRAINT application_stats_group
      DO UPDATE SET count = s.count - 1, sum_amount = s.sum_amount - coalesce(OLD.amount_paid, 0)
      RETURNING s.count INTO remaining;
      ${prune}
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      INSERT INTO application_stats AS s (${GROUP}, count, sum_amount)
      VALUES (NEW.visa_type, NEW.destination_country, NEW.status, NEW.payment_status, 1, coalesce(NEW.amount_paid, 0))
      ON CONFLICT ON CONSTRAINT application_stats_group
      DO UPDATE SET count = s.count + 1, sum_amount = s.sum_amount + coalesce(NEW.amount_paid, 0);
    END IF;
    RETURN NULL;
  END $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    applyFunction(`IF remaining = 0 THEN
        DELETE FROM application_stats
         WHERE count = 0 AND status = OLD.status AND payment_status = OLD.payment_status
           AND visa_type IS NOT DISTINCT FROM OLD.visa_type AND destination_country IS NOT DISTINCT FROM OLD.destination_country;
      END IF;`),
  );
  await knex.raw("DELETE FROM application_stats WHERE count = 0");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(applyFunction(""));
}
