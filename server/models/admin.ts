// The admin panel's SQL: the filtered application list and its export, status changes with history, notes, documents, stats.
import type { Knex } from "knex";
import { queueStatusMessage } from "../mail/applicationMessages.ts";
import { type ApplicationRow, isUuid } from "./applications.ts";

export const SORT_KEYS = ["created_desc", "created_asc", "submitted_desc", "submitted_asc"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** Every order ends on unique keys so that pages never repeat or skip a row. */
const ORDER: Record<SortKey, string> = {
  created_desc: "a.created_at DESC, a.id DESC",
  created_asc: "a.created_at ASC, a.id ASC",
  submitted_desc: "a.submitted_at DESC NULLS LAST, a.created_at DESC, a.id DESC",
  submitted_asc: "a.submitted_at ASC NULLS LAST, a.created_at ASC, a.id ASC",
};

export interface ListFilters {
  /** Part of a reference number, or of the applicant's or the account's name or email. */
  q: string;
  status?: string;
  visaType?: string;
  sort: SortKey;
}

export interface ListRow {
  id: string;
  reference_number: string;
  visa_type: string | null;
  destination_country: string | null;
  status: string;
  payment_status: string;
  amount_paid: number | null;
  payment_reference: string | null;
  created_at: Date;
  submitted_at: Date | null;
  full_name: string | null;
  email: string | null;
  account_name: string | null;
  account_email: string | null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, "\\$&");

const likePattern = (q: string) => `%${escapeLike(q)}%`;

/** The search on the application's own columns (one binding per column), each served by a pg_trgm GIN index. */
const OWN_COLUMNS_MATCH = "lower(a.reference_number) LIKE lower(?) OR lower(a.full_name) LIKE lower(?) OR lower(a.email) LIKE lower(?)";

/** The accounts whose name or email contains the search (pg_trgm indexes on users). */
function matchingAccounts(db: Knex, q: string): Knex.QueryBuilder {
  const pattern = likePattern(q);
  // Raw conditions are parenthesised: filters are ANDed onto them.
  return db("users").select("id").whereRaw("(lower(full_name) LIKE lower(?) OR lower(email) LIKE lower(?))", [pattern, pattern]);
}

/**
 * The two index-driven lookups of a search, filters applied to each: the application's own columns (pg_trgm GIN
 * indexes, OR-ed by a BitmapOr), and the applications of the matching accounts (through the user_id index).
 */
function searchSides(db: Knex, f: ListFilters, columns: string[]): [Knex.QueryBuilder, Knex.QueryBuilder] {
  const pattern = likePattern(f.q);
  const own = db("visa_applications as a").select(columns).whereRaw(`(${OWN_COLUMNS_MATCH})`, [pattern, pattern, pattern]);
  const viaAccount = db("visa_applications as a").select(columns).join(matchingAccounts(db, f.q).as("u"), "u.id", "a.user_id");
  for (const side of [own, viaAccount]) {
    if (f.status) side.where("a.status", f.status);
    if (f.visaType) side.where("a.visa_type", f.visaType);
  }
  return [own, viaAccount];
}

/** The matching applications (no join, no order); a search is the union of its two index-driven lookups. */
function matching(db: Knex, f: ListFilters): Knex.QueryBuilder {
  const qb = db("visa_applications as a");
  if (f.status) qb.where("a.status", f.status);
  if (f.visaType) qb.where("a.visa_type", f.visaType);
  if (f.q) {
    const [own, viaAccount] = searchSides(db, f, ["a.id"]);
    qb.whereIn("a.id", own.union(viaAccount));
  }
  return qb;
}

const LIST_COLUMNS = [
  "a.id",
  "a.reference_number",
  "a.visa_type",
  "a.destination_country",
  "a.status",
  "a.payment_status",
  "a.amount_paid",
  "a.payment_reference",
  "a.created_at",
  "a.submitted_at",
  "a.full_name",
  "a.email",
  "u.full_name as account_name",
  "u.email as account_email",
];

function listed(db: Knex, f: ListFilters): Knex.QueryBuilder {
  return matching(db, f).leftJoin("users as u", "u.id", "a.user_id").select(LIST_COLUMNS).orderByRaw(ORDER[f.sort]);
}

/**
 * A search counts its matches exactly up to this many. Past it the list says "more than", and its pages are read
 * along the sort order's index until a page is full, which is quick precisely because so many rows match; counting
 * and sorting every match of a broad search (a first name shared by 125,000 of a million applications) took
 * 0.7-1.2 s.
 */
export const SEARCH_COUNT_CAP = 1000;

export interface ListPage {
  rows: ListRow[];
  /** The number of matches; with `exact` false, a lower bound (more than SEARCH_COUNT_CAP matched). */
  total: number;
  exact: boolean;
  /** The page shown: the one asked for, or the last one when it asked past the end. */
  page: number;
  /** The number of pages; for an inexact total, the pages known so far (this one, and the next when it has rows). */
  pages: number;
}

/** Without a search the count comes from the trigger-kept category counts (exact, and no scan of the table). */
async function countUnsearched(db: Knex, f: ListFilters): Promise<number> {
  const qb = db("application_stats").sum({ total: "count" });
  if (f.status) qb.where("status", f.status);
  if (f.visaType) qb.where("visa_type", f.visaType);
  const [{ total }] = (await qb) as { total: string | number | null }[];
  return Number(total ?? 0);
}

/** The list rows of the given ids, in list order. */
function rowsOf(db: Knex, f: ListFilters, ids: string[]): Knex.QueryBuilder {
  return db("visa_applications as a").whereIn("a.id", ids).leftJoin("users as u", "u.id", "a.user_id").select(LIST_COLUMNS).orderByRaw(ORDER[f.sort]);
}

/**
 * The matches of a search (more than `limit` of them only when `limit` is undefined), their count and one page of
 * them in list order, in one query: the matches of both lookups are collected once, counted, sorted and cut. With a
 * limit, each lookup stops after `limit` rows, so a broad search is known to be broad without reading all it matches.
 */
async function collectedPage(db: Knex, f: ListFilters, page: number, size: number, limit?: number): Promise<{ total: number; ids: string[] }> {
  const sides = searchSides(db, f, ["a.id", "a.created_at", "a.submitted_at"]);
  if (limit !== undefined) for (const side of sides) side.limit(limit);
  // Each lookup parenthesised, so that its own limit stays on it.
  const matches = db.from(db.raw("((?) UNION (?)) AS u", sides)).select("*");
  if (limit !== undefined) matches.limit(limit);
  const cut = db
    .from("m as a")
    .select("a.id")
    .orderByRaw(ORDER[f.sort])
    .limit(size)
    .offset((page - 1) * size);
  return db.transaction(async (trx) => {
    // With a limit the planner reads the table in order until enough rows match, evaluating every LIKE of every row
    // on the way; for a search matching 2% of a million rows that took twice as long as the trigram indexes.
    // (A search shorter than a trigram cannot use those indexes, and a table scan finds its many matches at once.)
    if (f.q.length >= 3) await trx.raw("SET LOCAL enable_seqscan = off");
    const [row] = (await trx
      .withMaterialized("m", matches)
      .select(trx.raw("(SELECT count(*) FROM m)::int AS total"), trx.raw("ARRAY(?) AS ids", [cut]))) as { total: number; ids: string[] }[];
    return row;
  });
}

/**
 * One page of a broad search, read along the sort order's index with the search as a filter (the matching accounts
 * as a hashed set: there may be thousands), one row more than a page to know whether another follows.
 */
async function walkedPage(db: Knex, f: ListFilters, page: number, size: number): Promise<string[]> {
  const pattern = likePattern(f.q);
  const qb = db("visa_applications as a")
    .select("a.id")
    .whereRaw(`(${OWN_COLUMNS_MATCH} OR a.user_id IN (?))`, [pattern, pattern, pattern, matchingAccounts(db, f.q)])
    .orderByRaw(ORDER[f.sort])
    .limit(size + 1)
    .offset((page - 1) * size);
  if (f.status) qb.where("a.status", f.status);
  if (f.visaType) qb.where("a.visa_type", f.visaType);
  const rows = (await qb) as { id: string }[];
  return rows.map((r) => r.id);
}

async function searchPage(db: Knex, f: ListFilters, page: number, size: number): Promise<ListPage> {
  let found = await collectedPage(db, f, page, size, SEARCH_COUNT_CAP + 1);
  if (found.total > SEARCH_COUNT_CAP) {
    const ids = await walkedPage(db, f, page, size);
    if (ids.length) {
      const more = ids.length > size;
      const shown = more ? ids.slice(0, size) : ids;
      const seen = (page - 1) * size + shown.length;
      const rows = await rowsOf(db, f, shown);
      // The last page knows the exact count; before it, the list says "more than" what it knows.
      if (!more) return { rows, total: seen, exact: true, page, pages: page };
      return { rows, total: Math.max(SEARCH_COUNT_CAP, seen), exact: false, page, pages: page + 1 };
    }
    // A broad search asked past its end (rare): count every match to find its last page.
    found = await collectedPage(db, f, page, size);
  }
  const pages = Math.max(1, Math.ceil(found.total / size));
  const shown = Math.min(page, pages);
  // Asked past the end: show the last page instead.
  if (shown !== page && found.total > 0) found = await collectedPage(db, f, shown, size);
  return { rows: found.ids.length ? await rowsOf(db, f, found.ids) : [], total: found.total, exact: true, page: shown, pages };
}

/**
 * One page of the admin list: the page's ids are found on the ordered index alone (a deferred join), then only
 * those rows are read, so a deep page does not fetch every row before it.
 */
export async function listApplications(db: Knex, f: ListFilters, page: number, size: number): Promise<ListPage> {
  if (f.q) return searchPage(db, f, page, size);
  const total = await countUnsearched(db, f);
  const pages = Math.max(1, Math.ceil(total / size));
  const shown = Math.min(page, pages);
  if (total === 0) return { rows: [], total, exact: true, page: shown, pages };
  const ids = matching(db, f)
    .select("a.id")
    .orderByRaw(ORDER[f.sort])
    .limit(size)
    .offset((shown - 1) * size);
  const rows: ListRow[] = await db("visa_applications as a")
    .join(ids.as("p"), "p.id", "a.id")
    .leftJoin("users as u", "u.id", "a.user_id")
    .select(LIST_COLUMNS)
    .orderByRaw(ORDER[f.sort]);
  return { rows, total, exact: true, page: shown, pages };
}

export interface ExportCursor {
  /** The next batch; empty when the list is exhausted. */
  next(): Promise<ListRow[]>;
  close(): Promise<void>;
}

/** Every matching row in list order, fetched in batches through a server-side cursor (memory stays flat). */
export async function openExport(db: Knex, f: ListFilters, batchSize = 500): Promise<ExportCursor> {
  const trx = await db.transaction(undefined, { readOnly: true });
  try {
    const { sql, bindings } = listed(trx, f).toSQL();
    await trx.raw(`DECLARE admin_export NO SCROLL CURSOR FOR ${sql}`, bindings);
  } catch (err) {
    await trx.rollback().catch(() => undefined);
    throw err;
  }
  return {
    async next() {
      const result = await trx.raw(`FETCH ${Math.trunc(batchSize)} FROM admin_export`);
      return result.rows as ListRow[];
    },
    async close() {
      if (!trx.isCompleted()) await trx.rollback().catch(() => undefined);
    },
  };
}

export interface AdminApplicationRow extends ApplicationRow {
  account_name: string | null;
  account_email: string | null;
  account_email_confirmed: boolean;
}

export async function findApplication(db: Knex, id: string): Promise<AdminApplicationRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db("visa_applications as a")
    .leftJoin("users as u", "u.id", "a.user_id")
    .where("a.id", id)
    .first("a.*", "u.full_name as account_name", "u.email as account_email", db.raw("(u.email_confirmed_at IS NOT NULL) AS account_email_confirmed"));
}

