// Credential events: the moment an account's password, address, role or second factor last changed. Links issued
// before it are dead, and link e-mails queued before it are never sent. Staff start two-factor from a one-time link.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (t) => {
    t.timestamp("credentials_changed_at", { useTz: true });
  });
  await knex.raw("ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check");
  await knex.raw(
    "ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('password_reset', 'email_confirm', 'email_change', 'staff_enrol'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex("account_tokens").where({ purpose: "staff_enrol" }).delete();
  await knex.raw("ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check");
  await knex.raw(
    "ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('password_reset', 'email_confirm', 'email_change'))",
  );
  await knex.schema.alterTable("users", (t) => {
    t.dropColumn("credentials_changed_at");
  });
}
