// The acquisition funnel as the analytics page shows it: every one of the last weeks (empty ones too), each source,
// the total, and the conversion from step to step (of the leads that reached a step, the share that reached the next;
// those who applied without a consultation are shown apart, as having skipped it).

import { LEAD_SOURCE_LABELS } from "../../views/lib/leads.ts";
import type { Funnel, FunnelLine } from "../../views/pages/admin/types.ts";
import { lagosToday } from "../domain/calendar.ts";
import type { FunnelRow } from "../models/leadFunnel.ts";

const EMPTY = { enquiries: 0, bookings: 0, direct: 0, held: 0, applied: 0, paid: 0, skipped: 0, held_applied: 0, applied_paid: 0 };
const STEP_NAMES = ["Leads", "Consultation held", "Applied", "Paid"];
const percent = (n: number, of: number) => (of ? Math.round((n / of) * 100) : 0);

function line(key: string, label: string, r: Omit<FunnelRow, "key">): FunnelLine {
  const leads = r.enquiries + r.bookings + r.direct;
  return {
    key,
    label,
    leads,
    enquiries: r.enquiries,
    bookings: r.bookings,
    direct: r.direct,
    steps: [r.held, r.applied, r.paid].map((count) => ({ count, percent: percent(count, leads) })),
    skipped: { count: r.skipped, percent: percent(r.skipped, leads) },
  };
}

/** The Mondays (Lagos) of the last `weeks` weeks, oldest first. */
function mondays(weeks: number, now: Date): string[] {
  const today = new Date(`${lagosToday(now)}T00:00:00Z`);
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000);
  return Array.from({ length: weeks }, (_, i) => new Date(monday.getTime() - (weeks - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10));
}

export function funnelProps(byWeek: FunnelRow[], bySource: FunnelRow[], weeks: number, now = new Date()): Funnel {
  const found = new Map(byWeek.map((r) => [r.key, r]));
  const sum = byWeek.reduce(
    (acc, r) => Object.fromEntries(Object.entries(acc).map(([k, v]) => [k, v + r[k as keyof typeof EMPTY]])) as typeof EMPTY,
    EMPTY,
  );
  const total = line("total", "All weeks", sum);
  // Each conversion: of those at a step, how many reached the next one too (not the next step's whole count, which
  // holds leads that skipped this one).
  const pairs: [from: number, both: number][] = [
    [total.leads, sum.held],
    [sum.held, sum.held_applied],
    [sum.applied, sum.applied_paid],
  ];
  return {
    weeks: mondays(weeks, now).map((monday) => line(monday, monday, found.get(monday) ?? EMPTY)),
    sources: bySource.map((r) => line(r.key, LEAD_SOURCE_LABELS[r.key] ?? r.key, r)),
    total,
    conversions: pairs.map(([from, both], i) => ({ from: STEP_NAMES[i], to: STEP_NAMES[i + 1], percent: from ? percent(both, from) : null })),
  };
}
