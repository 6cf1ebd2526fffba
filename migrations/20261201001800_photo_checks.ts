// What the job worker measured of an application's passport photo and the destination's rules it failed: one row
// per application, for the photo file it was measured from. A new photo replaces the row (pending until the job has
// measured it). "unreadable": the file could not be opened as an image. Warnings only: nothing depends on them.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE photo_checks (
      application_id uuid PRIMARY KEY REFERENCES visa_applications (id) ON DELETE CASCADE,
      photo_path text NOT NULL,
      state text NOT NULL DEFAULT 'pending'
        CONSTRAINT photo_checks_state_check CHECK (state IN ('pending', 'checked', 'unreadable')),
      measures jsonb,
      rules_of text,
      warnings jsonb NOT NULL DEFAULT '[]'::jsonb,
      checked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT photo_checks_measures_check CHECK ((state = 'checked') = (measures IS NOT NULL))
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP TABLE photo_checks");
}
