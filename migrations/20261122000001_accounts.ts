// Users, roles, sessions (connect-pg-simple) and rate-limit counters.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("users", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.text("email").notNullable();
    t.text("password_hash").notNullable();
    t.text("full_name").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("CREATE UNIQUE INDEX users_email_lower_unique ON users (lower(email))");

  await knex.schema.createTable("user_roles", (t) => {
    t.uuid("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.text("role").notNullable().checkIn(["admin"], "user_roles_role_check");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(["user_id", "role"]);
  });

  // The table connect-pg-simple reads and writes (its documented shape).
  await knex.schema.createTable("user_sessions", (t) => {
    t.string("sid").primary();
    t.json("sess").notNullable();
    t.timestamp("expire", { precision: 6 }).notNullable();
  });
  await knex.raw("CREATE INDEX user_sessions_expire_idx ON user_sessions (expire)");

  await knex.schema.createTable("rate_limits", (t) => {
    t.text("key").primary();
    t.integer("hits").notNullable();
    t.timestamp("reset_at", { useTz: true }).notNullable();
  });
  await knex.raw("CREATE INDEX rate_limits_reset_idx ON rate_limits (reset_at)");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("rate_limits");
  await knex.schema.dropTable("user_sessions");
  await knex.schema.dropTable("user_roles");
  await knex.schema.dropTable("users");
}
