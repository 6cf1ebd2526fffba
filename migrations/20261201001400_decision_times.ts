// The usual decision time of each destination (days from lodging to the embassy's decision, with where the figure comes
// from and when it was checked), kept by managers; and what the late list and the owner's figures read from a case's
// lodging row: its destination (the catalogue's name, written when the form is lodged) and the day and outcome of its
// decision, copied there by a trigger when the decision is recorded or corrected. A lodged case still waiting is then
// one partial index entry by destination and lodging day, whatever the number of decided cases behind it.
import type { Knex } from "knex";
import { catalogueDestination } from "../server/domain/requirements.ts";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE decision_times (
    destination text PRIMARY KEY CONSTRAINT decision_times_destination_check CHECK (length(btrim(destination)) BETWEEN 1 AND 80),
    usual_days integer NOT NULL CONSTRAINT decision_times_days_check CHECK (usual_days BETWEEN 1 AND 365),
    source text NOT NULL CONSTRAINT decision_times_source_check CHECK (length(btrim(source)) BETWEEN 1 AND 200),
    checked_on date NOT NULL,
    updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);

  await knex.raw(`ALTER TABLE case_stages
    ADD COLUMN destination text,
    ADD COLUMN decided_on date,
    ADD COLUMN outcome text CONSTRAINT case_stages_outcome_check CHECK (outcome IN ('issued', 'refused')),
    ADD CONSTRAINT case_stages_lodging_columns_check CHECK (stage = 'lodged' OR (destination IS NULL AND decided_on IS NULL AND outcome IS NULL))`);

  // The decision's day and outcome on the case's current lodging row. A decision is never skipped nor removed, so an
  // insert or a correction is all there is to follow.
  await knex.raw(`CREATE FUNCTION case_stages_copy_decision() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE case_stages SET decided_on = NEW.on_date, outcome = NEW.details->>'outcome'
       WHERE application_id = NEW.application_id AND stage = 'lodged' AND ended_at IS NULL;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER case_stages_copy_decision AFTER INSERT OR UPDATE OF on_date, details ON case_stages
    FOR EACH ROW WHEN (NEW.stage = 'decision' AND NEW.state = 'done' AND NEW.ended_at IS NULL)
    EXECUTE FUNCTION case_stages_copy_decision()`);

  await knex.raw(`UPDATE case_stages l SET decided_on = d.on_date, outcome = d.details->>'outcome'
    FROM case_stages d
    WHERE l.stage = 'lodged' AND l.ended_at IS NULL
      AND d.application_id = l.application_id AND d.stage = 'decision' AND d.state = 'done' AND d.ended_at IS NULL`);
  // The lodging rows recorded so far get their destination as recording one does now.
  const lodged = await knex("case_stages as l")
    .join("visa_applications as a", "a.id", "l.application_id")
    .where("l.stage", "lodged")
    .select("l.id", "a.destination_country");
  for (const r of lodged) {
    const destination = catalogueDestination(r.destination_country);
    if (destination) await knex("case_stages").where({ id: r.id }).update({ destination });
  }

  // The late list: lodged cases still waiting for their decision, by destination and lodging day.
  await knex.raw(`CREATE INDEX case_stages_awaiting_decision_idx ON case_stages (destination, on_date)
    WHERE stage = 'lodged' AND state = 'done' AND ended_at IS NULL AND decided_on IS NULL`);
  // The owner's figures: lodgings by day, and decisions by day (with what the median needs beside it).
  await knex.raw(`CREATE INDEX case_stages_lodged_on_idx ON case_stages (on_date) INCLUDE (destination, application_id)
    WHERE stage = 'lodged' AND state = 'done' AND ended_at IS NULL`);
  await knex.raw(`CREATE INDEX case_stages_decided_on_idx ON case_stages (decided_on) INCLUDE (destination, application_id, on_date, outcome)
    WHERE stage = 'lodged' AND state = 'done' AND ended_at IS NULL AND decided_on IS NOT NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP TRIGGER case_stages_copy_decision ON case_stages");
  await knex.raw("DROP FUNCTION case_stages_copy_decision()");
  await knex.raw(`ALTER TABLE case_stages DROP CONSTRAINT case_stages_lodging_columns_check,
    DROP COLUMN destination, DROP COLUMN decided_on, DROP COLUMN outcome`);
  await knex.raw("DROP TABLE decision_times");
}
