// A search that begins like a reference ("VA-…") is a reference's beginning: references are made as VA-<year>-<code>,
// the code from letters and digits, so "va-" occurs only at their start and "contains" there is "starts with". A
// btree on the lowered reference answers that as a range; the trigram index had to intersect trigrams ("va-", "-20")
// that every one of a million references holds.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("CREATE INDEX visa_applications_reference_prefix_idx ON visa_applications (lower(reference_number) text_pattern_ops)");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX visa_applications_reference_prefix_idx");
}
