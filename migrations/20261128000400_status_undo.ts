// Undo of a status change: the change's history row keeps what it replaced and the e-mail it holds back until the
// window's end; an undo is a history row of its own pointing at the change (once: unique). The status_since trigger
// keeps a time the writer set itself, so an undo puts the earlier wait back.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE application_status_history
      ADD COLUMN previous_status text,
      ADD COLUMN previous_status_since timestamptz,
      ADD COLUMN undo_until timestamptz,
      ADD COLUMN undo_message_id uuid REFERENCES email_messages (id) ON DELETE SET NULL,
      ADD COLUMN undoes uuid UNIQUE REFERENCES application_status_history (id) ON DELETE CASCADE`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION visa_applications_status_since() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.status_since IS NOT DISTINCT FROM OLD.status_since THEN
        NEW.status_since := now();
      END IF;
      RETURN NEW;
    END $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION visa_applications_status_since() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.status_since := now();
      RETURN NEW;
    END $$`);
  await knex.raw(`
    ALTER TABLE application_status_history
      DROP COLUMN undoes, DROP COLUMN undo_message_id, DROP COLUMN undo_until,
      DROP COLUMN previous_status_since, DROP COLUMN previous_status`);
}
