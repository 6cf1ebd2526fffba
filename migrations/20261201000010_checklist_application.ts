// A completed checklist leads to an application: the draft started from it, so the dashboard offers "Open the
// application" instead of starting a second one. The draft's deletion leaves the checklist (and lets it start another).
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE checklists ADD COLUMN application_id uuid REFERENCES visa_applications(id) ON DELETE SET NULL");
  await knex.raw("CREATE INDEX checklists_application_id ON checklists (application_id) WHERE application_id IS NOT NULL");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE checklists DROP COLUMN application_id");
}