/**
 * THE status change of the admin panel (table and detail page): locks the row, sets the status (and the
 * submission date when a draft is submitted for the first time) and writes the history row, in one transaction.
 * Setting the status it already has without a note changes nothing and writes no history.
 */
export async function changeStatus(
  db: Knex,
  input: { id: string; status: string; adminId: string; note: string | null },
): Promise<{ row: ApplicationRow; changed: boolean } | undefined> {
  if (!isUuid(input.id)) return undefined;
  return db.transaction(async (trx) => {
    const row = await trx<ApplicationRow>("visa_applications").where({ id: input.id }).forUpdate().first();
    if (!row) return undefined;
    if (row.status === input.status && !input.note) return { row, changed: false };
    // Queued before the update: the update takes the shared statistics row's lock (application_stats triggers),
    // which is then held for the shortest time until commit.
    await queueStatusMessage(trx, { row: { ...row, status: input.status }, note: input.note });
    const patch: Record<string, unknown> = { status: input.status, updated_at: trx.fn.now() };
    if (input.status === "submitted" && row.status === "draft" && row.submitted_at === null) patch.submitted_at = trx.fn.now();
    const [updated] = await trx<ApplicationRow>("visa_applications").where({ id: input.id }).update(patch).returning("*");
    await trx("application_status_history").insert({
      application_id: input.id,
      status: input.status,
      changed_by: input.adminId,
      notes: input.note,
    });
    return { row: updated, changed: true };
  });
}

