// One bill per case: what the applicant owes is the sum of its lines. The first line is the consultancy's service fee
// (the price list in dollars at the staff's rate, as every fee was before bills); staff add the others. Fees collected
// on the applicant's behalf (the embassy's visa fee, the visa centre's, priority service, courier, translation) are
// passed on, not the consultancy's revenue: analytics, the payments CSV and the monthly figures keep them apart.
import type { Currency } from "../../views/lib/money.ts";

export const LINE_KINDS = ["service", "embassy_fee", "visa_centre_fee", "priority", "courier", "translation", "other"] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export const LINE_KIND_LABELS: Record<LineKind, string> = {
  service: "Service fee",
  embassy_fee: "Embassy visa fee",
  visa_centre_fee: "Visa centre fee",
  priority: "Priority service",
  courier: "Courier",
  translation: "Translation",
  other: "Other",
};

/** Paid to the embassy, the visa centre or a supplier on the applicant's behalf: never the consultancy's revenue. */
export const PASS_THROUGH: readonly LineKind[] = ["embassy_fee", "visa_centre_fee", "priority", "courier", "translation"];
export const isPassThrough = (kind: string): boolean => (PASS_THROUGH as readonly string[]).includes(kind);

/** Currencies a staff member may type a line in; any but the bill's needs the rate used. */
export const LINE_CURRENCIES = ["NGN", "USD", "EUR", "GBP"] as const;

export interface BillLine {
  /** null: the service fee from the price list (not stored). */
  id: string | null;
  kind: LineKind;
  label: string;
  currency: Currency;
  amountMinor: number;
  /**
   * Typed in another currency: what was typed and the rate used (bill's minor units per one unit). `earlier`: written
   * when the site charged the other of Naira and dollars (PAYMENT_CURRENCY changed since), converted at the bill's rate,
   * whose `rateMinor` is then kobo per dollar whichever way it went.
   */
  source: { currency: string; minor: number; rateMinor: number; earlier?: boolean } | null;
  reason: string | null;
  /** On a family group's bill: the person the line is for (full name), when it names one. */
  person?: string | null;
}

export interface Bill {
  currency: Currency;
  lines: BillLine[];
  totalMinor: number;
  passThroughMinor: number;
  /** Changes to the lines so far: a payment quoted at an older version is not taken as what is owed. */
  version: number;
}

export function billOf(currency: Currency, lines: BillLine[], version: number): Bill {
  const own = lines.filter((l) => l.currency === currency);
  return {
    currency,
    lines: own,
    totalMinor: own.reduce((s, l) => s + l.amountMinor, 0),
    passThroughMinor: own.filter((l) => isPassThrough(l.kind)).reduce((s, l) => s + l.amountMinor, 0),
    version,
  };
}

/** A source amount at a rate (bill minor units per one unit) → the bill's minor units, rounded to the nearest. */
export const convert = (sourceMinor: number, rateMinor: number): number => Math.round((sourceMinor * rateMinor) / 100);

/**
 * A line in the bill's currency: as it is, or — written when the site charged the other of Naira and dollars — converted
 * at `koboPerUsd` (the bill's rate: today's, or the one its split froze), its recorded amount kept as the basis.
 * Undefined when it cannot be converted (no rate set, or another currency).
 */
export function lineIn(line: BillLine, currency: Currency, koboPerUsd: number | undefined): BillLine | undefined {
  if (line.currency === currency) return line;
  if (!koboPerUsd) return undefined;
  const source = { currency: line.currency, minor: line.amountMinor, rateMinor: koboPerUsd, earlier: true };
  if (line.currency === "USD" && currency === "NGN") return { ...line, currency, amountMinor: convert(line.amountMinor, koboPerUsd), source };
  if (line.currency === "NGN" && currency === "USD") {
    return { ...line, currency, amountMinor: Math.round((line.amountMinor * 100) / koboPerUsd), source };
  }
  return undefined;
}
