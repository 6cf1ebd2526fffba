// The applicant's signature of the answer sheet staff will lodge: what they saw (the sheet's questions and answers, as
// canonical JSON, and its SHA-256), their typed name and whether they drew a signature, when, from which account and
// address, the PDF of what was signed (private storage, like documents) and the public code anyone can check it by.
// A signature is void once an answer changes (its hash no longer matches the sheet): `voided_at` records when that was
// seen. One current (not void) signature per application.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("form_signatures", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.uuid("application_id").notNullable().references("id").inTable("visa_applications").onDelete("CASCADE");
    t.uuid("user_id").notNullable().references("id").inTable("users").onDelete("CASCADE");
    t.text("sheet_key").notNullable();
    t.text("typed_name").notNullable();
    t.boolean("drawn").notNullable();
    t.jsonb("content").notNullable();
    t.text("content_hash").notNullable().checkRegex("^[0-9a-f]{64}$", "form_signatures_hash_check");
    t.text("code").notNullable().unique();
    t.text("pdf_key").notNullable();
    t.integer("pdf_size").notNullable();
    t.text("ip");
    t.timestamp("signed_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("voided_at", { useTz: true });
    t.index(["application_id"]);
  });
  await knex.raw("CREATE UNIQUE INDEX form_signatures_current_idx ON form_signatures (application_id) WHERE voided_at IS NULL");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("form_signatures");
}
