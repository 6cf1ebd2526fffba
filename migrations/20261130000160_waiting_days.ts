// Each staff member's open cases (submitted, under review) per status and the Lagos day their status began, kept by a
// trigger like application_days. The analytics page's late cases per officer are the open ones less those within
// their status's limit; at a million applications that meant counting about 20,000 index entries per officer
// (most cases under review are within their ten working days), 50-80 ms a request. With these counts only the
// cutoff's own day is counted row by row. Lagos keeps UTC+1 all year, so a day is a fixed 24 hours of timestamptz.
import type { Knex } from "knex";

const LAGOS_DAY = (column: string) => `(${column} AT TIME ZONE 'Africa/Lagos')::date`;
const OPEN = "('submitted', 'under_review')";

/** The counts taken from the applications themselves (the migration's backfill, and the bench's after a bulk load). */
export const WAITING_DAYS_FILL = `
  INSERT INTO waiting_days (assignee_id, status, day, count)
  SELECT assignee_id, status, ${LAGOS_DAY("status_since")}, count(*)
    FROM visa_applications WHERE status IN ${OPEN} AND assignee_id IS NOT NULL GROUP BY 1, 2, 3`;

export async function up(knex: Knex): Promise<void> {
  // Writes wait while the counts are taken and the trigger is made (the migration's transaction), so none is missed.
  await knex.raw("LOCK TABLE visa_applications IN SHARE ROW EXCLUSIVE MODE");
  await knex.raw(`
    CREATE TABLE waiting_days (
      assignee_id uuid NOT NULL,
      status text NOT NULL,
      day date NOT NULL,
      count integer NOT NULL DEFAULT 0,
      PRIMARY KEY (assignee_id, status, day)
    )`);
  await knex.raw(WAITING_DAYS_FILL);
  await knex.raw(`
    CREATE FUNCTION waiting_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status IN ${OPEN} AND OLD.assignee_id IS NOT NULL THEN
        UPDATE waiting_days SET count = count - 1
         WHERE assignee_id = OLD.assignee_id AND status = OLD.status AND day = ${LAGOS_DAY("OLD.status_since")};
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status IN ${OPEN} AND NEW.assignee_id IS NOT NULL THEN
        INSERT INTO waiting_days AS w (assignee_id, status, day, count)
        VALUES (NEW.assignee_id, NEW.status, ${LAGOS_DAY("NEW.status_since")}, 1)
        ON CONFLICT (assignee_id, status, day) DO UPDATE SET count = w.count + 1;
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER waiting_days_insert_delete AFTER INSERT OR DELETE ON visa_applications
    FOR EACH ROW EXECUTE FUNCTION waiting_days_apply()`);
  await knex.raw(`
    CREATE TRIGGER waiting_days_update AFTER UPDATE ON visa_applications
    FOR EACH ROW WHEN ((OLD.status, OLD.assignee_id, OLD.status_since) IS DISTINCT FROM (NEW.status, NEW.assignee_id, NEW.status_since))
    EXECUTE FUNCTION waiting_days_apply()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP TRIGGER waiting_days_update ON visa_applications");
  await knex.raw("DROP TRIGGER waiting_days_insert_delete ON visa_applications");
  await knex.raw("DROP FUNCTION waiting_days_apply()");
  await knex.raw("DROP TABLE waiting_days");
}
