// A supporting document may be filed under an item of "Documents for your application": SPEC's types stay one file per
// type, and each `other` item of the catalogue holds its own file (one per application and item key).
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE application_documents ADD COLUMN requirement_key text");
  await knex.raw(
    `ALTER TABLE application_documents ADD CONSTRAINT application_documents_requirement_key_check
       CHECK (requirement_key IS NULL OR (document_type = 'other' AND requirement_key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'))`,
  );
  await knex.raw("ALTER TABLE application_documents DROP CONSTRAINT application_documents_application_id_document_type_unique");
  await knex.raw(
    `CREATE UNIQUE INDEX application_documents_one_per_type
       ON application_documents (application_id, document_type) WHERE requirement_key IS NULL`,
  );
  await knex.raw(
    `CREATE UNIQUE INDEX application_documents_one_per_item
       ON application_documents (application_id, requirement_key) WHERE requirement_key IS NOT NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  // Rows kept under an item go (the old table held one file per type); their files stay in storage to be removed by hand.
  await knex.raw("DELETE FROM application_documents WHERE requirement_key IS NOT NULL");
  await knex.raw("DROP INDEX application_documents_one_per_item");
  await knex.raw("DROP INDEX application_documents_one_per_type");
  await knex.raw(
    "ALTER TABLE application_documents ADD CONSTRAINT application_documents_application_id_document_type_unique UNIQUE (application_id, document_type)",
  );
  await knex.raw("ALTER TABLE application_documents DROP CONSTRAINT application_documents_requirement_key_check");
  await knex.raw("ALTER TABLE application_documents DROP COLUMN requirement_key");
}
