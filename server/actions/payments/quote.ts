// The quote an application's fee is charged at now: the price list, the configured currency, the staff's latest rate.
// What is owed is the case's bill: that service fee and the lines staff added (domain/bill.ts).
import type { Knex } from "knex";
import type { Config } from "../../config.ts";
import { type Bill, type BillLine, billOf } from "../../domain/bill.ts";
import { NO_RATE, QUOTE_HOLD_MS, type Quote, quoteFor } from "../../domain/money.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { currentLines } from "../../models/bills.ts";
import { currentRate } from "../../models/exchangeRates.ts";
import type { NewPayment, Provider } from "../../models/payments.ts";
import { type Outcome, refuse } from "../action.ts";

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

/** The case's bill now: the service fee at today's quote and the lines in force. */
export async function billNow(
  db: Knex,
  config: Config,
  row: Pick<ApplicationRow, "id" | "visa_type" | "bill_version">,
): Promise<Outcome<{ quote: Quote; bill: Bill }>> {
  const quoted = await quoteNow(db, config, row.visa_type);
  if (!quoted.ok) return quoted;
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
  return { ok: true, quote: quoted.quote, bill: billOf(quoted.quote.currency, [serviceLine(quoted.quote), ...lines], Number(row.bill_version ?? 0)) };
}

/** A new attempt's row for what `bill` says is owed, its service fee at `quote`, held for 24 hours from now. */
export function paymentAt(row: ApplicationRow, provider: Provider, quote: Quote, bill: Bill, reference: string): NewPayment {
  return {
    application_id: row.id,
    user_id: row.user_id,
    provider,
    currency: quote.currency,
    amount_minor: bill.totalMinor,
    fee_usd_cents: quote.feeUsdCents,
    rate_kobo_per_usd: quote.rate?.koboPerUsd ?? null,
    rate_set_at: quote.rate?.setAt ?? null,
    quote_expires_at: new Date(Date.now() + QUOTE_HOLD_MS),
    reference,
    bill_version: bill.version,
    pass_through_minor: bill.passThroughMinor,
  };
}
