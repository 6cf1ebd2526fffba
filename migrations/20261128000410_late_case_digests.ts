// The morning e-mail of late cases: one row per staff member and Lagos day it was sent for, so a second run of the
// job that day sends nothing.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE late_case_digests (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      day date NOT NULL,
      cases integer NOT NULL CHECK (cases > 0),
      message_id uuid REFERENCES email_messages (id) ON DELETE SET NULL,
      PRIMARY KEY (user_id, day)
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP TABLE late_case_digests");
}
