// Admin search of one or two characters: whole words by prefix ("ok" finds Okafor), through the word-prefix indexes.
import type { Knex } from "knex";
import { filtered, type Filters as ListFilters } from "./adminFilters.ts";
import type { SearchLookups } from "./searchPaging.ts";

/** Shorter than a trigram: such a search matches the start of a word instead of any part of the text. */
export const isShortQuery = (q: string) => q.length <= 2;

const OWN = "word_prefixes(a.reference_number, a.full_name, a.email) @> ARRAY[?]::text[]";
const ACCOUNT = "word_prefixes(u.full_name, u.email) @> ARRAY[?]::text[]";

type Filters = ListFilters & { q: string };

/** The matches (up to `limit` from each side when given), counted, and one page of them in `order`. */
async function collected(db: Knex, f: Filters, order: string, page: number, size: number, limit?: number) {
  const q = f.q.toLowerCase();
  const columns = ["a.id", "a.created_at", "a.submitted_at"];
  const own = filtered(db("visa_applications as a").select(columns).whereRaw(OWN, [q]), f);
  const viaAccount = filtered(
    db("visa_applications as a")
      .select(columns)
      .join(db("users as u").select("u.id").whereRaw(ACCOUNT, [q]).as("u"), "u.id", "a.user_id"),
    f,
  );
  if (limit !== undefined) for (const side of [own, viaAccount]) side.limit(limit);
  const matches = db.from(db.raw("((?) UNION (?)) AS u", [own, viaAccount])).select("*");
  const cut = db
    .from("m as a")
    .select("a.id")
    .orderByRaw(order)
    .limit(size)
    .offset((page - 1) * size);
  const [row] = (await db
    .withMaterialized("m", matches)
    .select(db.raw("(SELECT count(*) FROM m)::int AS total"), db.raw("ARRAY(?) AS ids", [cut]))) as { total: number; ids: string[] }[];
  return row;
}

/**
 * A word of the text starts with `q`: the same rule as word_prefixes() (words are runs of letters and digits) as a
 * regular expression, about ten times cheaper a row than building the row's prefixes.
 */
const wordStart = (q: string) => `(^|[^[:alnum:]])${q.replace(/[^\p{L}\p{N}]/gu, "\\$&")}`;
const OWN_TEXT = "concat_ws(' ', lower(a.reference_number), lower(a.full_name), lower(a.email))";
const ACCOUNT_TEXT = "(SELECT concat_ws(' ', lower(u.full_name), lower(u.email)) FROM users u WHERE u.id = a.user_id)";

/**
 * One page of a broad search, read along the order's index with the match as a filter; one row more than a page.
 * Each row read is tested, its account by its key: a page of a broad search is met within a few hundred rows.
 */
async function walked(db: Knex, f: Filters, order: string, page: number, size: number): Promise<string[]> {
  const pattern = wordStart(f.q.toLowerCase());
  const qb = filtered(
    db("visa_applications as a")
      .select("a.id")
      .whereRaw(`(${OWN_TEXT} ~ ? OR ${ACCOUNT_TEXT} ~ ?)`, [pattern, pattern])
      .orderByRaw(order)
      .limit(size + 1)
      .offset((page - 1) * size),
    f,
  );
  return ((await qb) as { id: string }[]).map((r) => r.id);
}

/** The lookups of a short search, for searchPaging.ts. */
export function shortSearchLookups(db: Knex, f: Filters, order: string): SearchLookups {
  return {
    collected: (page, size, limit) => collected(db, f, order, page, size, limit),
    walked: (page, size) => walked(db, f, order, page, size),
  };
}
