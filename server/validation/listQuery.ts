// The admin list's URL state (?tab=&page=&size=&q=&status=&type=&review=&late=&sort=): any invalid value falls back to its default.
import type { Request } from "express";
import { z } from "zod";
import type { ListQuery } from "../../views/pages/admin/types.ts";
import type { LateCutoffs } from "../domain/deadlines.ts";
import { STATUSES, VISA_TYPES } from "../domain/visa.ts";
import { type ListFilters, SORT_KEYS, type SortKey } from "../models/adminList.ts";

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const SEARCH_MAX = 100;

export const SORT_OPTIONS: { value: SortKey; label: string }[] = [
  { value: "created_desc", label: "Newest first" },
  { value: "created_asc", label: "Oldest first" },
  { value: "submitted_desc", label: "Recently submitted" },
  { value: "submitted_asc", label: "Earliest submitted" },
];

export const TABS = ["mine", "unassigned", "all"] as const;

export const DEFAULT_QUERY: ListQuery = { tab: "mine", page: 1, size: 25, q: "", status: "", type: "", review: "", late: "", sort: "created_desc" };

/** A repeated parameter (?q=a&q=b) arrives as an array: the first value counts. */
export const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);

const schema = z.object({
  tab: z.preprocess(first, z.enum(TABS)).catch("mine"),
  page: z.preprocess(first, z.coerce.number().int().min(1).max(1_000_000)).catch(DEFAULT_QUERY.page),
  size: z.preprocess(first, z.coerce.number().pipe(z.literal([...PAGE_SIZES]))).catch(25),
  q: z
    .preprocess(
      first,
      z.string().transform((s) => s.trim().slice(0, SEARCH_MAX)),
    )
    .catch(""),
  status: z.preprocess(first, z.union([z.enum(STATUSES), z.literal("")])).catch(""),
  type: z.preprocess(first, z.union([z.enum(VISA_TYPES), z.literal("")])).catch(""),
  review: z.preprocess(first, z.enum(["", "1"])).catch(""),
  late: z.preprocess(first, z.enum(["1", ""])).catch(""),
  sort: z.preprocess(first, z.enum(SORT_KEYS)).catch("created_desc"),
});

export function parseListQuery(req: Request): ListQuery {
  return schema.parse(req.query ?? {}) as ListQuery;
}

/** The model's filters; "Late" needs the cutoffs of the moment (server/domain/deadlines.ts). */
export function toFilters(query: ListQuery, cutoffs: LateCutoffs): ListFilters {
  const late = query.late ? cutoffs : undefined;
  return {
    q: query.q,
    status: query.status || undefined,
    visaType: query.type || undefined,
    toReview: query.review === "1",
    late,
    sort: query.sort as SortKey,
  };
}
