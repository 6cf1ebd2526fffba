// Consent to WhatsApp and SMS given where the person first meets the consultancy, not only on My account: ticked on
// the sign-up form (stored with the account, source "signup"), or on the consultation booking form. A booking has no
// account, so its choice is kept with the booking (the number, the exact words shown, the date) and becomes the
// account's consent history, source "booking", when the booking is linked to an account; a STOP from the number
// before then ends it there.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE channel_consents DROP CONSTRAINT channel_consents_source_check");
  await knex.raw(
    "ALTER TABLE channel_consents ADD CONSTRAINT channel_consents_source_check CHECK (source IN ('account', 'whatsapp_stop', 'sms_stop', 'signup', 'booking'))",
  );
  await knex.raw(`
    CREATE TABLE booking_consents (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
      channel text NOT NULL CONSTRAINT booking_consents_channel_check CHECK (channel IN ('whatsapp', 'sms')),
      phone text NOT NULL CONSTRAINT booking_consents_phone_check CHECK (phone ~ '^\\+[1-9][0-9]{7,14}$'),
      words text NOT NULL CONSTRAINT booking_consents_words_check CHECK (char_length(words) BETWEEN 1 AND 1000),
      created_at timestamptz NOT NULL DEFAULT now(),
      -- A STOP from the number before the booking had an account: never carried to one.
      ended_at timestamptz,
      -- When it became the account's consent history (once).
      carried_at timestamptz,
      CONSTRAINT booking_consents_once UNIQUE (booking_id, channel)
    )`);
  await knex.raw("CREATE INDEX booking_consents_phone_idx ON booking_consents (phone, channel) WHERE ended_at IS NULL AND carried_at IS NULL");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP TABLE booking_consents");
  await knex.raw("DELETE FROM channel_consents WHERE source IN ('signup', 'booking')");
  await knex.raw("ALTER TABLE channel_consents DROP CONSTRAINT channel_consents_source_check");
  await knex.raw(
    "ALTER TABLE channel_consents ADD CONSTRAINT channel_consents_source_check CHECK (source IN ('account', 'whatsapp_stop', 'sms_stop'))",
  );
}
