// WhatsApp messages the site sends: for now one kind, the notice of a staff message in a case's conversation, sent
// only to a client who chose WhatsApp and wrote from that number within WhatsApp's 24-hour window. Each keeps what was
// sent (a link, never the words of the case), Meta's id once accepted, and its state as Meta's status updates report it.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE whatsapp_outbound (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid REFERENCES users (id) ON DELETE CASCADE,
      application_id uuid REFERENCES visa_applications (id) ON DELETE CASCADE,
      to_phone text NOT NULL,
      body text,
      state text NOT NULL DEFAULT 'queued'
        CONSTRAINT whatsapp_outbound_state_check CHECK (state IN ('queued', 'sent', 'delivered', 'read', 'failed', 'not_sent')),
      wamid text CONSTRAINT whatsapp_outbound_wamid_key UNIQUE,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw("CREATE INDEX whatsapp_outbound_user_idx ON whatsapp_outbound (user_id)");
  // The 24-hour window: the latest message received from a number.
  await knex.raw("CREATE INDEX whatsapp_inbound_from_idx ON whatsapp_inbound (from_phone, received_at DESC)");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX whatsapp_inbound_from_idx");
  await knex.raw("DROP TABLE whatsapp_outbound");
}
