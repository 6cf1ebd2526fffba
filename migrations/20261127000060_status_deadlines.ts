// Deadlines per status: since when each application has its status (kept by a trigger, filled from its history),
// the managers' limits in working days, and the indexes the list's "Late" filter reads at a million applications.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE visa_applications ADD COLUMN status_since timestamptz");
  await knex.raw(`
    UPDATE visa_applications a SET status_since = coalesce(
      (SELECT max(h.created_at) FROM application_status_history h WHERE h.application_id = a.id), a.created_at)`);
  await knex.raw("ALTER TABLE visa_applications ALTER COLUMN status_since SET DEFAULT now(), ALTER COLUMN status_since SET NOT NULL");
  await knex.raw(`
    CREATE FUNCTION visa_applications_status_since() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.status_since := now();
      RETURN NEW;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER visa_applications_status_since BEFORE UPDATE OF status ON visa_applications
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION visa_applications_status_since()`);
  // Only statuses with a limit can be late: small partial indexes, ordered by how long the case has waited.
  await knex.raw(
    "CREATE INDEX visa_applications_waiting_idx ON visa_applications (status, status_since) WHERE status IN ('submitted', 'under_review')",
  );
  await knex.raw(
    "CREATE INDEX visa_applications_assignee_waiting_idx ON visa_applications (assignee_id, status, status_since) WHERE status IN ('submitted', 'under_review')",
  );
  await knex.raw(`
    ALTER TABLE assignment_settings
      ADD COLUMN submitted_limit_days integer NOT NULL DEFAULT 2 CHECK (submitted_limit_days BETWEEN 1 AND 60),
      ADD COLUMN under_review_limit_days integer NOT NULL DEFAULT 10 CHECK (under_review_limit_days BETWEEN 1 AND 60)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE assignment_settings DROP COLUMN under_review_limit_days, DROP COLUMN submitted_limit_days");
  await knex.raw("DROP INDEX visa_applications_assignee_waiting_idx");
  await knex.raw("DROP INDEX visa_applications_waiting_idx");
  await knex.raw("DROP TRIGGER visa_applications_status_since ON visa_applications");
  await knex.raw("DROP FUNCTION visa_applications_status_since()");
  await knex.raw("ALTER TABLE visa_applications DROP COLUMN status_since");
}
