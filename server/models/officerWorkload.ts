// Each active staff member's workload for the analytics page: open cases, late cases (past their status's limit: the
// cutoffs of server/domain/deadlines.ts), and the median days from submission to decision of the cases they decided
// in the period. Each figure is a range of a partial index on the assignee. Late cases are the open ones less those
// within their limit: the cases within it began their status in the last few working days, where a desk's late ones
// may go back years (at a million applications, counting 40,000 late cases per officer took most of the page's 570 ms).
import type { Knex } from "knex";
import type { LateCutoffs } from "../domain/deadlines.ts";
import type { StaffRole } from "../domain/staff.ts";

export interface WorkloadRow {
  id: string;
  full_name: string;
  role: StaffRole;
  open: number;
  late: number;
  /** Cases decided (approved or rejected) since `decidedSince`. */
  decided: number;
  /** Their median days from submission to decision; null without any. */
  median_days: number | null;
}

/** The Lagos day of a cutoff (one binding). */
const CUTOFF_DAY = "(?::timestamptz AT TIME ZONE 'Africa/Lagos')::date";

/**
 * An officer's cases in `status` that began it at or after the cutoff (three bindings, the cutoff each time): the days
 * after the cutoff's from the trigger-kept waiting_days, the cutoff's own day row by row on the assignee's index.
 */
function withinLimit(status: "submitted" | "under_review"): string {
  return `((SELECT coalesce(sum(w.count), 0) FROM waiting_days w WHERE w.assignee_id = u.id AND w.status = '${status}' AND w.day > ${CUTOFF_DAY})
              + (SELECT count(*) FROM visa_applications a WHERE a.assignee_id = u.id AND a.status = '${status}'
                   AND a.status_since >= ? AND a.status_since < ((${CUTOFF_DAY} + 1)::timestamp AT TIME ZONE 'Africa/Lagos')))`;
}

export async function officerWorkload(db: Knex, cutoffs: LateCutoffs, decidedSince: Date): Promise<WorkloadRow[]> {
  const { rows } = await db.raw(
    `SELECT u.id, u.full_name, r.role, o.open::int AS open,
            (o.open - ${withinLimit("submitted")} - ${withinLimit("under_review")})::int AS late,
            d.decided, d.median_days
       FROM user_roles r
       JOIN users u ON u.id = r.user_id
       CROSS JOIN LATERAL (
         SELECT coalesce(sum(s.count), 0) AS open FROM assignee_stats s WHERE s.assignee_id = u.id AND s.status IN ('submitted', 'under_review')
       ) o
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS decided,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY date_part('epoch', a.status_since - a.submitted_at) / 86400) AS median_days
           FROM visa_applications a
          WHERE a.assignee_id = u.id AND a.status IN ('approved', 'rejected') AND a.status_since >= ? AND a.submitted_at IS NOT NULL
       ) d
      WHERE u.deactivated_at IS NULL
      ORDER BY u.full_name, u.id`,
    [cutoffs.submitted, cutoffs.submitted, cutoffs.submitted, cutoffs.under_review, cutoffs.under_review, cutoffs.under_review, decidedSince],
  );
  return (rows as WorkloadRow[]).map((r) => ({ ...r, median_days: r.median_days === null ? null : Number(r.median_days) }));
}
