// Admin search of one or two characters: the 1- and 2-character word prefixes of the searched columns, GIN-indexed.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  // Words are runs of letters and digits, lower-cased ("VA-2026-7KQ4MZ" → va, 2026, 7kq4mz; "ada.obi@mail.ng" → ada,
  // obi, mail, ng); each gives its first one and two characters.
  await knex.raw(`
    CREATE FUNCTION word_prefixes(VARIADIC parts text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(DISTINCT left(w, n)), '{}')
        FROM unnest(parts) AS part, regexp_split_to_table(lower(part), '[^[:alnum:]]+') AS w, (VALUES (1), (2)) AS v(n)
       WHERE w <> ''
    $$`);
  await knex.raw(
    "CREATE INDEX visa_applications_word_prefixes_idx ON visa_applications USING gin (word_prefixes(reference_number, full_name, email))",
  );
  await knex.raw("CREATE INDEX users_word_prefixes_idx ON users USING gin (word_prefixes(full_name, email))");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX users_word_prefixes_idx");
  await knex.raw("DROP INDEX visa_applications_word_prefixes_idx");
  await knex.raw("DROP FUNCTION word_prefixes(text[])");
}
