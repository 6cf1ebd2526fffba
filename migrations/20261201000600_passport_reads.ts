// What the job worker read from an application's passport scan (its machine-readable zone): one row per application,
// for the scan file it was read from. A new scan replaces the row (pending until the job has read it). The fields
// are kept only when every check digit passed; "unreadable" keeps none.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE passport_reads (
      application_id uuid PRIMARY KEY REFERENCES visa_applications (id) ON DELETE CASCADE,
      scan_path text NOT NULL,
      state text NOT NULL DEFAULT 'pending'
        CONSTRAINT passport_reads_state_check CHECK (state IN ('pending', 'read', 'unreadable')),
      fields jsonb,
      read_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT passport_reads_fields_check CHECK ((state = 'read') = (fields IS NOT NULL))
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP TABLE passport_reads");
}
