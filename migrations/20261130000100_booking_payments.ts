// Paid consultations: a booking of a paid type waits for its payment (awaiting_payment, holding its slot until
// hold_expires_at; the exclusion constraint already covers every state but cancelled), and the payments table takes a
// booking's payment (booking_id) as well as an application's: exactly one of the two, and an application's payment
// keeps its account and its dollar fee.
import type { Knex } from "knex";

const STATUSES = ["awaiting_payment", "confirmed", "cancelled", "attended", "no_show"];
const OLD_STATUSES = ["confirmed", "cancelled", "attended", "no_show"];
const list = (values: string[]) => values.map((v) => `'${v}'`).join(", ");

export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE bookings DROP CONSTRAINT bookings_status_check");
  await knex.raw(`ALTER TABLE bookings ADD CONSTRAINT bookings_status_check CHECK (status IN (${list(STATUSES)}))`);
  await knex.schema.alterTable("bookings", (t) => {
    // Until when an unpaid booking holds its slot; why a booking was cancelled by the system (unpaid).
    t.timestamp("hold_expires_at", { useTz: true });
    t.text("cancel_reason").checkIn(["unpaid"], "bookings_cancel_reason_check");
  });
  await knex.raw("ALTER TABLE bookings ADD CONSTRAINT bookings_hold_check CHECK (status <> 'awaiting_payment' OR hold_expires_at IS NOT NULL)");

  await knex.schema.alterTable("payments", (t) => {
    t.uuid("booking_id").references("bookings.id").onDelete("CASCADE");
    t.index(["booking_id"]);
  });
  await knex.raw("ALTER TABLE payments ALTER COLUMN application_id DROP NOT NULL");
  await knex.raw("ALTER TABLE payments ALTER COLUMN user_id DROP NOT NULL");
  await knex.raw("ALTER TABLE payments ALTER COLUMN fee_usd_cents DROP NOT NULL");
  await knex.raw("ALTER TABLE payments ADD CONSTRAINT payments_one_subject CHECK ((application_id IS NULL) <> (booking_id IS NULL))");
  await knex.raw(
    "ALTER TABLE payments ADD CONSTRAINT payments_application_fields CHECK (application_id IS NULL OR (user_id IS NOT NULL AND fee_usd_cents IS NOT NULL))",
  );
  await knex.raw("CREATE UNIQUE INDEX payments_booking_one_paid ON payments (booking_id) WHERE state IN ('paid', 'refunded')");
  await knex.raw("CREATE UNIQUE INDEX payments_booking_one_open ON payments (booking_id) WHERE state IN ('pending', 'awaiting_confirmation')");
}

export async function down(knex: Knex): Promise<void> {
  await knex("payments").whereNotNull("booking_id").delete();
  await knex.raw("DROP INDEX payments_booking_one_paid");
  await knex.raw("DROP INDEX payments_booking_one_open");
  await knex.raw("ALTER TABLE payments DROP CONSTRAINT payments_application_fields");
  await knex.raw("ALTER TABLE payments DROP CONSTRAINT payments_one_subject");
  await knex.raw("ALTER TABLE payments ALTER COLUMN fee_usd_cents SET NOT NULL");
  await knex.raw("ALTER TABLE payments ALTER COLUMN user_id SET NOT NULL");
  await knex.raw("ALTER TABLE payments ALTER COLUMN application_id SET NOT NULL");
  await knex.schema.alterTable("payments", (t) => t.dropColumn("booking_id"));
  // A booking still waiting for its payment is given up: the old schema has no such state.
  await knex("bookings").where({ status: "awaiting_payment" }).update({ status: "cancelled" });
  await knex.raw("ALTER TABLE bookings DROP CONSTRAINT bookings_hold_check");
  await knex.schema.alterTable("bookings", (t) => {
    t.dropColumn("cancel_reason");
    t.dropColumn("hold_expires_at");
  });
  await knex.raw("ALTER TABLE bookings DROP CONSTRAINT bookings_status_check");
  await knex.raw(`ALTER TABLE bookings ADD CONSTRAINT bookings_status_check CHECK (status IN (${list(OLD_STATUSES)}))`);
}
