// What an application search matches (SQL fragments and their bindings): the application's own reference, name and
// e-mail, and its account's name and e-mail. The admin list and its CSV export page and count with these.
import type { Knex } from "knex";
import { escapeLike, likePattern } from "./likePattern.ts";

/**
 * The search on the application's own columns (bindings from `ownBindings`), each served by an index: the names and
 * e-mail by pg_trgm GIN indexes, the reference by its trigrams or, for a search that begins as references do, by the
 * prefix btree (visa_applications_reference_prefix_idx).
 */
export const OWN_COLUMNS_MATCH = "lower(a.reference_number) LIKE lower(?) OR lower(a.full_name) LIKE lower(?) OR lower(a.email) LIKE lower(?)";

/**
 * Every reference is VA-<year>-<code> with a code of letters and digits, so "va-" is found only at a reference's
 * start: there, a search containing it is a search by the reference's beginning, the same matches read as a range.
 */
const REFERENCE_START = "va-";

export function ownBindings(q: string): [string, string, string] {
  const pattern = likePattern(q);
  const reference = q.toLowerCase().startsWith(REFERENCE_START) ? `${escapeLike(q.toLowerCase())}%` : pattern;
  return [reference, pattern, pattern];
}

/** The accounts whose name or email contains the search (pg_trgm indexes on users). */
export function matchingAccounts(db: Knex, q: string): Knex.QueryBuilder {
  const pattern = likePattern(q);
  // Raw conditions are parenthesised: filters are ANDed onto them.
  return db("users").select("id").whereRaw("(lower(full_name) LIKE lower(?) OR lower(email) LIKE lower(?))", [pattern, pattern]);
}
