// Money as people read it, from integer minor units (kobo, cents): the same text on the server, in e-mails and in the browser.
export type Currency = "NGN" | "USD";

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** 23250000 NGN → "₦232,500"; 23257550 → "₦232,575.50"; 15000 USD → "$150.00". */
export function formatMinor(minor: number, currency: Currency | string): string {
  const negative = minor < 0;
  const abs = Math.abs(Math.trunc(minor));
  const whole = group(String(Math.trunc(abs / 100)));
  const cents = String(abs % 100).padStart(2, "0");
  const sign = negative ? "-" : "";
  if (currency === "NGN") return `${sign}₦${whole}${cents === "00" ? "" : `.${cents}`}`;
  if (currency === "USD") return `${sign}$${whole}.${cents}`;
  return `${sign}${currency} ${whole}.${cents}`;
}

/** The rate as shown beside a Naira amount: 155000 → "₦1,550/$". */
export function formatRate(koboPerUsd: number): string {
  return `${formatMinor(koboPerUsd, "NGN")}/$`;
}

export interface QuoteView {
  currency: Currency;
  amountMinor: number;
  feeUsd: number;
  rateKoboPerUsd: number | null;
  /** The day the rate was set, already formatted ("24 Nov 2026"). */
  rateDate: string | null;
}

/** "₦232,500 — $150 at ₦1,550/$, rate of 24 Nov 2026", or "$150.00" when charged in dollars. */
export function describeQuote(q: QuoteView): string {
  const amount = formatMinor(q.amountMinor, q.currency);
  const basis = quoteBasis(q);
  return basis ? `${amount} — ${basis}` : amount;
}

/** How a Naira amount was reached from the dollar fee ("$150 at ₦1,550/$, rate of 29 Nov 2026"); null when charged in dollars. */
export function quoteBasis(q: QuoteView): string | null {
  if (q.currency === "USD" || q.rateKoboPerUsd === null) return null;
  return `$${group(String(q.feeUsd))} at ${formatRate(q.rateKoboPerUsd)}${q.rateDate ? `, rate of ${q.rateDate}` : ""}`;
}
