// The quote an application's fee is charged at now: the price list, the configured currency, the staff's latest rate.
import type { Knex } from "knex";
import type { Config } from "../../config.ts";
import { NO_RATE, QUOTE_HOLD_MS, type Quote, quoteFor } from "../../domain/money.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { currentRate } from "../../models/exchangeRates.ts";
import type { NewPayment, Provider } from "../../models/payments.ts";
import { type Outcome, refuse } from "../action.ts";

export async function quoteNow(db: Knex, config: Config, visaType: string | null): Promise<Outcome<{ quote: Quote }>> {
  const rate = config.payments.currency === "NGN" ? await currentRate(db) : undefined;
  const quote = quoteFor(visaType, config.payments.currency, rate);
  return quote ? { ok: true, quote } : refuse(503, NO_RATE);
}

/** A new attempt's row at `quote`, held for 24 hours from now. */
export function paymentAt(row: ApplicationRow, provider: Provider, quote: Quote, reference: string): NewPayment {
  return {
    application_id: row.id,
    user_id: row.user_id,
    provider,
    currency: quote.currency,
    amount_minor: quote.amountMinor,
    fee_usd_cents: quote.feeUsdCents,
    rate_kobo_per_usd: quote.rate?.koboPerUsd ?? null,
    rate_set_at: quote.rate?.setAt ?? null,
    quote_expires_at: new Date(Date.now() + QUOTE_HOLD_MS),
    reference,
  };
}
