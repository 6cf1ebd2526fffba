// What an application's fee costs in the currency it is charged in: the SPEC §9 price list in dollars, converted at
// the exchange rate staff set. Integer minor units throughout.
import type { Currency } from "../../views/lib/money.ts";
import { feeFor } from "./visa.ts";

export type { Currency };

/** A quote holds this long from when a payment starts (the rate may change meanwhile; the quote does not). */
export const QUOTE_HOLD_MS = 24 * 3_600_000;

export interface Rate {
  koboPerUsd: number;
  setAt: Date;
}

export interface Quote {
  currency: Currency;
  amountMinor: number;
  feeUsdCents: number;
  rate: Rate | null;
}

export const NO_RATE = "Fees cannot be paid in Naira yet: the exchange rate has not been set. Please try again later or contact us.";

/** The quote for a visa type's fee, or undefined when Naira is charged and no rate is set. */
export function quoteFor(visaType: string | null | undefined, currency: Currency, rate: Rate | undefined): Quote | undefined {
  const feeUsdCents = feeFor(visaType) * 100;
  if (currency === "USD") return { currency, amountMinor: feeUsdCents, feeUsdCents, rate: null };
  if (!rate) return undefined;
  // cents × (kobo per dollar) / 100 — exact: fees are whole dollars.
  return { currency, amountMinor: (feeUsdCents * rate.koboPerUsd) / 100, feeUsdCents, rate };
}

/** A rate typed by staff ("1550", "1,550.50", "₦1550") → kobo per dollar; undefined for anything else. */
export function parseRate(input: string): number | undefined {
  const cleaned = input.replace(/[₦,\s]/g, "").replace(/\/\$$/, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const [whole, frac = ""] = cleaned.split(".");
  const kobo = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return kobo > 0 ? kobo : undefined;
}

/** Naira or dollars typed by staff ("232,500", "232500.50") → minor units; undefined for anything else. */
export function parseAmount(input: string): number | undefined {
  const cleaned = input.replace(/[₦$,\s]/g, "");
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const [whole, frac = ""] = cleaned.split(".");
  const minor = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return minor > 0 ? minor : undefined;
}
