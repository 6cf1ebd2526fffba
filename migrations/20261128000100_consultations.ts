// Consultations: the types managers offer, staff hours and days off, bookings (never two at once for one person,
// refused by the database), their single-purpose link tokens (hashes only) and the booking settings.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("CREATE EXTENSION IF NOT EXISTS btree_gist");

  await knex.schema.createTable("consultation_types", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.text("name").notNullable();
    t.integer("minutes").notNullable();
    // 0 is a free consultation; otherwise its price in kobo.
    t.integer("price_kobo").notNullable().defaultTo(0);
    t.text("mode").notNullable().checkIn(["office", "video", "phone"], "consultation_types_mode_check");
    t.boolean("active").notNullable().defaultTo(true);
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("ALTER TABLE consultation_types ADD CONSTRAINT consultation_types_minutes_check CHECK (minutes BETWEEN 10 AND 240)");
  await knex.raw("ALTER TABLE consultation_types ADD CONSTRAINT consultation_types_price_check CHECK (price_kobo >= 0)");

  // A staff member who takes consultations: the buffer after each meeting and the hash of their calendar feed's secret.
  await knex.schema.createTable("consultation_staff", (t) => {
    t.uuid("user_id").primary().references("users.id").onDelete("CASCADE");
    t.integer("buffer_minutes").notNullable().defaultTo(15);
    t.text("feed_token_hash").unique();
  });
  await knex.raw("ALTER TABLE consultation_staff ADD CONSTRAINT consultation_staff_buffer_check CHECK (buffer_minutes BETWEEN 0 AND 120)");

  // Weekly hours in Africa/Lagos, as minutes after midnight.
  await knex.schema.createTable("staff_hours", (t) => {
    t.uuid("user_id").notNullable().references("consultation_staff.user_id").onDelete("CASCADE");
    t.integer("weekday").notNullable();
    t.integer("start_minute").notNullable();
    t.integer("end_minute").notNullable();
    t.primary(["user_id", "weekday", "start_minute"]);
  });
  await knex.raw(
    "ALTER TABLE staff_hours ADD CONSTRAINT staff_hours_range_check CHECK (weekday BETWEEN 0 AND 6 AND start_minute >= 0 AND end_minute <= 1440 AND start_minute < end_minute)",
  );

  await knex.schema.createTable("staff_days_off", (t) => {
    t.uuid("user_id").notNullable().references("consultation_staff.user_id").onDelete("CASCADE");
    t.date("day").notNullable();
    t.primary(["user_id", "day"]);
  });

  await knex.schema.createTable("bookings", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.uuid("type_id").notNullable().references("consultation_types.id");
    t.uuid("staff_id").notNullable().references("consultation_staff.user_id");
    t.timestamp("starts_at", { useTz: true }).notNullable();
    t.timestamp("ends_at", { useTz: true }).notNullable();
    // ends_at plus the staff member's buffer when booked: the time nobody else may take (an index needs a column,
    // since timestamptz + interval is not immutable).
    t.timestamp("blocked_until", { useTz: true }).notNullable();
    t.text("name").notNullable();
    t.text("email").notNullable();
    t.text("phone").notNullable();
    t.text("destination").notNullable();
    t.text("visa_type").notNullable();
    t.text("status").notNullable().defaultTo("confirmed").checkIn(["confirmed", "cancelled", "attended", "no_show"], "bookings_status_check");
    t.integer("sequence").notNullable().defaultTo(0);
    t.text("uid").notNullable().unique();
    t.uuid("user_id").references("users.id").onDelete("SET NULL");
    t.text("note");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("ALTER TABLE bookings ADD CONSTRAINT bookings_times_check CHECK (starts_at < ends_at AND ends_at <= blocked_until)");
  await knex.raw(`ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap
    EXCLUDE USING gist (staff_id WITH =, tstzrange(starts_at, blocked_until) WITH &&) WHERE (status <> 'cancelled')`);
  await knex.raw("CREATE INDEX bookings_starts_idx ON bookings (starts_at)");

  await knex.schema.createTable("booking_tokens", (t) => {
    t.text("token_hash").primary();
    t.uuid("booking_id").notNullable().references("bookings.id").onDelete("CASCADE");
    t.text("purpose").notNullable().checkIn(["reschedule", "cancel"], "booking_tokens_purpose_check");
    t.timestamp("used_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("CREATE INDEX booking_tokens_booking_idx ON booking_tokens (booking_id)");

  // One row: how far ahead a booking must be made, and how far ahead it may be.
  await knex.schema.createTable("booking_settings", (t) => {
    t.boolean("id").primary().defaultTo(true);
    t.integer("notice_hours").notNullable().defaultTo(12);
    t.integer("horizon_weeks").notNullable().defaultTo(4);
  });
  await knex.raw("ALTER TABLE booking_settings ADD CONSTRAINT booking_settings_one_row CHECK (id)");
  await knex.raw(
    "ALTER TABLE booking_settings ADD CONSTRAINT booking_settings_range_check CHECK (notice_hours BETWEEN 0 AND 336 AND horizon_weeks BETWEEN 1 AND 26)",
  );
  await knex("booking_settings").insert({ id: true });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ["booking_settings", "booking_tokens", "bookings", "staff_days_off", "staff_hours", "consultation_staff", "consultation_types"])
    await knex.schema.dropTable(table);
}
