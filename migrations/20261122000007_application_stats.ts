// Analytics and list counts at scale: per-category counts kept by triggers, so neither reads every application.
import type { Knex } from "knex";

const GROUP = "visa_type, destination_country, status, payment_status";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE application_stats (
      visa_type text,
      destination_country text,
      status text NOT NULL,
      payment_status text NOT NULL,
      count bigint NOT NULL,
      sum_amount numeric NOT NULL,
      CONSTRAINT application_stats_group UNIQUE NULLS NOT DISTINCT (${GROUP})
    )`);
  await knex.raw(`
    INSERT INTO application_stats (${GROUP}, count, sum_amount)
    SELECT ${GROUP}, count(*), sum(coalesce(amount_paid, 0)) FROM visa_applications GROUP BY ${GROUP}`);
  await knex.raw(`
    CREATE FUNCTION application_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO application_stats AS s (${GROUP}, count, sum_amount)
        VALUES (OLD.visa_type, OLD.destination_country, OLD.status, OLD.payment_status, -1, -coalesce(OLD.amount_paid, 0))
        ON CONFLICT ON CONSTRAINT application_stats_group
        DO UPDATE SET count = s.count - 1, sum_amount = s.sum_amount - coalesce(OLD.amount_paid, 0);
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO application_stats AS s (${GROUP}, count, sum_amount)
        VALUES (NEW.visa_type, NEW.destination_country, NEW.status, NEW.payment_status, 1, coalesce(NEW.amount_paid, 0))
        ON CONFLICT ON CONSTRAINT application_stats_group
        DO UPDATE SET count = s.count + 1, sum_amount = s.sum_amount + coalesce(NEW.amount_paid, 0);
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER application_stats_insert_delete AFTER INSERT OR DELETE ON visa_applications
    FOR EACH ROW EXECUTE FUNCTION application_stats_apply()`);
  // Wizard saves rewrite every column: only a change of a counted one touches the stats.
  await knex.raw(`
    CREATE TRIGGER application_stats_update AFTER UPDATE ON visa_applications
    FOR EACH ROW WHEN (
      OLD.visa_type IS DISTINCT FROM NEW.visa_type OR OLD.destination_country IS DISTINCT FROM NEW.destination_country
      OR OLD.status IS DISTINCT FROM NEW.status OR OLD.payment_status IS DISTINCT FROM NEW.payment_status
      OR OLD.amount_paid IS DISTINCT FROM NEW.amount_paid
    ) EXECUTE FUNCTION application_stats_apply()`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION get_admin_application_stats()
    RETURNS TABLE (visa_type text, destination_country text, status text, payment_status text, count bigint, avg_amount numeric)
    LANGUAGE sql STABLE
    AS $$
      SELECT s.visa_type, s.destination_country, s.status, s.payment_status, s.count, s.sum_amount / s.count
        FROM application_stats s
       WHERE s.count > 0
    $$`);
  // The admin list pages through these orders; the id makes them unique and lets a page be found in the index alone.
  await knex.raw("CREATE INDEX visa_applications_created_id_idx ON visa_applications (created_at DESC, id DESC)");
  await knex.raw("CREATE INDEX visa_applications_submitted_order_idx ON visa_applications (submitted_at DESC NULLS LAST, created_at DESC, id DESC)");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX visa_applications_submitted_order_idx");
  await knex.raw("DROP INDEX visa_applications_created_id_idx");
  await knex.raw(`
    CREATE OR REPLACE FUNCTION get_admin_application_stats()
    RETURNS TABLE (visa_type text, destination_country text, status text, payment_status text, count bigint, avg_amount numeric)
    LANGUAGE sql STABLE
    AS $$
      SELECT a.visa_type, a.destination_country, a.status, a.payment_status, count(*)::bigint, avg(coalesce(a.amount_paid, 0))
        FROM visa_applications a
       GROUP BY a.visa_type, a.destination_country, a.status, a.payment_status
    $$`);
  await knex.raw("DROP TRIGGER application_stats_update ON visa_applications");
  await knex.raw("DROP TRIGGER application_stats_insert_delete ON visa_applications");
  await knex.raw("DROP FUNCTION application_stats_apply()");
  await knex.raw("DROP TABLE application_stats");
}
