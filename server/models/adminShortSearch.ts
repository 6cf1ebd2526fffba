// Admin search of one or two characters: whole words by prefix ("ok" finds Okafor), through the word-prefix indexes.
import type { Knex } from "knex";

/** Shorter than a trigram: such a search matches the start of a word instead of any part of the text. */
export const isShortQuery = (q: string) => q.length <= 2;

const OWN = "word_prefixes(a.reference_number, a.full_name, a.email) @> ARRAY[?]::text[]";
const ACCOUNT = "word_prefixes(u.full_name, u.email) @> ARRAY[?]::text[]";

interface Filters {
  q: string;
  status?: string;
  visaType?: string;
}

export interface ShortSearchPage {
  /** The page's application ids, in list order. */
  ids: string[];
  total: number;
  exact: boolean;
  page: number;
  pages: number;
}

function filtered(qb: Knex.QueryBuilder, f: Filters): Knex.QueryBuilder {
  if (f.status) qb.where("a.status", f.status);
  if (f.visaType) qb.where("a.visa_type", f.visaType);
  return qb;
}

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

/** One page of a broad search, read along the order's index with the match as a filter; one row more than a page. */
async function walked(db: Knex, f: Filters, order: string, page: number, size: number): Promise<string[]> {
  const q = f.q.toLowerCase();
  const qb = filtered(
    db("visa_applications as a")
      .select("a.id")
      .whereRaw(`(${OWN} OR EXISTS (SELECT 1 FROM users u WHERE u.id = a.user_id AND ${ACCOUNT}))`, [q, q])
      .orderByRaw(order)
      .limit(size + 1)
      .offset((page - 1) * size),
    f,
  );
  return ((await qb) as { id: string }[]).map((r) => r.id);
}

/** A page of a short search, counted exactly up to `cap` (past it, "more than"), as the admin list shows it. */
export async function shortSearchPage(db: Knex, f: Filters, order: string, page: number, size: number, cap: number): Promise<ShortSearchPage> {
  let found = await collected(db, f, order, page, size, cap + 1);
  if (found.total > cap) {
    const ids = await walked(db, f, order, page, size);
    if (ids.length) {
      const more = ids.length > size;
      const shown = more ? ids.slice(0, size) : ids;
      const seen = (page - 1) * size + shown.length;
      if (!more) return { ids: shown, total: seen, exact: true, page, pages: page };
      return { ids: shown, total: Math.max(cap, seen), exact: false, page, pages: page + 1 };
    }
    found = await collected(db, f, order, page, size);
  }
  const pages = Math.max(1, Math.ceil(found.total / size));
  const shown = Math.min(page, pages);
  if (shown !== page && found.total > 0) found = await collected(db, f, order, shown, size);
  return { ids: found.ids, total: found.total, exact: true, page: shown, pages };
}
