// What the payment page shows: the quote in words, the providers on offer and any attempt in progress.
import type { Knex } from "knex";
import { PASS_THROUGH_NOTE } from "../../views/lib/bill.ts";
import { formatDate, formatUsd } from "../../views/lib/format.ts";
import { describeQuote, formatMinor, type QuoteView } from "../../views/lib/money.ts";
import { PROVIDER_LABELS } from "../../views/lib/payments.ts";
import { billNow } from "../actions/payments/quote.ts";
import type { Config } from "../config.ts";
import { GROUP_BILL } from "../domain/familyBill.ts";
import type { Quote } from "../domain/money.ts";
import { feeFor } from "../domain/visa.ts";
import type { ApplicationRow } from "../models/applications.ts";
import type { BilledRow } from "../models/groupBills.ts";
import { findSplit } from "../models/instalments.ts";
import { type ApplicationPaymentRow, type PaymentRow, type Provider, settledPayment } from "../models/payments.ts";
import { billView } from "./bill.ts";
import { fileUrl } from "./files.ts";

export function quoteView(q: Quote): QuoteView {
  return {
    currency: q.currency,
    amountMinor: q.amountMinor,
    feeUsd: q.feeUsdCents / 100,
    rateKoboPerUsd: q.rate?.koboPerUsd ?? null,
    rateDate: q.rate ? formatDate(q.rate.setAt.toISOString()) : null,
  };
}

/** The quote an attempt was started at (it holds for 24 hours). */
export function attemptQuote(p: ApplicationPaymentRow): QuoteView {
  return {
    currency: p.currency,
    amountMinor: p.amount_minor,
    feeUsd: p.fee_usd_cents / 100,
    rateKoboPerUsd: p.rate_kobo_per_usd,
    rateDate: p.rate_set_at ? formatDate(new Date(p.rate_set_at).toISOString()) : null,
  };
}

/**
 * What an attempt was for, in words: the service fee's quote alone ("₦232,500 — $150 at ₦1,550/$, rate of …"), or —
 * when the bill had other lines — the total with the service fee and the part passed on named.
 */
export function describeAttempt(p: ApplicationPaymentRow): string {
  const q = attemptQuote(p);
  const serviceMinor =
    q.currency === "USD" ? p.fee_usd_cents : q.rateKoboPerUsd === null ? p.amount_minor : (p.fee_usd_cents * q.rateKoboPerUsd) / 100;
  const passedOn =
    p.pass_through_minor > 0 ? `, of which ${formatMinor(p.pass_through_minor, p.currency)} paid to the embassy / visa centre on your behalf` : "";
  // An instalment of a split bill: part of the bill, not the bill's make-up.
  if (p.instalment_id) return `${formatMinor(p.amount_minor, p.currency)}: an instalment of the bill${passedOn}`;
  if (serviceMinor === p.amount_minor) return describeQuote(q);
  const service = describeQuote({ ...q, amountMinor: serviceMinor });
  return `${formatMinor(p.amount_minor, p.currency)}: service fee ${service}; other lines ${formatMinor(p.amount_minor - serviceMinor, p.currency)}${passedOn}`;
}

export interface AttemptView {
  id: string;
  provider: Provider;
  state: PaymentRow["state"];
  quoteText: string;
  amountText: string;
  expiresAt: string;
  paymentCode: string | null;
  proofUploaded: boolean;
  note: string | null;
  /** The quote's 24 hours are over (decided here, so the page and its hydration agree). */
  expired: boolean;
  proof: { name: string; url: string; uploadedAt: string } | null;
}

export function attemptView(p: ApplicationPaymentRow): AttemptView {
  return {
    id: p.id,
    provider: p.provider,
    state: p.state,
    quoteText: describeAttempt(p),
    amountText: formatMinor(p.amount_minor, p.currency),
    expiresAt: new Date(p.quote_expires_at).toISOString(),
    paymentCode: p.payment_code,
    proofUploaded: p.proof_path !== null,
    note: p.decision_note,
    expired: new Date(p.quote_expires_at).getTime() <= Date.now(),
    proof: proofView(p),
  };
}

/** A transfer's proof: its name, its authorised download route and when it came (the staff's forms carry that time). */
export function proofView(p: PaymentRow): AttemptView["proof"] {
  if (!p.proof_path || !p.proof_uploaded_at) return null;
  return { name: p.proof_name ?? "proof", url: fileUrl({ transferProof: p.id }), uploadedAt: new Date(p.proof_uploaded_at).toISOString() };
}

export interface PaymentOptions {
  providers: Provider[];
  bank: { accountName: string; accountNumber: string; bankName: string } | null;
}

export function paymentOptions(config: Config): PaymentOptions {
  return { providers: config.payments.providers, bank: config.payments.bank ?? null };
}

/** How a provider is named to people: on receipts and staff pages (one list, views/lib/payments.ts). */
export const providerLabel = (p: Provider): string => PROVIDER_LABELS[p];

/**
 * The fee when no quote can be made (Naira charged and no exchange rate set yet): the dollar price list as what the
 * Naira amount will be worked out from, never as an amount to pay in dollars.
 */
export function unpricedFee(config: Config, visaType: string | null): string {
  const usd = `$${feeFor(visaType)}`;
  return config.payments.currency === "USD" ? formatUsd(feeFor(visaType)) : `${usd} on our price list, paid in Naira at the day's exchange rate`;
}

/**
 * What an application's fee reads as on any page, in the currency it is charged in: the amount paid (as paid), or
 * today's quote with how it was reached ("₦232,500 — $150 at ₦1,550/$, rate of 29 Nov 2026"); the dollar price only
 * when no quote can be made (no rate set yet).
 */
export async function feeText(db: Knex, config: Config, row: ApplicationRow): Promise<string> {
  // A family member paid with the group's bill: its fee is on the lead's case.
  const billedWith = (row as BilledRow).billed_with_id;
  if (billedWith) {
    const lead = await db("visa_applications").where({ id: billedWith }).first("reference_number");
    return GROUP_BILL(lead?.reference_number ?? "the lead applicant's case");
  }
  if (row.payment_status !== "pending") {
    // A split bill is paid in several payments: its total, not the first instalment's.
    const split = (await findSplit(db, row.id)) ? await billNow(db, config, row) : undefined;
    if (split?.ok) return `${formatMinor(split.bill.totalMinor, split.bill.currency)} in ${split.instalments.length} instalments`;
    const paid = await settledPayment(db, row.id);
    // A fee recorded before payments had rows of their own: its dollar amount is all there is, said as such.
    return paid
      ? formatMinor(paid.amount_minor, paid.currency)
      : `${formatUsd(Number(row.amount_paid ?? feeFor(row.visa_type)))} (recorded in dollars, before payments were kept)`;
  }
  const quoted = await billNow(db, config, row);
  // 409: a family member's case the lead's bill covers (its sentence names the lead's case).
  if (!quoted.ok) return quoted.status === 409 ? quoted.message : unpricedFee(config, row.visa_type);
  const fee = describeQuote(quoteView(quoted.quote));
  if (quoted.bill.lines.length === 1) return fee;
  // Staff added lines: the total, then each line (the service fee with how it was reached).
  const lines = billView(quoted.bill).lines.slice(1);
  const extra = lines.map((l) => `${l.label} ${l.amountText}${l.passThrough ? ` (${PASS_THROUGH_NOTE.toLowerCase()})` : ""}`);
  return `${formatMinor(quoted.bill.totalMinor, quoted.bill.currency)} in all: service fee ${fee}; ${extra.join("; ")}`;
}
