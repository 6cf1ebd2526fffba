// Shapes payment rows into the admin Payments pages' props (and the review page's list of an application's payments).
import { describeQuote, formatMinor } from "../../views/lib/money.ts";
import { PAYMENT_STATE_LABELS, PROVIDER_LABELS } from "../../views/lib/payments.ts";
import type { PaymentDetail, PaymentEntry } from "../../views/pages/admin/paymentTypes.ts";
import type { PaymentListRow } from "../models/paymentLists.ts";
import type { ApplicationPaymentRow } from "../models/payments.ts";
import { iso, statusOf } from "./application.ts";
import { attemptQuote, proofView } from "./payment.ts";

const at = (d: Date | string) => new Date(d).toISOString();

export function paymentEntry(row: ApplicationPaymentRow & Partial<Pick<PaymentListRow, "reference_number" | "applicant_name">>): PaymentEntry {
  return {
    id: row.id,
    state: row.state,
    stateLabel: PAYMENT_STATE_LABELS[row.state],
    provider: row.provider,
    providerLabel: PROVIDER_LABELS[row.provider],
    amountText: formatMinor(row.amount_minor, row.currency),
    reference: row.reference,
    applicationId: row.application_id,
    applicationReference: row.reference_number ?? "",
    applicantName: row.applicant_name ?? "Unnamed applicant",
    createdAt: at(row.created_at),
    paidAt: iso(row.paid_at),
    proofUploadedAt: iso(row.proof_uploaded_at),
  };
}

const sizeText = (bytes: number | null) =>
  bytes === null ? "" : bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1048576).toFixed(1)} MB`;

export function paymentDetail(row: PaymentListRow): PaymentDetail {
  const proof = proofView(row);
  const money = (minor: number | null) => (minor === null ? null : formatMinor(minor, row.currency));
  return {
    ...paymentEntry(row),
    currency: row.currency,
    accountEmail: row.account_email,
    applicationStatus: statusOf(row.application_status).statusLabel,
    quoteText: describeQuote(attemptQuote(row)),
    quoteExpiresAt: at(row.quote_expires_at),
    providerReference: row.provider_reference,
    paymentCode: row.payment_code,
    verifiedText:
      row.state === "needs_attention" && row.verified_amount_minor !== null
        ? formatMinor(row.verified_amount_minor, row.verified_currency ?? row.currency)
        : null,
    receivedText: money(row.received_minor),
    note: row.decision_note,
    decidedBy: row.decided_by ? (row.decided_by_name ?? "Former staff member") : null,
    decidedAt: iso(row.decided_at),
    receiptCode: row.receipt_code,
    refund:
      row.refund_minor === null
        ? null
        : { amountText: formatMinor(row.refund_minor, row.currency), reason: row.refund_reason, at: iso(row.refunded_at) },
    proof: proof && { ...proof, sizeText: sizeText(row.proof_size) },
    updatedAt: at(row.updated_at),
  };
}
