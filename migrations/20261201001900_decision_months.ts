// The owner's figures of the embassies' decisions, kept per Lagos month by the database itself: Analytics and the
// success stories page read at most 60 months of sums and a histogram of days, whatever the number of cases behind
// them (at a million applications three years are about 190,000 decisions, each joined to its case for its visa type
// and sorted for the median on every request). The lodging row keeps the case's visa type (locked long before a case
// is lodged), so nothing joins visa_applications. A trigger on case_stages takes the old lodging row's part out of the
// sums and puts the new one's in: corrections, skips, ended rows and deletions (a case deleted cascades) keep them true.
// `decision_months_rebuild()` sums them again from the rows (the backfill here, and after a bulk load without triggers).
import type { Knex } from "knex";

/** A lodging row the figures count: the same rows the figures counted before. */
const COUNTED = (r: string) => `${r}.stage = 'lodged' AND ${r}.state = 'done' AND ${r}.ended_at IS NULL AND ${r}.on_date IS NOT NULL`;

export async function up(knex: Knex): Promise<void> {
  // Writes wait while the column is filled, the sums are taken and the triggers made, so none is missed.
  await knex.raw("LOCK TABLE case_stages IN SHARE ROW EXCLUSIVE MODE");
  await knex.raw(`ALTER TABLE case_stages ADD COLUMN visa_type text,
    ADD CONSTRAINT case_stages_visa_type_check CHECK (stage = 'lodged' OR visa_type IS NULL)`);
  await knex.raw(`UPDATE case_stages l SET visa_type = a.visa_type FROM visa_applications a
    WHERE l.stage = 'lodged' AND a.id = l.application_id AND a.visa_type IS NOT NULL`);
  // A lodging recorded without its visa type takes the case's.
  await knex.raw(`CREATE FUNCTION case_stages_lodging_visa_type() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.visa_type := (SELECT visa_type FROM visa_applications WHERE id = NEW.application_id);
      RETURN NEW;
    END $$`);
  await knex.raw(`CREATE TRIGGER case_stages_lodging_visa_type BEFORE INSERT ON case_stages
    FOR EACH ROW WHEN (NEW.stage = 'lodged' AND NEW.visa_type IS NULL) EXECUTE FUNCTION case_stages_lodging_visa_type()`);

  // Per month (its first day), destination ('' for one outside the catalogue) and visa type ('other' when none): the
  // forms lodged that month, the decisions recorded that month and how many were issued.
  await knex.raw(`CREATE TABLE decision_months (
    month date NOT NULL,
    destination text NOT NULL,
    visa_type text NOT NULL,
    lodged integer NOT NULL DEFAULT 0,
    decided integer NOT NULL DEFAULT 0,
    issued integer NOT NULL DEFAULT 0,
    PRIMARY KEY (month, destination, visa_type)
  )`);
  // The decisions of a month by their days from lodging: the median of any months is read from these counts.
  await knex.raw(`CREATE TABLE decision_month_days (
    month date NOT NULL,
    destination text NOT NULL,
    visa_type text NOT NULL,
    days integer NOT NULL,
    decisions integer NOT NULL,
    PRIMARY KEY (month, destination, visa_type, days)
  )`);

  // One lodging row's part in the sums, `k` = 1 to add it, -1 to take it out.
  await knex.raw(`CREATE FUNCTION decision_months_add(r case_stages, k integer) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      dest text := coalesce(r.destination, '');
      vt text := coalesce(r.visa_type, 'other');
    BEGIN
      INSERT INTO decision_months AS m (month, destination, visa_type, lodged)
      VALUES (date_trunc('month', r.on_date)::date, dest, vt, k)
      ON CONFLICT (month, destination, visa_type) DO UPDATE SET lodged = m.lodged + k;
      IF r.decided_on IS NOT NULL THEN
        INSERT INTO decision_months AS m (month, destination, visa_type, decided, issued)
        VALUES (date_trunc('month', r.decided_on)::date, dest, vt, k, CASE WHEN r.outcome = 'issued' THEN k ELSE 0 END)
        ON CONFLICT (month, destination, visa_type) DO UPDATE
          SET decided = m.decided + k, issued = m.issued + EXCLUDED.issued;
        INSERT INTO decision_month_days AS h (month, destination, visa_type, days, decisions)
        VALUES (date_trunc('month', r.decided_on)::date, dest, vt, r.decided_on - r.on_date, k)
        ON CONFLICT (month, destination, visa_type, days) DO UPDATE SET decisions = h.decisions + k;
      END IF;
    END $$`);
  await knex.raw(`CREATE FUNCTION decision_months_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') AND ${COUNTED("OLD")} THEN
        PERFORM decision_months_add(OLD, -1);
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') AND ${COUNTED("NEW")} THEN
        PERFORM decision_months_add(NEW, 1);
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER decision_months_insert AFTER INSERT ON case_stages
    FOR EACH ROW WHEN (NEW.stage = 'lodged') EXECUTE FUNCTION decision_months_apply()`);
  await knex.raw(`CREATE TRIGGER decision_months_delete AFTER DELETE ON case_stages
    FOR EACH ROW WHEN (OLD.stage = 'lodged') EXECUTE FUNCTION decision_months_apply()`);
  await knex.raw(`CREATE TRIGGER decision_months_update AFTER UPDATE ON case_stages
    FOR EACH ROW WHEN ((OLD.stage = 'lodged' OR NEW.stage = 'lodged') AND
      (OLD.stage, OLD.state, OLD.ended_at, OLD.on_date, OLD.destination, OLD.visa_type, OLD.decided_on, OLD.outcome)
      IS DISTINCT FROM (NEW.stage, NEW.state, NEW.ended_at, NEW.on_date, NEW.destination, NEW.visa_type, NEW.decided_on, NEW.outcome))
    EXECUTE FUNCTION decision_months_apply()`);

  // The sums again from the lodging rows; writes to case_stages wait meanwhile.
  await knex.raw(`CREATE FUNCTION decision_months_rebuild() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      LOCK TABLE case_stages IN SHARE ROW EXCLUSIVE MODE;
      DELETE FROM decision_months;
      DELETE FROM decision_month_days;
      INSERT INTO decision_months (month, destination, visa_type, lodged, decided, issued)
      SELECT month, destination, visa_type, sum(lodged), sum(decided), sum(issued)
        FROM (SELECT date_trunc('month', l.on_date)::date AS month, coalesce(l.destination, '') AS destination,
                     coalesce(l.visa_type, 'other') AS visa_type, 1 AS lodged, 0 AS decided, 0 AS issued
                FROM case_stages l WHERE ${COUNTED("l")}
              UNION ALL
              SELECT date_trunc('month', l.decided_on)::date, coalesce(l.destination, ''), coalesce(l.visa_type, 'other'),
                     0, 1, (l.outcome = 'issued')::int
                FROM case_stages l WHERE ${COUNTED("l")} AND l.decided_on IS NOT NULL) x
       GROUP BY 1, 2, 3;
      INSERT INTO decision_month_days (month, destination, visa_type, days, decisions)
      SELECT date_trunc('month', l.decided_on)::date, coalesce(l.destination, ''), coalesce(l.visa_type, 'other'),
             l.decided_on - l.on_date, count(*)
        FROM case_stages l WHERE ${COUNTED("l")} AND l.decided_on IS NOT NULL
       GROUP BY 1, 2, 3, 4;
    END $$`);
  await knex.raw("SELECT decision_months_rebuild()");

  // Nothing reads the lodging rows by day any more.
  await knex.raw("DROP INDEX case_stages_lodged_on_idx");
  await knex.raw("DROP INDEX case_stages_decided_on_idx");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX case_stages_lodged_on_idx ON case_stages (on_date) INCLUDE (destination, application_id)
    WHERE stage = 'lodged' AND state = 'done' AND ended_at IS NULL`);
  await knex.raw(`CREATE INDEX case_stages_decided_on_idx ON case_stages (decided_on) INCLUDE (destination, application_id, on_date, outcome)
    WHERE stage = 'lodged' AND state = 'done' AND ended_at IS NULL AND decided_on IS NOT NULL`);
  await knex.raw("DROP TRIGGER decision_months_update ON case_stages");
  await knex.raw("DROP TRIGGER decision_months_delete ON case_stages");
  await knex.raw("DROP TRIGGER decision_months_insert ON case_stages");
  await knex.raw("DROP FUNCTION decision_months_rebuild()");
  await knex.raw("DROP FUNCTION decision_months_apply()");
  await knex.raw("DROP FUNCTION decision_months_add(case_stages, integer)");
  await knex.raw("DROP TABLE decision_month_days");
  await knex.raw("DROP TABLE decision_months");
  await knex.raw("DROP TRIGGER case_stages_lodging_visa_type ON case_stages");
  await knex.raw("DROP FUNCTION case_stages_lodging_visa_type()");
  await knex.raw("ALTER TABLE case_stages DROP CONSTRAINT case_stages_visa_type_check, DROP COLUMN visa_type");
}
