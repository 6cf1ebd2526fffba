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
