// A bill split while the site charged the other of Naira and dollars (PAYMENT_CURRENCY changed since): its instalments
// and frozen service fee are stored in the split's currency, and what is still owed is charged in today's currency at
// today's rate (docs/decisions.md "Bills written under the other PAYMENT_CURRENCY"). The stored rows do not change; the
// bill, its quote and its instalments are read converted, each line with the amount it was billed at as its basis, and
// a paid instalment keeps what it was paid as beside its converted amount.
import { formatMinor } from "../../../views/lib/money.ts";
import { type Bill, type BillLine, billOf, lineIn } from "../../domain/bill.ts";
import type { Currency, Quote, Rate } from "../../domain/money.ts";
import type { InstalmentRow } from "../../models/instalments.ts";

/** What billNow answers (quote.ts's Owed, written out here so that this module does not import the one that calls it). */
interface Owed {
  quote: Quote;
  bill: Bill;
  instalments: InstalmentRow[];
  next: InstalmentRow | undefined;
}

/** An amount of the other currency in `charged`'s minor units at `koboPerUsd`, as lineIn converts a line. */
export function convertTo(charged: Currency, minor: number, koboPerUsd: number): number {
  return charged === "NGN" ? Math.round((minor * koboPerUsd) / 100) : Math.round((minor * 100) / koboPerUsd);
}

export function chargedNow(owed: Owed, charged: Currency, rate: Rate): Owed {
  const { quote, bill } = owed;
  const lines = bill.lines.map((l) => lineIn({ ...l, source: null }, charged, rate.koboPerUsd) as BillLine);
  const instalments = owed.instalments.map(
    (i): InstalmentRow => ({
      ...i,
      amount_minor: convertTo(charged, i.amount_minor, rate.koboPerUsd),
      ...(i.paid_at ? { paid_as: { minor: i.amount_minor, currency: quote.currency } } : {}),
    }),
  );
  return {
    quote: { currency: charged, amountMinor: lines[0].amountMinor, feeUsdCents: quote.feeUsdCents, rate: charged === "NGN" ? rate : null },
    bill: billOf(charged, lines, bill.version),
    instalments,
    next: instalments.find((i) => i.paid_at === null),
  };
}

/**
 * How an instalment stored in its split's currency reads where it is listed (the overdue list, a reminder): in the
 * currency charged now at today's rate when the split was made under the other one, else as stored.
 */
export function chargedText(charged: Currency, rate: Rate | undefined): (minor: number, currency: Currency) => string {
  return (minor, currency) =>
    currency === charged || !rate ? formatMinor(minor, currency) : formatMinor(convertTo(charged, minor, rate.koboPerUsd), charged);
}
