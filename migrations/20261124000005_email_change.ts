// Changing the account's e-mail: a token sent to the new address carries it (new_email) until it is followed.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("account_tokens", (t) => {
    t.text("new_email");
  });
  await knex.raw("ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check");
  await knex.raw(
    "ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('password_reset', 'email_confirm', 'email_change'))",
  );
  await knex.raw(
    "ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_new_email_check CHECK ((purpose = 'email_change') = (new_email IS NOT NULL))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex("account_tokens").where({ purpose: "email_change" }).delete();
  await knex.raw("ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_new_email_check");
  await knex.raw("ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check");
  await knex.raw("ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('password_reset', 'email_confirm'))");
  await knex.schema.alterTable("account_tokens", (t) => {
    t.dropColumn("new_email");
  });
}
