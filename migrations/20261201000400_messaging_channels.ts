// WhatsApp and SMS as channels. A person's consent to each, kept as history: every opt-in, opt-out (from the account
// page, or a STOP on WhatsApp) and re-opt-in is a new row with the number, the exact words shown and where it was
// given; the latest row per person and channel is what holds now, and nothing is sent without an opted-in one.
// WhatsApp messages received: each once (Meta's message id is unique), where it went (the case's conversation, the
// staff inbox, or a STOP). A conversation's message says when it came by WhatsApp.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE channel_consents (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      channel text NOT NULL CONSTRAINT channel_consents_channel_check CHECK (channel IN ('whatsapp', 'sms')),
      phone text NOT NULL CONSTRAINT channel_consents_phone_check CHECK (phone ~ '^\\+[1-9][0-9]{7,14}$'),
      opted_in boolean NOT NULL,
      words text NOT NULL CONSTRAINT channel_consents_words_check CHECK (char_length(words) BETWEEN 1 AND 1000),
      source text NOT NULL CONSTRAINT channel_consents_source_check CHECK (source IN ('account', 'whatsapp_stop')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  // The latest row per person and channel (the rows only grow: id orders them).
  await knex.raw("CREATE INDEX channel_consents_latest_idx ON channel_consents (user_id, channel, id DESC)");
  await knex.raw("CREATE INDEX channel_consents_phone_idx ON channel_consents (phone, channel)");
  await knex.raw(`
    CREATE TABLE whatsapp_inbound (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      wamid text NOT NULL CONSTRAINT whatsapp_inbound_wamid_key UNIQUE CHECK (char_length(wamid) BETWEEN 1 AND 200),
      from_phone text NOT NULL,
      profile_name text,
      kind text NOT NULL,
      body text,
      sent_at timestamptz,
      received_at timestamptz NOT NULL DEFAULT now(),
      outcome text NOT NULL CONSTRAINT whatsapp_inbound_outcome_check CHECK (outcome IN ('conversation', 'inbox', 'stop')),
      user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      message_id uuid REFERENCES application_messages (id) ON DELETE SET NULL
    )`);
  await knex.raw("CREATE INDEX whatsapp_inbound_inbox_idx ON whatsapp_inbound (received_at DESC) WHERE outcome = 'inbox'");
  await knex.raw("CREATE INDEX whatsapp_inbound_user_idx ON whatsapp_inbound (user_id) WHERE user_id IS NOT NULL");
  await knex.raw(
    "ALTER TABLE application_messages ADD COLUMN channel text NOT NULL DEFAULT 'web' CONSTRAINT application_messages_channel_check CHECK (channel IN ('web', 'whatsapp'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE application_messages DROP COLUMN channel");
  await knex.raw("DROP TABLE whatsapp_inbound");
  await knex.raw("DROP TABLE channel_consents");
}
