// The owner's figures of the embassies' decisions as the analytics page shows them: visa types by their labels, the
// share issued as a whole percentage, the median days as a number of days ("—" where there is nothing to measure).
import { formatDate } from "../../views/lib/format.ts";
import type { DecisionFigureEntry, DecisionFigures } from "../../views/pages/admin/types.ts";
import { VISA_TYPE_OPTIONS } from "../domain/visa.ts";
import type { DecisionFigureRow } from "../models/decisionTimes.ts";

const visaLabel = (v: string | null) => VISA_TYPE_OPTIONS.find((o) => o.value === v)?.label ?? "Visa type not given";

export const issuedShare = (issued: number, decided: number) => (decided ? `${Math.round((issued / decided) * 100)}%` : "—");

const days = (median: number | null) => (median === null ? "—" : String(Math.round(median * 10) / 10));

export function decisionFiguresProps(rows: DecisionFigureRow[], period: { from: string; to: string }): DecisionFigures {
  const entry = (r: DecisionFigureRow): DecisionFigureEntry => ({
    key: r.total ? "all" : `${r.destination}:${r.visa_type}`,
    destination: r.total ? "All destinations" : (r.destination ?? ""),
    visaType: r.total ? "Every visa type" : visaLabel(r.visa_type),
    lodged: r.lodged,
    decided: r.decided,
    issuedShare: issuedShare(r.issued, r.decided),
    medianDays: days(r.median_days),
  });
  const total = rows.find((r) => r.total);
  return {
    ...period,
    label: `${formatDate(period.from)} – ${formatDate(period.to)}`,
    rows: rows.filter((r) => !r.total).map(entry),
    total: total ? entry(total) : null,
  };
}

/** The first day of the last `months` months up to `today` (both YYYY-MM-DD): 12 months to 30 Nov 2026 start 1 Dec 2025. */
export function monthsBack(today: string, months: number): string {
  const [y, m, d] = today.split("-").map(Number);
  // The same day `months` back, or that month's last day when it is shorter (31 March, a month back: 28 February).
  const lastOfMonth = new Date(Date.UTC(y, m - 1 - months + 1, 0)).getUTCDate();
  const start = new Date(Date.UTC(y, m - 1 - months, Math.min(d, lastOfMonth)) + 86_400_000);
  return start.toISOString().slice(0, 10);
}

/**
 * The success stories page's two figures from the decisions recorded in a period, with the period in words; null with
 * no decision in it (the written figures stay then).
 */
export function successFiguresView(
  totals: { decided: number; issued: number },
  period: { from: string; to: string },
): { visas: string; rate: string; period: string } | null {
  if (totals.decided === 0) return null;
  return {
    visas: totals.issued.toLocaleString("en"),
    rate: `${Math.round((totals.issued / totals.decided) * 100)}%`,
    period: `Visas issued and success rate: the embassies' decisions on our clients' applications, ${formatDate(period.from)} – ${formatDate(period.to)}.`,
  };
}