export interface NoteRow {
  id: string;
  note: string;
  created_at: Date;
  author_name: string | null;
}

export async function listNotes(db: Knex, applicationId: string): Promise<NoteRow[]> {
  return db("admin_notes as n")
    .leftJoin("users as u", "u.id", "n.admin_id")
    .where("n.application_id", applicationId)
    .orderBy("n.created_at", "desc")
    .select("n.id", "n.note", "n.created_at", "u.full_name as author_name");
}

/** Adds an internal note; undefined when the application does not exist (or vanished meanwhile). */
export async function addNote(db: Knex, input: { applicationId: string; adminId: string; note: string }): Promise<NoteRow | undefined> {
  if (!isUuid(input.applicationId)) return undefined;
  try {
    const [row] = await db("admin_notes")
      .insert({ application_id: input.applicationId, admin_id: input.adminId, note: input.note })
      .returning(["id", "note", "created_at"]);
    const author = await db("users").where({ id: input.adminId }).first("full_name");
    return { ...row, author_name: author?.full_name ?? null };
  } catch (err) {
    if ((err as { code?: string }).code === "23503") return undefined;
    throw err;
  }
}

export interface StatsRow {
  visa_type: string | null;
  destination_country: string | null;
  status: string;
  payment_status: string;
  count: number;
  avg_amount: number;
}

/** The analytics rows of SPEC §3 from get_admin_application_stats(). */
export async function applicationStats(db: Knex): Promise<StatsRow[]> {
  const result = await db.raw("SELECT * FROM get_admin_application_stats()");
  return result.rows as StatsRow[];
}
