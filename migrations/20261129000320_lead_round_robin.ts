// New leads go round the staff like new cases: the leads' own place in the rotation (the staff member who had the
// last one), beside the cases' place in the one settings row whose lock makes concurrent creations take turns.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE assignment_settings ADD COLUMN last_lead_owner_id uuid REFERENCES users(id) ON DELETE SET NULL");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE assignment_settings DROP COLUMN last_lead_owner_id");
}
