// A weekday may have several spans of hours (09:00-12:00 and 14:00-17:00); the table refuses two that overlap for one
// person, whatever wrote them, as the form's check does.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE staff_hours ADD CONSTRAINT staff_hours_no_overlap
    EXCLUDE USING gist (user_id WITH =, weekday WITH =, int4range(start_minute, end_minute) WITH &&)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE staff_hours DROP CONSTRAINT staff_hours_no_overlap");
}
