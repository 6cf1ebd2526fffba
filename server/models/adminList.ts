// The admin panel's application list: filters, sort orders, search and one page of rows (SQL only here).
import type { Knex } from "knex";
import { cancellable } from "../db/cancellable.ts";
import { anchoredIds, byDayOfCreation } from "./adminDeepPage.ts";
import { type Filters, filtered, type Tab } from "./adminFilters.ts";
import type { PageRow } from "./adminListRows.ts";
import { isShortQuery, shortSearchLookups } from "./adminShortSearch.ts";
import { matchingAccounts, OWN_COLUMNS_MATCH, ownBindings } from "./applicationSearchMatch.ts";
import { likePattern } from "./likePattern.ts";
import { type SearchLookups, searchIdsPage } from "./searchPaging.ts";

export const SORT_KEYS = ["created_desc", "created_asc", "submitted_desc", "submitted_asc"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** Every order ends on unique keys so that pages never repeat or skip a row. */
const ORDER: Record<SortKey, string> = {
  created_desc: "a.created_at DESC, a.id DESC",
  created_asc: "a.created_at ASC, a.id ASC",
  submitted_desc: "a.submitted_at DESC NULLS LAST, a.created_at DESC, a.id DESC",
  submitted_asc: "a.submitted_at ASC NULLS LAST, a.created_at ASC, a.id ASC",
};

export type { Tab };

export interface ListFilters extends Filters {
  /** Part of a reference number, or of the applicant's or the account's name or email. */
  q: string;
  sort: SortKey;
}

export type { ListRow, PageRow } from "./adminListRows.ts";

/**
 * The two index-driven lookups of a search, filters applied to each: the application's own columns (pg_trgm GIN
 * indexes, OR-ed by a BitmapOr), and the applications of the matching accounts (through the user_id index).
 */
function searchSides(db: Knex, f: ListFilters, columns: string[]): [Knex.QueryBuilder, Knex.QueryBuilder] {
  const own = db("visa_applications as a").select(columns).whereRaw(`(${OWN_COLUMNS_MATCH})`, ownBindings(f.q));
  const viaAccount = db("visa_applications as a").select(columns).join(matchingAccounts(db, f.q).as("u"), "u.id", "a.user_id");
  return [filtered(own, f), filtered(viaAccount, f)];
}

/** The matching applications (no join, no order); a search is the union of its two index-driven lookups. */
function matching(db: Knex, f: ListFilters): Knex.QueryBuilder {
  const qb = filtered(db("visa_applications as a"), f);
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
  "a.documents_to_review",
  "a.requests_due_on",
  "u.full_name as account_name",
  "u.email as account_email",
];

/** The page's extra columns: the assignee's name, and when the status began (kept by a trigger). */
// A row's family group: counted from the members' partial index for the page's rows only (an index probe a row).
const GROUP_MEMBERS = "(SELECT count(*) FROM visa_applications m WHERE m.group_lead_id = COALESCE(a.group_lead_id, a.id))::int AS group_members";
const PAGE_COLUMNS = [...LIST_COLUMNS, "a.assignee_id", "s.full_name as assignee_name", "a.status_since", "a.group_lead_id"];

/** Every matching row with its account, in list order (the export reads it through a cursor). */
export function listed(db: Knex, f: ListFilters): Knex.QueryBuilder {
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
  rows: PageRow[];
  /** The number of matches; with `exact` false, a lower bound (more than SEARCH_COUNT_CAP matched). */
  total: number;
  exact: boolean;
  /** The page shown: the one asked for, or the last one when it asked past the end. */
  page: number;
  /** The number of pages; for an inexact total, the pages known so far (this one, and the next when it has rows). */
  pages: number;
}

/**
 * Without a search the count comes from the trigger-kept category counts (exact, and no scan of the table); the
 * "to review" filter counts its few rows on its partial index, and late cases on the partial indexes of the statuses
 * with a limit.
 */
async function countUnsearched(db: Knex, f: ListFilters): Promise<number> {
  if (f.toReview || f.late) return Number((await matching(db, f).count({ n: "*" }))[0].n);
  const qb = f.tab && f.tab !== "all" ? tabCounts(db, f.tab) : db("application_stats").sum({ total: "count" });
  if (f.status) qb.where("status", f.status);
  if (f.visaType) qb.where("visa_type", f.visaType);
  const [{ total }] = (await qb) as { total: string | number | null }[];
  return Number(total ?? 0);
}

/** A tab's counts per status and type, kept by a trigger like application_stats. */
function tabCounts(db: Knex, tab: Exclude<Tab, "all">): Knex.QueryBuilder {
  const qb = db("assignee_stats").sum({ total: "count" });
  return tab === "unassigned" ? qb.whereNull("assignee_id").whereNot("status", "draft") : qb.where("assignee_id", tab.mine);
}

export interface TabTotals {
  mine: number;
  unassigned: number;
  all: number;
}

/**
 * How many cases each tab holds, for the tabs' counts and an empty tab's sentence: three sums over the trigger-kept
 * counts per assignee, status and type (assignee_stats) and per category (application_stats), tables of a few hundred
 * rows whatever the number of applications, so exact counts cost no scan of visa_applications.
 */
export async function tabTotals(db: Knex, me: string): Promise<TabTotals> {
  const sum = (qb: Knex.QueryBuilder) => qb.sum({ n: "count" });
  const [row] = (await db.select({
    mine: sum(db("assignee_stats").where("assignee_id", me)),
    unassigned: sum(db("assignee_stats").whereNull("assignee_id").whereNot("status", "draft")),
    all: sum(db("application_stats")),
  })) as { mine: string | null; unassigned: string | null; all: string | null }[];
  return { mine: Number(row.mine ?? 0), unassigned: Number(row.unassigned ?? 0), all: Number(row.all ?? 0) };
}

/** The list rows of the given ids, in list order. */
function rowsOf(db: Knex, f: ListFilters, ids: string[]): Knex.QueryBuilder {
  return db("visa_applications as a")
    .whereIn("a.id", ids)
    .leftJoin("users as u", "u.id", "a.user_id")
    .leftJoin("users as s", "s.id", "a.assignee_id")
    .select(PAGE_COLUMNS)
    .select(db.raw(GROUP_MEMBERS))
    .orderByRaw(ORDER[f.sort]);
}

/**
 * The matches of a search (more than `limit` of them only when `limit` is undefined), their count and one page of
 * them in list order, in one query: the matches of both lookups are collected once, counted, sorted and cut. With a
 * limit, each lookup stops after `limit` rows, so a broad search is known to be broad without reading all it matches.
 */
async function collectedPage(db: Knex, f: ListFilters, page: number, size: number, limit?: number): Promise<{ total: number; ids: string[] }> {
  const [own, viaAccount] = searchSides(db, f, ["a.id", "a.created_at", "a.submitted_at"]);
  if (limit !== undefined) {
    own.limit(limit);
    // The accounts' lookup runs only when the own columns matched fewer than `limit` (else the search is broad already):
    // an officer's search by a common first name spent most of its time joining that name's accounts to their cases.
    viaAccount.whereRaw("(SELECT count(*) FROM own) < ?", [limit]).limit(limit);
  }
  const matches = db.from(db.raw("((SELECT * FROM own) UNION (?)) AS u", [viaAccount])).select("*"); // in parentheses, the lookup keeps its limit
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
      .withMaterialized("own", own)
      .withMaterialized("m", matches)
      .select(trx.raw("(SELECT count(*) FROM m)::int AS total"), trx.raw("ARRAY(?) AS ids", [cut]))) as { total: number; ids: string[] }[];
    return row;
  });
}

