// The applicant's signature of the consultancy's service agreement and data-protection consent, per application (the
// fee in the text is that application's bill): which version of the agreement, what they saw (canonical JSON and its
// SHA-256), their typed name and whether they drew a signature, when, from which account and address, the PDF of what
// was signed (private storage) and the public code anyone can check it by. One signature per application and version:
// a new version of the agreement is signed again, beside the older ones.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("agreement_signatures", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.uuid("application_id").notNullable().references("id").inTable("visa_applications").onDelete("CASCADE");
    t.uuid("user_id").notNullable().references("id").inTable("users").onDelete("CASCADE");
    t.text("version").notNullable();
    t.text("typed_name").notNullable();
    t.boolean("drawn").notNullable();
    t.jsonb("content").notNullable();
    t.text("content_hash").notNullable().checkRegex("^[0-9a-f]{64}$", "agreement_signatures_hash_check");
    t.text("code").notNullable().unique();
    t.text("pdf_key").notNullable();
    t.integer("pdf_size").notNullable();
    t.text("ip");
    t.timestamp("signed_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(["application_id", "version"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("agreement_signatures");
}
