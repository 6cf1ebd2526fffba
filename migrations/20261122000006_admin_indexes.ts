// Admin list search: trigram indexes for "contains" search on references, names and emails; ascending submitted order.
import type { Knex } from "knex";

// Each search column gets its own GIN index so the planner can OR them (BitmapOr) instead of scanning the table.
const TRIGRAM_INDEXES: [name: string, table: string, column: string][] = [
  ["visa_applications_reference_trgm_idx", "visa_applications", "reference_number"],
  ["visa_applications_full_name_trgm_idx", "visa_applications", "full_name"],
  ["visa_applications_email_trgm_idx", "visa_applications", "email"],
  ["users_full_name_trgm_idx", "users", "full_name"],
  ["users_email_trgm_idx", "users", "email"],
];

export async function up(knex: Knex): Promise<void> {
  // pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it without superuser rights.
  await knex.raw("CREATE EXTENSION IF NOT EXISTS pg_trgm");
  for (const [name, table, column] of TRIGRAM_INDEXES) {
    await knex.raw(`CREATE INDEX ${name} ON ${table} USING gin (lower(${column}) gin_trgm_ops)`);
  }
  // "Earliest submitted first" keeps drafts (no submission date) at the end, which the DESC NULLS LAST index cannot serve.
  await knex.raw("CREATE INDEX visa_applications_submitted_asc_idx ON visa_applications (submitted_at ASC NULLS LAST)");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX visa_applications_submitted_asc_idx");
  for (const [name] of TRIGRAM_INDEXES) await knex.raw(`DROP INDEX ${name}`);
  // RESTRICT (the default): refuses, rather than cascading, if anything else came to depend on the extension.
  await knex.raw("DROP EXTENSION IF EXISTS pg_trgm");
}
