// The admin panel's SQL: the filtered application list and its export, status changes with history, notes, documents, stats.
import type { Knex } from "knex";
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

/** The two index-driven lookups of a search: the application's own columns, and the owning account's. */
function searchSides(db: Knex, q: string, columns: string[]): [Knex.QueryBuilder, Knex.QueryBuilder] {
  const pattern = `%${escapeLike(q)}%`;
  const own = db("visa_applications")
    .select(columns)
    .whereRaw("(lower(reference_number) LIKE lower(?) OR lower(full_name) LIKE lower(?) OR lower(email) LIKE lower(?))", [pattern, pattern, pattern]);
  // Raw conditions are parenthesised: filters are ANDed onto them later.
  // The matching accounts are few: as an array they drive the (user_id, created_at) index instead of a table scan.
  const accounts = db("users").select("id").whereRaw("(lower(full_name) LIKE lower(?) OR lower(email) LIKE lower(?))", [pattern, pattern]);
  const viaAccount = db("visa_applications").select(columns).whereRaw("user_id = ANY(ARRAY(?))", [accounts]);
  return [own, viaAccount];
}

/**
 * The matching applications (no join, no order): the search is a union of two index-driven lookups (pg_trgm GIN
 * indexes on the application's columns, the user index for the account's) so neither side scans the table.
 */
function matching(db: Knex, f: ListFilters): Knex.QueryBuilder {
  const qb = db("visa_applications as a");
  if (f.status) qb.where("a.status", f.status);
  if (f.visaType) qb.where("a.visa_type", f.visaType);
  if (f.q) {
    const [own, viaAccount] = searchSides(db, f.q, ["id"]);
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

export interface ListPage {
  rows: ListRow[];
  total: number;
  /** The page shown: the one asked for, or the last one when it asked past the end. */
  page: number;
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

/**
 * A page of search results and their count in one pass: the matches (id and sort keys only) are collected once,
 * counted, and the page is cut from them. Counting and paging separately read every matching row twice.
 */
async function searchPage(db: Knex, f: ListFilters, page: number, size: number): Promise<{ ids: string[]; total: number }> {
  const [own, viaAccount] = searchSides(db, f.q, ["id", "created_at", "submitted_at"]);
  for (const side of [own, viaAccount]) {
    if (f.status) side.where("status", f.status);
    if (f.visaType) side.where("visa_type", f.visaType);
  }
  const rows = (await db
    .withMaterialized("m", own.union(viaAccount))
    .from("m as a")
    .select("a.id", db.raw("(SELECT count(*) FROM m)::int AS total"))
    .orderByRaw(ORDER[f.sort])
    .limit(size)
    .offset((page - 1) * size)) as { id: string; total: number }[];
  if (rows.length) return { ids: rows.map((r) => r.id), total: rows[0].total };
  const [{ total }] = (await db.withMaterialized("m", own.union(viaAccount)).from("m").count({ total: "*" })) as { total: string | number }[];
  return { ids: [], total: Number(total) };
}

/** The list rows of the given ids, in list order. */
function rowsOf(db: Knex, f: ListFilters, ids: string[]): Knex.QueryBuilder {
  return db("visa_applications as a").whereIn("a.id", ids).leftJoin("users as u", "u.id", "a.user_id").select(LIST_COLUMNS).orderByRaw(ORDER[f.sort]);
}

/**
 * One page of the admin list: the page's ids are found on the ordered index alone (a deferred join), then only
 * those rows are read, so a deep page does not fetch every row before it. A search collects its matches once.
 */
export async function listApplications(db: Knex, f: ListFilters, page: number, size: number): Promise<ListPage> {
  if (f.q) {
    let found = await searchPage(db, f, page, size);
    const pages = Math.max(1, Math.ceil(found.total / size));
    const shown = Math.min(page, pages);
    // Asked past the end: show the last page instead.
    if (shown !== page && found.total > 0) found = await searchPage(db, f, shown, size);
    const rows: ListRow[] = found.ids.length ? await rowsOf(db, f, found.ids) : [];
    return { rows, total: found.total, page: shown, pages };
  }
  const total = await countUnsearched(db, f);
  const pages = Math.max(1, Math.ceil(total / size));
  const shown = Math.min(page, pages);
  if (total === 0) return { rows: [], total, page: shown, pages };
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
  return { rows, total, page: shown, pages };
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
}

export async function findApplication(db: Knex, id: string): Promise<AdminApplicationRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db("visa_applications as a")
    .leftJoin("users as u", "u.id", "a.user_id")
    .where("a.id", id)
    .first("a.*", "u.full_name as account_name", "u.email as account_email");
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
