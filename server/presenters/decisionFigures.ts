// The owner's figures of the embassies' decisions as the analytics page shows them: visa types by their labels, the
// share issued as a whole percentage, the median days as a number of days ("—" where there is nothing to measure).
import { formatMonth } from "../../views/lib/format.ts";
import type { DecisionFigureEntry, DecisionFigures } from "../../views/pages/admin/types.ts";
import { addMonths } from "../domain/calendar.ts";
import { VISA_TYPE_OPTIONS } from "../domain/visa.ts";
import type { DecisionFigureRow, MonthPeriod } from "../models/decisionMonths.ts";

const visaLabel = (v: string | null) => VISA_TYPE_OPTIONS.find((o) => o.value === v)?.label ?? "Visa type not given";

export const issuedShare = (issued: number, decided: number) => (decided ? `${Math.round((issued / decided) * 100)}%` : "—");

const days = (median: number | null) => (median === null ? "—" : String(Math.round(median * 10) / 10));

const monthsLabel = (p: MonthPeriod) => (p.from === p.to ? formatMonth(p.from) : `${formatMonth(p.from)} – ${formatMonth(p.to)}`);

export function decisionFiguresProps(rows: DecisionFigureRow[], period: MonthPeriod): DecisionFigures {
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
    label: monthsLabel(period),
    rows: rows.filter((r) => !r.total).map(entry),
    total: total ? entry(total) : null,
  };
}

/** The last `months` whole Lagos months, the current one (of `today`, YYYY-MM-DD) included: 12 months to 30 Nov 2026
 * are Dec 2025 – Nov 2026. */
export function lastMonths(today: string, months: number): MonthPeriod {
  const current = today.slice(0, 7);
  return { from: addMonths(current, 1 - months), to: current };
}

/**
 * The success stories page's two figures from the decisions recorded in a period, with the period in words; null with
 * no decision in it (the written figures stay then).
 */
export function successFiguresView(
  totals: { decided: number; issued: number },
  period: MonthPeriod,
): { visas: string; rate: string; period: string } | null {
  if (totals.decided === 0) return null;
  return {
    visas: totals.issued.toLocaleString("en"),
    rate: `${Math.round((totals.issued / totals.decided) * 100)}%`,
    period: `Visas issued and success rate: the embassies' decisions on our clients' applications, ${monthsLabel(period)}.`,
  };
}
