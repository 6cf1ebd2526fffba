// The quote an application's fee is charged at now: the price list, the configured currency, the staff's latest rate.
// What is owed is the case's bill: that service fee and the lines staff added (domain/bill.ts).
import type { Knex } from "knex";
import type { Config } from "../../config.ts";
import { type Bill, type BillLine, billOf, lineIn } from "../../domain/bill.ts";
import { GROUP_BILL, minorOfUsd } from "../../domain/familyBill.ts";
import { NO_RATE, QUOTE_HOLD_MS, type Quote, quoteFor } from "../../domain/money.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { currentLines } from "../../models/bills.ts";
import { currentRate } from "../../models/exchangeRates.ts";
import { peopleOf } from "../../models/groupBills.ts";
import { type BillSplitRow, findSplit, type InstalmentRow, instalmentsOf, nextUnpaid } from "../../models/instalments.ts";
import type { NewPayment, Provider } from "../../models/payments.ts";
import { type Outcome, refuse } from "../action.ts";
import { EARLIER_LINES_NEED_RATE } from "./billRules.ts";
import { chargedNow } from "./chargedNow.ts";
import { coveredBy, coverOf, type GroupBill, groupBillOf } from "./groupBill.ts";

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
  /** A family group's bill: the members it covers (their cases' ids), which a payment records; else empty. */
  covers: string[];
  /**
   * The whole bill's service fee in dollar cents, which a payment records and settlement checks: `quote`'s (the case's
   * own) and, on a family group's bill, each covered member's.
   */
  feeUsdCents: number;
}

/** The service fee's lines of a group's bill: the lead's (its quote) and each covered member's at the bill's rate. */
function serviceLines(lead: ApplicationRow, quote: Quote, group: GroupBill | undefined, split: BillSplitRow | undefined): BillLine[] {
  const own = serviceLine(quote);
  if (!group?.members.length) return [own];
  const membersUsd = group.members.reduce((s, m) => s + m.feeUsdCents, 0);
  // A split froze the group's fee in dollars: the lead's part is what the members' leave of it.
  const leadUsd = split ? split.fee_usd_cents - membersUsd : quote.feeUsdCents;
  const rate = quote.rate?.koboPerUsd;
  const name = (r: ApplicationRow) => r.full_name?.trim() || r.reference_number;
  const leadLine: BillLine = {
    ...own,
    label: `Service fee: ${name(lead)}`,
    person: name(lead),
    source: own.source ? { ...own.source, minor: leadUsd } : null,
  };
  const memberLines = group.members.map(
    (m): BillLine => ({
      id: null,
      kind: "service",
      label: `Service fee: ${name(m.row)}${group.ratePercent ? ` (family rate ${group.ratePercent}%)` : ""}`,
      currency: quote.currency,
      amountMinor: minorOfUsd(m.feeUsdCents, quote.currency, rate),
      source: rate ? { currency: "USD", minor: m.feeUsdCents, rateMinor: rate } : null,
      reason: null,
      person: name(m.row),
    }),
  );
  return [leadLine, ...memberLines];
}

/**
 * The case's bill now: the service fee at today's quote (or the one its split froze) and the lines in force, with its
 * instalments when staff split it.
 */
export async function billNow(db: Knex, config: Config, row: ApplicationRow): Promise<Outcome<Owed>> {
  // A covered member's case has no bill of its own: the lead's carries it.
  const lead = await coveredBy(db, row);
  if (lead) return refuse(409, GROUP_BILL(lead.reference_number));
  const group = await groupBillOf(db, row);
  const split = await findSplit(db, row.id);
  const quoted = split ? { ok: true as const, quote: frozenQuote(split) } : await quoteNow(db, config, row.visa_type);
  if (!quoted.ok) return quoted;
  const instalments = split ? await instalmentsOf(db, row.id) : [];
  const stored = await currentLines(db, row.id);
  const people = new Map((await peopleOf(db, [...new Set(stored.flatMap((l) => (l.person_id ? [l.person_id] : [])))])).map((p) => [p.id, p]));
  const lines = stored.map(
    (l): BillLine => ({
      id: l.id,
      kind: l.kind,
      label: l.label,
      currency: l.currency,
      amountMinor: l.amount_minor,
      source:
        l.source_currency && l.source_minor && l.rate_minor ? { currency: l.source_currency, minor: l.source_minor, rateMinor: l.rate_minor } : null,
      reason: l.reason,
      person: l.person_id ? (people.get(l.person_id)?.full_name ?? people.get(l.person_id)?.reference_number ?? null) : null,
    }),
  );
  // Lines written while the site charged the other currency count too, converted at the bill's rate (docs/decisions.md).
  const currency = quoted.quote.currency;
  const charged = config.payments.currency;
  const today = lines.some((l) => l.currency !== currency) || currency !== charged ? await currentRate(db) : undefined;
  const koboPerUsd = quoted.quote.rate?.koboPerUsd ?? today?.koboPerUsd;
  const inBill = lines.map((l) => lineIn(l, currency, koboPerUsd));
  if (inBill.some((l) => l === undefined)) return refuse(503, EARLIER_LINES_NEED_RATE);
  const service = serviceLines(row, quoted.quote, group, split);
  const bill = billOf(currency, [...service, ...(inBill as BillLine[])], Number(row.bill_version ?? 0));
  // The whole service fee in dollars (a split froze the group's); the quote keeps the case's own, as its line shows it.
  const membersUsd = group?.members.reduce((s, m) => s + m.feeUsdCents, 0) ?? 0;
  const feeUsdCents = split ? split.fee_usd_cents : quoted.quote.feeUsdCents + membersUsd;
  const quote = { ...quoted.quote, feeUsdCents: feeUsdCents - membersUsd };
  const owed = { quote, bill, instalments, next: nextUnpaid(instalments), covers: coverOf(group), feeUsdCents };
  if (currency === charged) return { ok: true, ...owed };
  // A split made while the site charged the other currency: what is still owed is charged now, at today's rate.
  if (!today) return refuse(503, EARLIER_LINES_NEED_RATE);
  return { ok: true, ...chargedNow(owed, charged, today), covers: owed.covers, feeUsdCents };
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
  owed: Pick<Owed, "quote" | "bill" | "instalments" | "next" | "covers" | "feeUsdCents">,
  reference: string,
): NewPayment {
  const { quote, bill, next } = owed;
  return {
    application_id: row.id,
    user_id: row.user_id,
    provider,
    currency: quote.currency,
    amount_minor: amountOwed(owed),
    fee_usd_cents: owed.feeUsdCents,
    rate_kobo_per_usd: quote.rate?.koboPerUsd ?? null,
    rate_set_at: quote.rate?.setAt ?? null,
    quote_expires_at: new Date(Date.now() + QUOTE_HOLD_MS),
    reference,
    bill_version: bill.version,
    pass_through_minor: next ? passThroughOf(bill, owed.instalments, next) : bill.passThroughMinor,
    instalment_id: next?.id ?? null,
    covers: owed.covers,
  };
}
