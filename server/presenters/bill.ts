// A case's bill for the pages: each line's amount in the currency charged and how it was reached.
import type { BillView } from "../../views/lib/bill.ts";
import { formatMinor, formatRate } from "../../views/lib/money.ts";
import { type Bill, isPassThrough, LINE_KIND_LABELS } from "../domain/bill.ts";

const sourceText = (currency: string, minor: number) =>
  currency === "USD" ? `$${(minor / 100).toLocaleString("en-GB")}` : formatMinor(minor, currency);

/** `forStaff`: with each line's reason (staff's own words, not shown to the applicant). */
export function billView(bill: Bill, rateDate: string | null = null, forStaff = false): BillView {
  return {
    lines: bill.lines.map((l) => ({
      id: l.id,
      kindLabel: LINE_KIND_LABELS[l.kind],
      label: l.label,
      amountText: formatMinor(l.amountMinor, l.currency),
      basis: l.source?.earlier
        ? `${sourceText(l.source.currency, l.source.minor)} at ${formatRate(l.source.rateMinor)}${rateDate ? `, rate of ${rateDate}` : ""} (billed when fees were charged in ${l.source.currency === "USD" ? "dollars" : "Naira"})`
        : l.source
          ? `${sourceText(l.source.currency, l.source.minor)} at ${formatMinor(l.source.rateMinor, l.currency)}/${l.source.currency === "USD" ? "$" : l.source.currency}${l.id === null && rateDate ? `, rate of ${rateDate}` : ""}`
          : null,
      passThrough: isPassThrough(l.kind),
      reason: forStaff ? l.reason : null,
      person: l.id ? (l.person ?? null) : null,
    })),
    totalMinor: bill.totalMinor,
    totalText: formatMinor(bill.totalMinor, bill.currency),
    passThroughText: bill.passThroughMinor > 0 ? formatMinor(bill.passThroughMinor, bill.currency) : null,
  };
}
