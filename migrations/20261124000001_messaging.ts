// Messaging: the record of every e-mail, reset and confirmation tokens (hashes only), e-mail confirmation, enquiries.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (t) => {
    t.timestamp("email_confirmed_at", { useTz: true });
  });

  // One row per message: what was sent to whom and how it went. The body is rendered again from kind + data on
  // demand; data never holds a secret (reset and confirmation links are made by the worker at send time).
  await knex.schema.createTable("email_messages", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.text("kind").notNullable();
    t.text("to_address").notNullable();
    t.text("subject").notNullable();
    t.jsonb("data").notNullable().defaultTo("{}");
    t.uuid("user_id").references("users.id").onDelete("SET NULL");
    t.uuid("application_id").references("visa_applications.id").onDelete("SET NULL");
    t.uuid("enquiry_id");
    t.text("status").notNullable().defaultTo("queued").checkIn(["queued", "sent", "failed", "not_sent"], "email_messages_status_check");
    t.text("error");
    t.integer("attempts").notNullable().defaultTo(0);
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("sent_at", { useTz: true });
  });
  await knex.raw("CREATE INDEX email_messages_application_idx ON email_messages (application_id, created_at DESC)");
  await knex.raw("CREATE INDEX email_messages_enquiry_idx ON email_messages (enquiry_id, created_at DESC)");
  await knex.raw("CREATE INDEX email_messages_failed_idx ON email_messages (updated_at DESC) WHERE status = 'failed'");

  // Single-use tokens: only a SHA-256 of the token is kept. `password_fingerprint` ties a reset token to the
  // password it was issued against, so any password change makes it useless.
  await knex.schema.createTable("account_tokens", (t) => {
    t.text("token_hash").primary();
    t.uuid("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.text("purpose").notNullable().checkIn(["password_reset", "email_confirm"], "account_tokens_purpose_check");
    t.text("email").notNullable();
    t.text("password_fingerprint");
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.timestamp("used_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose)");

  await knex.schema.createTable("enquiries", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.text("name").notNullable();
    t.text("email").notNullable();
    t.text("phone").notNullable();
    t.text("message").notNullable();
    t.text("package");
    t.text("status").notNullable().defaultTo("new").checkIn(["new", "replied", "closed"], "enquiries_status_check");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("CREATE INDEX enquiries_created_idx ON enquiries (created_at DESC)");
  await knex.raw("CREATE INDEX enquiries_status_idx ON enquiries (status, created_at DESC)");
  await knex.raw("CREATE INDEX enquiries_search_idx ON enquiries USING gin ((name || ' ' || email || ' ' || phone || ' ' || message) gin_trgm_ops)");

  await knex.schema.createTable("enquiry_replies", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.uuid("enquiry_id").notNullable().references("enquiries.id").onDelete("CASCADE");
    t.uuid("admin_id").references("users.id").onDelete("SET NULL");
    t.text("body").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("CREATE INDEX enquiry_replies_enquiry_idx ON enquiry_replies (enquiry_id, created_at)");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("enquiry_replies");
  await knex.schema.dropTable("enquiries");
  await knex.schema.dropTable("account_tokens");
  await knex.schema.dropTable("email_messages");
  await knex.schema.alterTable("users", (t) => {
    t.dropColumn("email_confirmed_at");
  });
}
