// The admin list's filters on visa_applications (alias `a`), shared by the list and its short search.
import type { Knex } from "knex";
import type { LateCutoffs } from "../domain/deadlines.ts";

/** The list's tabs: one staff member's cases, the submitted cases nobody has (drafts are nobody's case), or all. */
export type Tab = { mine: string } | "unassigned" | "all";

export interface Filters {
  status?: string;
  visaType?: string;
  tab?: Tab;
  /** Only applications with files waiting for review. */
  toReview?: boolean;
  /** Only the cases past their status's limit: those that began it before its cutoff. */
  late?: LateCutoffs;
}

/**
 * The filters on `a` (visa_applications): status, type, files to review, the tab and lateness. Unassigned is written as the partial indexes'
 * predicate (a literal, not a binding), so the planner reads those small indexes.
 */
export function filtered(qb: Knex.QueryBuilder, f: Filters): Knex.QueryBuilder {
  if (f.status) qb.where("a.status", f.status);
  if (f.visaType) qb.where("a.visa_type", f.visaType);
  if (f.toReview) qb.where("a.documents_to_review", ">", 0);
  if (f.tab === "unassigned") qb.whereRaw("a.assignee_id IS NULL AND a.status <> 'draft'");
  else if (f.tab && f.tab !== "all") qb.where("a.assignee_id", f.tab.mine);
  // Two ranges of the partial (status, status_since) indexes, one per status with a limit.
  const late = f.late;
  if (late)
    qb.where((w) =>
      w
        .where((s) => s.where("a.status", "submitted").where("a.status_since", "<", late.submitted))
        .orWhere((s) => s.where("a.status", "under_review").where("a.status_since", "<", late.under_review)),
    );
  return qb;
}
