// Deleting an account (the applicant's right to erasure): when the account was deleted, and when an application it
// kept for the consultancy's records had its personal details erased.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (t) => {
    t.timestamp("deleted_at", { useTz: true });
  });
  await knex.schema.alterTable("visa_applications", (t) => {
    t.timestamp("anonymised_at", { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("visa_applications", (t) => {
    t.dropColumn("anonymised_at");
  });
  await knex.schema.alterTable("users", (t) => {
    t.dropColumn("deleted_at");
  });
}
