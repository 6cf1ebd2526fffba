// A document sent into a request is that request's, whatever its type: a sponsor's bank statement asked for after
// submission stands beside the applicant's own "Proof of funds" (both bank statements) instead of taking its place.
// Files outside requests stay one per type (an item of the list keeps its own by key).
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX application_documents_one_per_type");
  await knex.raw(
    `CREATE UNIQUE INDEX application_documents_one_per_type ON application_documents (application_id, document_type)
       WHERE requirement_key IS NULL AND request_id IS NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX application_documents_one_per_type");
  // Two files of one type (not "other") may now be held apart by their requests: only the newest of each type stays.
  await knex.raw(`
    DELETE FROM application_documents d USING application_documents e
    WHERE d.application_id = e.application_id AND d.document_type = e.document_type AND d.document_type <> 'other'
      AND d.requirement_key IS NULL AND e.requirement_key IS NULL AND d.uploaded_at < e.uploaded_at`);
  await knex.raw(
    `CREATE UNIQUE INDEX application_documents_one_per_type ON application_documents (application_id, document_type)
       WHERE requirement_key IS NULL AND (document_type <> 'other' OR request_id IS NULL)`,
  );
}
