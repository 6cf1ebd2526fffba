// A receipt in words: the printable one (currency charged, the quote, the code and its QR link, any refund) and the
// one line the public check shows, which names the applicant by initials only.
import QRCode from "qrcode";
import { formatDate } from "../../views/lib/format.ts";
import { formatMinor } from "../../views/lib/money.ts";
import type { ReceiptView } from "../../views/pages/portal/Receipt.tsx";
import type { ReceiptCheckResult } from "../../views/pages/public/ReceiptCheck.tsx";
import type { Config } from "../config.ts";
import { memberText, type Person } from "../domain/familyBill.ts";
import type { ApplicationRow } from "../models/applications.ts";
import type { ApplicationPaymentRow, PaymentRow, ReceiptRow } from "../models/payments.ts";
import { visaTypeLabel } from "./application.ts";
import { describeAttempt, providerLabel } from "./payment.ts";

/** The form a receipt code is looked up in: capitals, no spaces or dashes (people copy it from paper). */
export const normaliseReceiptCode = (raw: string) => raw.replace(/[\s-]/g, "").toUpperCase().slice(0, 40);

/** "Adaeze Nwosu" → "A. N.": enough for a sponsor to recognise, too little to identify a stranger. */
export function initialsOf(fullName: string | null): string {
  return (fullName ?? "")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${[...word][0].toUpperCase()}.`)
    .join(" ");
}

const when = (d: Date | string) => formatDate(new Date(d).toISOString());

/** The refund line of a refunded payment: "Refunded ₦232,500 on 26 Nov 2026". */
export function refundLine(p: { currency: string; refund_minor: number | null; refunded_at: Date | null }): string | null {
  if (p.refund_minor === null || !p.refunded_at) return null;
  return `Refunded ${formatMinor(p.refund_minor, p.currency)} on ${when(p.refunded_at)}`;
}

/** What /receipts/<code> says about a genuine receipt: nothing more personal than initials. */
export function receiptCheck(row: ReceiptRow, members: Person[] = []): ReceiptCheckResult {
  const initials = initialsOf(row.full_name);
  // A family group's payment names each member it covers as the lead is named: reference and initials.
  const family = members.length
    ? `; it also covers ${members.map((m) => `${m.reference_number}${initialsOf(m.full_name) ? ` (${initialsOf(m.full_name)})` : ""}`).join(", ")}`
    : "";
  return {
    genuine: true,
    line: `Genuine receipt — ${row.reference_number}, ${formatMinor(row.amount_minor, row.currency)}, paid ${when(row.paid_at)}${initials ? `, ${initials}` : ""}${family}`,
    refund: row.state === "refunded" ? refundLine(row) : null,
  };
}

/** The address anyone can check a receipt at (in the QR code and printed under it). */
export const receiptCheckUrl = (baseUrl: string, code: string) => `${baseUrl}/receipts/${code}`;

/** The QR code of `url` as SVG (base64, for an <img>): vector, so it prints sharp at any size. */
export async function qrSvg(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } });
  return Buffer.from(svg).toString("base64");
}

/** The printable receipt of a paid (or since refunded) application's payment. */
export async function printableReceipt(
  config: Config,
  baseUrl: string,
  row: ApplicationRow,
  payment: ApplicationPaymentRow,
  members: Person[] = [],
): Promise<ReceiptView> {
  const { site } = config;
  const code = payment.receipt_code ?? "";
  const checkUrl = receiptCheckUrl(baseUrl, code);
  return {
    consultancy: site.name,
    address: `${site.address.street}, ${site.address.locality}, ${site.address.region}, Nigeria`,
    phone: site.phone,
    email: site.emailSupport,
    applicant: row.full_name ?? "",
    reference: row.reference_number,
    visaType: visaTypeLabel(row.visa_type),
    amountText: formatMinor(payment.amount_minor, payment.currency),
    quoteText: describeAttempt(payment),
    includesPassThrough: payment.pass_through_minor > 0,
    provider: providerLabel(payment.provider),
    demonstration: payment.provider === "demo",
    paymentReference: payment.reference,
    paidAt: new Date(payment.paid_at ?? payment.created_at).toISOString(),
    receiptCode: code,
    checkUrl,
    qrSvg: await qrSvg(checkUrl),
    refund: refundView(payment),
    members: members.map(memberText),
  };
}

/** A refunded payment's refund as the applicant's pages show it; null for any other payment. */
export function refundView(payment: PaymentRow): { amountText: string; refundedAt: string; reason: string } | null {
  if (payment.state !== "refunded" || payment.refund_minor === null) return null;
  return {
    amountText: formatMinor(payment.refund_minor, payment.currency),
    refundedAt: new Date(payment.refunded_at ?? payment.updated_at).toISOString(),
    reason: payment.refund_reason ?? "",
  };
}
