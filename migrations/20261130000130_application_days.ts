// Applications started and first submitted per Lagos day, kept by a trigger like application_stats. Two readers at a
// million applications: the analytics page's weekly counts (counting 12 weeks of index entries, about 155,000 rows,
// took 90 ms a request) and a deep page of the All list in creation order (an offset of 500,000 index entries took
// 107 ms): the days before a page's first row say which day it starts in, and only that day is skipped row by row.
// Lagos keeps UTC+1 all year, so a day is a fixed 24 hours of timestamptz.
import type { Knex } from "knex";

const LAGOS_DAY = (column: string) => `(${column} AT TIME ZONE 'Africa/Lagos')::date`;

export async function up(knex: Knex): Promise<void> {
  // Writes wait while the counts are taken and the trigger is made (the migration's transaction), so none is missed;
  // reads go on. About 20 s at a million applications.
  await knex.raw("LOCK TABLE visa_applications IN SHARE ROW EXCLUSIVE MODE");
  await knex.raw(`
    CREATE TABLE application_days (
      day date PRIMARY KEY,
      started integer NOT NULL DEFAULT 0,
      submitted integer NOT NULL DEFAULT 0
    )`);
  await knex.raw(`
    INSERT INTO application_days (day, started, submitted)
    SELECT day, sum(started), sum(submitted) FROM (
      SELECT ${LAGOS_DAY("created_at")} AS day, count(*) AS started, 0 AS submitted FROM visa_applications GROUP BY 1
      UNION ALL
      SELECT ${LAGOS_DAY("submitted_at")}, 0, count(*) FROM visa_applications WHERE submitted_at IS NOT NULL GROUP BY 1
    ) d GROUP BY day`);
  await knex.raw(`
    CREATE FUNCTION application_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE application_days SET started = started - 1 WHERE day = ${LAGOS_DAY("OLD.created_at")};
        IF OLD.submitted_at IS NOT NULL THEN
          UPDATE application_days SET submitted = submitted - 1 WHERE day = ${LAGOS_DAY("OLD.submitted_at")};
        END IF;
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO application_days AS d (day, started) VALUES (${LAGOS_DAY("NEW.created_at")}, 1)
        ON CONFLICT (day) DO UPDATE SET started = d.started + 1;
        IF NEW.submitted_at IS NOT NULL THEN
          INSERT INTO application_days AS d (day, submitted) VALUES (${LAGOS_DAY("NEW.submitted_at")}, 1)
          ON CONFLICT (day) DO UPDATE SET submitted = d.submitted + 1;
        END IF;
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER application_days_insert_delete AFTER INSERT OR DELETE ON visa_applications
    FOR EACH ROW EXECUTE FUNCTION application_days_apply()`);
  // Only a change of either moment moves a count (a submission sets submitted_at once; a resubmission keeps it).
  await knex.raw(`
    CREATE TRIGGER application_days_update AFTER UPDATE ON visa_applications
    FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.submitted_at IS DISTINCT FROM NEW.submitted_at)
    EXECUTE FUNCTION application_days_apply()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP TRIGGER application_days_update ON visa_applications");
  await knex.raw("DROP TRIGGER application_days_insert_delete ON visa_applications");
  await knex.raw("DROP FUNCTION application_days_apply()");
  await knex.raw("DROP TABLE application_days");
}
