// WhatsApp and SMS through one table: each message the site sends on a phone channel is a row with its channel, its
// kind, the provider's id once accepted (unique per channel: a provider's report is matched once), its state as the
// provider reports it, the reason of a failure, what it cost, and, for an SMS sent because WhatsApp failed, the
// WhatsApp message it stands in for. A message held for quiet hours says when it may go. An SMS "STOP" (Termii's
// inbound report) ends the SMS channel, recorded like a WhatsApp STOP.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE whatsapp_outbound RENAME TO channel_messages");
  await knex.raw("ALTER TABLE channel_messages RENAME COLUMN wamid TO provider_id");
  await knex.raw("ALTER TABLE channel_messages DROP CONSTRAINT whatsapp_outbound_wamid_key");
  await knex.raw("ALTER TABLE channel_messages RENAME CONSTRAINT whatsapp_outbound_state_check TO channel_messages_state_check");
  await knex.raw("ALTER INDEX whatsapp_outbound_user_idx RENAME TO channel_messages_user_idx");
  await knex.raw(`
    ALTER TABLE channel_messages
      ADD COLUMN channel text NOT NULL DEFAULT 'whatsapp' CONSTRAINT channel_messages_channel_check CHECK (channel IN ('whatsapp', 'sms')),
      ADD COLUMN kind text NOT NULL DEFAULT 'staff_message' CONSTRAINT channel_messages_kind_check CHECK (char_length(kind) BETWEEN 1 AND 60),
      ADD COLUMN data jsonb NOT NULL DEFAULT '{}',
      ADD COLUMN cost numeric(12, 4),
      ADD COLUMN not_before timestamptz,
      ADD COLUMN fallback_for uuid REFERENCES channel_messages (id) ON DELETE SET NULL`);
  await knex.raw("ALTER TABLE channel_messages ALTER COLUMN channel DROP DEFAULT, ALTER COLUMN kind DROP DEFAULT");
  await knex.raw("CREATE UNIQUE INDEX channel_messages_provider_key ON channel_messages (channel, provider_id) WHERE provider_id IS NOT NULL");
  // At most one SMS stands in for a failed WhatsApp message, however often the failure is reported.
  await knex.raw("CREATE UNIQUE INDEX channel_messages_fallback_key ON channel_messages (fallback_for) WHERE fallback_for IS NOT NULL");
  // The staff case page's "last delivery" per channel, and the Outbox page's newest first.
  await knex.raw("CREATE INDEX channel_messages_user_channel_idx ON channel_messages (user_id, channel, created_at DESC)");
  await knex.raw("CREATE INDEX channel_messages_created_idx ON channel_messages (created_at DESC)");
  await knex.raw("ALTER TABLE channel_consents DROP CONSTRAINT channel_consents_source_check");
  await knex.raw(
    "ALTER TABLE channel_consents ADD CONSTRAINT channel_consents_source_check CHECK (source IN ('account', 'whatsapp_stop', 'sms_stop'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DELETE FROM channel_consents WHERE source = 'sms_stop'");
  await knex.raw("ALTER TABLE channel_consents DROP CONSTRAINT channel_consents_source_check");
  await knex.raw("ALTER TABLE channel_consents ADD CONSTRAINT channel_consents_source_check CHECK (source IN ('account', 'whatsapp_stop'))");
  await knex.raw("DELETE FROM channel_messages WHERE channel = 'sms'");
  await knex.raw("DROP INDEX channel_messages_created_idx");
  await knex.raw("DROP INDEX channel_messages_user_channel_idx");
  await knex.raw("DROP INDEX channel_messages_fallback_key");
  await knex.raw("DROP INDEX channel_messages_provider_key");
  await knex.raw(
    "ALTER TABLE channel_messages DROP COLUMN fallback_for, DROP COLUMN not_before, DROP COLUMN cost, DROP COLUMN data, DROP COLUMN kind, DROP COLUMN channel",
  );
  await knex.raw("ALTER INDEX channel_messages_user_idx RENAME TO whatsapp_outbound_user_idx");
  await knex.raw("ALTER TABLE channel_messages RENAME CONSTRAINT channel_messages_state_check TO whatsapp_outbound_state_check");
  await knex.raw("ALTER TABLE channel_messages RENAME COLUMN provider_id TO wamid");
  await knex.raw("ALTER TABLE channel_messages ADD CONSTRAINT whatsapp_outbound_wamid_key UNIQUE (wamid)");
  await knex.raw("ALTER TABLE channel_messages RENAME TO whatsapp_outbound");
}
