// A deep page of the admin list's All tab in creation order, found from the per-day counts (SQL only here).
import type { Knex } from "knex";
import type { Filters } from "./adminFilters.ts";

/** A page of every application in creation order (no filter): one that can start from its day's place. */
export const byDayOfCreation = (f: Filters & { sort: string }) =>
  (f.tab === undefined || f.tab === "all") && !f.status && !f.visaType && !f.toReview && !f.late && f.sort.startsWith("created_");

/**
 * The ids of a page of every application in creation order, past the first: the per-day counts (application_days,
 * kept by a trigger) say on which Lagos day the page's first row was created and how many rows come before that day;
 * the index is entered at that day's edge and only the rows of that day before the page are skipped. At a million
 * applications the middle page skipped 500,000 index entries (107 ms); a day holds about a thousand. `order` is the
 * list's ORDER BY for that direction (newest first when `desc`).
 */
export async function anchoredIds(db: Knex, desc: boolean, order: string, offset: number, size: number): Promise<string[]> {
  const { rows } = await db.raw(
    `WITH d AS (
       SELECT day, before FROM (
         SELECT day, started, sum(started) OVER (ORDER BY day ${desc ? "DESC" : "ASC"}) - started AS before
           FROM application_days WHERE started > 0
       ) x WHERE before <= ? AND before + started > ?
     )
     SELECT a.id FROM visa_applications a
      WHERE a.created_at ${desc ? "<" : ">="} (SELECT (day + ${desc ? 1 : 0})::timestamp AT TIME ZONE 'Africa/Lagos' FROM d)
      ORDER BY ${order}
      LIMIT ? OFFSET (SELECT ? - before FROM d)`,
    [offset, offset, size, offset],
  );
  return (rows as { id: string }[]).map((r) => r.id);
}
