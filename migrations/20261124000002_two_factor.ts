// Two-factor sign-in: a TOTP secret per account (encrypted by the application), when it was turned on, the last
// time step used (a code works once), and single-use recovery codes kept as hashes.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (t) => {
    // Set at enrolment, before the first code confirms it; enabled only once totp_enabled_at is set.
    t.text("totp_secret");
    t.timestamp("totp_enabled_at", { useTz: true });
    t.bigInteger("totp_last_step");
  });
  await knex.raw("ALTER TABLE users ADD CONSTRAINT users_totp_enabled_check CHECK (totp_enabled_at IS NULL OR totp_secret IS NOT NULL)");
  await knex.schema.createTable("recovery_codes", (t) => {
    t.uuid("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.text("code_hash").notNullable();
    t.timestamp("used_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(["user_id", "code_hash"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("recovery_codes");
  await knex.raw("ALTER TABLE users DROP CONSTRAINT users_totp_enabled_check");
  await knex.schema.alterTable("users", (t) => {
    t.dropColumn("totp_last_step");
    t.dropColumn("totp_enabled_at");
    t.dropColumn("totp_secret");
  });
}
