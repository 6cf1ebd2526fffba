// A consultation's reminder also goes on the phone channel chosen on the booking form: a phone message may be about a
// booking rather than an application (a visitor who booked has no application, often no account). Erased with the
// booking.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE channel_messages ADD COLUMN booking_id uuid REFERENCES bookings (id) ON DELETE CASCADE");
  await knex.raw("CREATE INDEX channel_messages_booking_idx ON channel_messages (booking_id) WHERE booking_id IS NOT NULL");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DELETE FROM channel_messages WHERE booking_id IS NOT NULL");
  await knex.raw("ALTER TABLE channel_messages DROP COLUMN booking_id");
}
