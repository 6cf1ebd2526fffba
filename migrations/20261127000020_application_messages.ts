// One conversation per application: the applicant and staff write to each other. Each message records when the other
// side read it (read_at, read_by), so "unread" is a lookup in a small partial index, never a scan of the thread.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE application_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      application_id uuid NOT NULL REFERENCES visa_applications (id) ON DELETE CASCADE,
      author_id uuid NOT NULL REFERENCES users (id),
      author_role text NOT NULL CONSTRAINT application_messages_author_role_check CHECK (author_role IN ('applicant', 'staff')),
      body text NOT NULL CONSTRAINT application_messages_body_check CHECK (char_length(body) <= 4000 AND body ~ '[^[:space:]]'),
      created_at timestamptz NOT NULL DEFAULT now(),
      -- When the other side first read it (any staff member, for an applicant's message), and who.
      read_at timestamptz,
      read_by uuid REFERENCES users (id) ON DELETE SET NULL
    )`);
  await knex.raw("CREATE INDEX application_messages_thread_idx ON application_messages (application_id, created_at, id)");
  // The unread counts of the admin list, the dashboard and the thread: only unread messages are in it.
  await knex.raw("CREATE INDEX application_messages_unread_idx ON application_messages (application_id, author_role) WHERE read_at IS NULL");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP TABLE application_messages");
}
