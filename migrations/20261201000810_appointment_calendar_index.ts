// The staff's calendar of visa-centre appointments reads the current booked appointments of a day or a week: a
// partial index on their time keeps that a short range scan whatever the number of cases (moved, missed and skipped
// rows are not in it).
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `CREATE INDEX case_stages_appointment_at_idx ON case_stages (appointment_at, application_id)
     WHERE stage = 'appointment' AND state = 'done' AND ended_at IS NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX case_stages_appointment_at_idx");
}
