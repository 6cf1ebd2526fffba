// The quote an application's fee is charged at now: the price list, the configured currency, the staff's latest rate.
// What is owed is the case's bill: that service fee and the lines staff added (domain/bill.ts).
import type { Knex } from "knex";
import type { Config } from "../../config.ts";
import { type Bill, type BillLine, billOf, lineIn } from "../../domain/bill.ts";
import { NO_RATE, QUOTE_HOLD_MS, type Quote, quoteFor } from "../../domain/money.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { currentLines } from "../../models/bills.ts";
import { currentRate } from "../../models/exchangeRates.ts";
import { type BillSplitRow, findSplit, type InstalmentRow, instalmentsOf, nextUnpaid } from "../../models/instalments.ts";
import type { NewPayment, Provider } from "../../models/payments.ts";
import { type Outcome, refuse } from "../action.ts";
import { EARLIER_LINES_NEED_RATE } from "./billRules.ts";
import { chargedNow } from "./chargedNow.ts";

export async function quoteNow(db: Knex, config: Config, visaType: string | null): Promise<Outcome<{ quote: Quote }>> {
  const rate = config.payments.currency === "NGN" ? await currentRate(db) : undefined;
  const quote = quoteFor(visaType, config.payments.currency, rate);
  return quote ? { ok: true, quote } : refuse(503, NO_RATE);
}

/** The service fee as the bill's first line. */
export function serviceLine(quote: Quote): BillLine {
  return {
    id: null,
    kind: "service",
    label: "Service fee (price list)",
    currency: quote.currency,
    amountMinor: quote.amountMinor,
    source: quote.rate ? { currency: "USD", minor: quote.feeUsdCents, rateMinor: quote.rate.koboPerUsd } : null,
    reason: null,
  };
}

/** The service fee a split froze, as a quote: the bill keeps the price it was split at (docs/decisions.md). */
export const frozenQuote = (split: BillSplitRow): Quote => ({
  currency: split.currency,
  amountMinor: split.service_minor,
  feeUsdCents: split.fee_usd_cents,
  rate: split.rate_kobo_per_usd && split.rate_set_at ? { koboPerUsd: split.rate_kobo_per_usd, setAt: split.rate_set_at } : null,
});

export interface Owed {
  quote: Quote;
  bill: Bill;
  /** The bill's instalments, first to last; empty when it is not split. */
  instalments: InstalmentRow[];
  /** The instalment a payment now pays; undefined when the bill is not split or all are paid. */
  next: InstalmentRow | undefined;
}

/**
 * The case's bill now: the service fee at today's quote (or the one its split froze) and the lines in force, with its
 * instalments when staff split it.
 */
export async function billNow(db: Knex, config: Config, row: Pick<ApplicationRow, "id" | "visa_type" | "bill_version">): Promise<Outcome<Owed>> {
  const split = await findSplit(db, row.id);
  const quoted = split ? { ok: true as const, quote: frozenQuote(split) } : await quoteNow(db, config, row.visa_type);
  if (!quoted.ok) return quoted;
  const instalments = split ? await instalmentsOf(db, row.id) : [];
  const lines = (await currentLines(db, row.id)).map(
    (l): BillLine => ({
      id: l.id,
      kind: l.kind,
      label: l.label,
      currency: l.currency,
      amountMinor: l.amount_minor,
      source:
        l.source_currency && l.source_minor && l.rate_minor ? { currency: l.source_currency, minor: l.source_minor, rateMinor: l.rate_minor } : null,
      reason: l.reason,
    }),
  );
  // Lines written while the site charged the other currency count too, converted at the bill's rate (docs/decisions.md).
  const currency = quoted.quote.currency;
  const charged = config.payments.currency;
  const today = lines.some((l) => l.currency !== currency) || currency !== charged ? await currentRate(db) : undefined;
  const koboPerUsd = quoted.quote.rate?.koboPerUsd ?? today?.koboPerUsd;
  const inBill = lines.map((l) => lineIn(l, currency, koboPerUsd));
  if (inBill.some((l) => l === undefined)) return refuse(503, EARLIER_LINES_NEED_RATE);
  const bill = billOf(currency, [serviceLine(quoted.quote), ...(inBill as BillLine[])], Number(row.bill_version ?? 0));
  const owed = { quote: quoted.quote, bill, instalments, next: nextUnpaid(instalments) };
  if (currency === charged) return { ok: true, ...owed };
  // A split made while the site charged the other currency: what is still owed is charged now, at today's rate.
  if (!today) return refuse(503, EARLIER_LINES_NEED_RATE);
  return { ok: true, ...chargedNow(owed, charged, today) };
}

/** What a payment started now is for: the next instalment, or the whole bill when it is not split. */
export const amountOwed = (owed: Pick<Owed, "bill" | "next">): number => owed.next?.amount_minor ?? owed.bill.totalMinor;

/**
 * The part of an instalment collected on the applicant's behalf: the consultancy's own fees are counted as paid first,
 * then what is passed on, so the instalments' parts add up to the bill's.
 */
export function passThroughOf(bill: Bill, instalments: InstalmentRow[], instalment: InstalmentRow): number {
  const own = bill.totalMinor - bill.passThroughMinor;
  const before = instalments.filter((i) => i.position < instalment.position).reduce((s, i) => s + i.amount_minor, 0);
  const beyondOwn = (paid: number) => Math.max(0, paid - own);
  return Math.min(instalment.amount_minor, beyondOwn(before + instalment.amount_minor) - beyondOwn(before));
}

/** A new attempt's row for what is owed now (the next instalment, or the whole bill), its service fee at `quote`, held for 24 hours from now. */
export function paymentAt(
  row: ApplicationRow,
  provider: Provider,
  owed: Pick<Owed, "quote" | "bill" | "instalments" | "next">,
  reference: string,
): NewPayment {
  const { quote, bill, next } = owed;
  return {
    application_id: row.id,
    user_id: row.user_id,
    provider,
    currency: quote.currency,
    amount_minor: amountOwed(owed),
    fee_usd_cents: quote.feeUsdCents,
    rate_kobo_per_usd: quote.rate?.koboPerUsd ?? null,
    rate_set_at: quote.rate?.setAt ?? null,
    quote_expires_at: new Date(Date.now() + QUOTE_HOLD_MS),
    reference,
    bill_version: bill.version,
    pass_through_minor: next ? passThroughOf(bill, owed.instalments, next) : bill.passThroughMinor,
    instalment_id: next?.id ?? null,
  };
}