/**
 * One page of a broad search, read along the sort order's index with the search as a filter, one row more than a
 * page to know whether another follows. The account of each row read is checked by its key: a broad search meets
 * a page of matches within a few hundred rows, where collecting every matching account first (10,000 for a common
 * first name) took three times as long. With `rows`, only the first that many rows in list order are read.
 */
async function walkedPage(db: Knex, f: ListFilters, page: number, size: number, rows?: number, signal?: AbortSignal): Promise<string[]> {
  const pattern = likePattern(f.q);
  const match = `(${OWN_COLUMNS_MATCH} OR (SELECT lower(u.full_name) LIKE lower(?) OR lower(u.email) LIKE lower(?) FROM users u WHERE u.id = a.user_id))`;
  let from = db("visa_applications as a");
  if (rows !== undefined) {
    // The first `rows` rows in list order (filters applied), named `a` again so the match and the order read the same.
    const first = filtered(db("visa_applications as a"), f)
      .select("a.id", "a.created_at", "a.submitted_at", "a.user_id", "a.reference_number", "a.full_name", "a.email")
      .orderByRaw(ORDER[f.sort])
      .limit(rows);
    from = db.from(first.as("a"));
  }
  const qb = from
    .select("a.id")
    .whereRaw(match, [...ownBindings(f.q), pattern, pattern])
    .orderByRaw(ORDER[f.sort])
    .limit(size + 1)
    .offset((page - 1) * size);
  if (rows === undefined) filtered(qb, f);
  const found: { id: string }[] = signal ? await cancellable(db, signal, () => qb) : await qb;
  return found.map((r) => r.id);
}

async function searchPage(db: Knex, f: ListFilters, page: number, size: number): Promise<ListPage> {
  const lookups: SearchLookups = isShortQuery(f.q)
    ? shortSearchLookups(db, f, ORDER[f.sort])
    : {
        collected: (p, s, limit) => collectedPage(db, f, p, s, limit),
        walked: (p, s) => walkedPage(db, f, p, s),
        // Within the first rows, a page is known only when it filled (its extra row read too).
        walkedWithin: async (p, s, rows, signal) => {
          const ids = await walkedPage(db, f, p, s, rows, signal);
          return ids.length > s ? ids : null;
        },
      };
  const { ids, ...found } = await searchIdsPage(lookups, page, size, SEARCH_COUNT_CAP);
  return { ...found, rows: ids.length ? await rowsOf(db, f, ids) : [] };
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
  if (shown > 1 && byDayOfCreation(f)) {
    const ids = await anchoredIds(db, f.sort === "created_desc", ORDER[f.sort], (shown - 1) * size, size);
    return { rows: ids.length ? await rowsOf(db, f, ids) : [], total, exact: true, page: shown, pages };
  }
  const ids = matching(db, f)
    .select("a.id")
    .orderByRaw(ORDER[f.sort])
    .limit(size)
    .offset((shown - 1) * size);
  const rows: PageRow[] = await db("visa_applications as a")
    .join(ids.as("p"), "p.id", "a.id")
    .leftJoin("users as u", "u.id", "a.user_id")
    .leftJoin("users as s", "s.id", "a.assignee_id")
    .select(PAGE_COLUMNS)
    .select(db.raw(GROUP_MEMBERS))
    .orderByRaw(ORDER[f.sort]);
  return { rows, total, exact: true, page: shown, pages };
}
