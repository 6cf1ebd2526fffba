// The outbox's waiting messages, indexed: /metrics counts them and finds the oldest at every scrape, and the table keeps
// every message ever sent.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("CREATE INDEX email_messages_waiting_idx ON email_messages (created_at) WHERE status = 'queued'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX email_messages_waiting_idx");
}
