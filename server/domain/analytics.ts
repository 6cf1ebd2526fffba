// The analytics arithmetic of SPEC §9 over get_admin_application_stats() rows: totals, revenue, average, per-category
// counts; and beside them the average per paid application and the applications' funnel.
import { STATUSES } from "./visa.ts";

export interface StatsInput {
  visa_type: string | null;
  destination_country: string | null;
  status: string | null;
  payment_status: string | null;
  count: number | string;
  avg_amount: number | string | null;
}

export interface CategoryCount {
  /** The grouping value (null when the applications have none yet). */
  key: string | null;
  count: number;
  /** count ÷ total applications, 0..1. */
  share: number;
}

export interface AnalyticsSummary {
  totalApplications: number;
  /** Dollars, rounded to cents. */
  totalRevenue: number;
  /** revenue ÷ total, rounded to cents; 0 when there are no applications. */
  averagePerApplication: number;
  /** Applications whose fee was paid (refunded ones included: their amount is in the revenue). */
  paidApplications: number;
  /** revenue ÷ paid applications, rounded to cents; 0 when none is paid. */
  averagePerPaidApplication: number;
  /** How many applications reached each step, and every step before it. */
  funnel: ApplicationFunnel;
  byVisaType: CategoryCount[];
  byDestination: CategoryCount[];
  byStatus: CategoryCount[];
  byPaymentStatus: CategoryCount[];
}

/** draft → submitted → paid → decided: each step counts the applications that reached it and the steps before it. */
export interface ApplicationFunnel {
  /** Every application, drafts included. */
  started: number;
  /** Submitted and not back at draft (returned for changes). */
  submitted: number;
  /** Submitted with the fee paid. */
  paid: number;
  /** Paid, and approved or rejected. */
  decided: number;
}

const PAID = new Set(["paid", "refunded"]);
const DECIDED = new Set(["approved", "rejected"]);

function funnelOf(rows: StatsInput[]): ApplicationFunnel {
  const funnel = { started: 0, submitted: 0, paid: 0, decided: 0 };
  for (const r of rows) {
    const count = Number(r.count);
    funnel.started += count;
    if (!r.status || r.status === "draft") continue;
    funnel.submitted += count;
    if (!PAID.has(r.payment_status ?? "")) continue;
    funnel.paid += count;
    if (DECIDED.has(r.status)) funnel.decided += count;
  }
  return funnel;
}

/** The process's order (SPEC §4), unknown statuses after it. */
const statusOrder = (key: string | null) => {
  const i = STATUSES.indexOf(key as (typeof STATUSES)[number]);
  return i === -1 ? STATUSES.length : i;
};

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/** Destinations are free text: "United Kingdom" and " united kingdom" are one country, shown as first written. */
const destinationKey = (v: string | null) => (v?.trim() ? v.trim().toLowerCase() : null);

function tally(rows: StatsInput[], pick: (r: StatsInput) => string | null, keyOf: (v: string | null) => string | null = (v) => v) {
  const counts = new Map<string | null, { key: string | null; count: number }>();
  for (const r of rows) {
    const value = pick(r);
    const k = keyOf(value);
    const entry = counts.get(k) ?? { key: k === null ? null : (value?.trim() ?? value), count: 0 };
    entry.count += Number(r.count);
    counts.set(k, entry);
  }
  return [...counts.values()];
}

function withShares(entries: { key: string | null; count: number }[], total: number): CategoryCount[] {
  return entries
    .filter((e) => e.count > 0)
    .map((e) => ({ ...e, share: total ? e.count / total : 0 }))
    .sort((a, b) => b.count - a.count || (a.key ?? "\uffff").localeCompare(b.key ?? "\uffff"));
}

/** The analytics page lists this many destinations, then one "Other" entry for the rest. */
export const TOP_DESTINATIONS = 10;
export const OTHER_DESTINATIONS = "Other";

/** The first `n` entries, and the rest summed into one "Other" entry (last, whatever its size). */
function topWithOther(entries: CategoryCount[], n: number, total: number): CategoryCount[] {
  if (entries.length <= n) return entries;
  const count = entries.slice(n).reduce((sum, e) => sum + e.count, 0);
  return [...entries.slice(0, n), { key: OTHER_DESTINATIONS, count, share: total ? count / total : 0 }];
}

export function summarizeStats(rows: StatsInput[]): AnalyticsSummary {
  let total = 0;
  let revenue = 0;
  for (const r of rows) {
    const count = Number(r.count);
    total += count;
    revenue += Number(r.avg_amount ?? 0) * count;
  }
  const totalRevenue = round2(revenue);
  const funnel = funnelOf(rows);
  const paidApplications = rows.filter((r) => PAID.has(r.payment_status ?? "")).reduce((n, r) => n + Number(r.count), 0);
  return {
    totalApplications: total,
    totalRevenue,
    averagePerApplication: total ? round2(totalRevenue / total) : 0,
    paidApplications,
    averagePerPaidApplication: paidApplications ? round2(totalRevenue / paidApplications) : 0,
    funnel,
    byVisaType: withShares(
      tally(rows, (r) => r.visa_type),
      total,
    ),
    byDestination: topWithOther(
      withShares(
        tally(rows, (r) => r.destination_country, destinationKey),
        total,
      ),
      TOP_DESTINATIONS,
      total,
    ),
    byStatus: withShares(
      tally(rows, (r) => r.status),
      total,
    ).sort((a, b) => statusOrder(a.key) - statusOrder(b.key)),
    byPaymentStatus: withShares(
      tally(rows, (r) => r.payment_status),
      total,
    ),
  };
}
