// Shapes payment rows into the admin Payments pages' props (and the review page's list of an application's payments).
import { formatMinor } from "../../views/lib/money.ts";
import { PAYMENT_STATE_LABELS, PROVIDER_LABELS } from "../../views/lib/payments.ts";
import type { PaymentDetail, PaymentEntry } from "../../views/pages/admin/paymentTypes.ts";
import { lagosDay } from "../domain/calendar.ts";
import { lagosDateTime } from "../domain/consultations.ts";
import { PAYABLE_STATUSES } from "../domain/status.ts";
import { feeFor, type Status } from "../domain/visa.ts";
import type { PaymentListRow } from "../models/paymentLists.ts";
import { isApplicationPayment, moneyReceived, type PaymentRow } from "../models/payments.ts";
import { iso, statusOf } from "./application.ts";
import { describeAttempt, proofView } from "./payment.ts";

export { moneyReceived };

const at = (d: Date | string) => new Date(d).toISOString();

type EntryRow = PaymentRow &
  Partial<Pick<PaymentListRow, "reference_number" | "applicant_name" | "booking_type" | "booking_staff_name" | "booking_starts_at">>;

/** "Consultation: Study abroad session with Amaka Obi, Friday 4 December 2026, 10:00 (Lagos time)"; null for an application's. */
const consultationOf = (row: EntryRow) =>
  row.booking_id && row.booking_starts_at
    ? `Consultation: ${row.booking_type} with ${row.booking_staff_name}, ${lagosDateTime(new Date(row.booking_starts_at))}`
    : null;

/**
 * The amount a list shows: what was quoted, except for money held for staff, which shows what actually arrived (with
 * the quote beside it when they differ): the figure staff refund from.
 */
export function amountShown(row: PaymentRow): string {
  const quoted = formatMinor(row.amount_minor, row.currency);
  const money = moneyReceived(row);
  if ((row.state !== "needs_attention" && row.state !== "returned") || money === null) return quoted;
  const arrived = formatMinor(money.minor, money.currency);
  return arrived === quoted ? `${arrived} received` : `${arrived} received (${quoted} quoted)`;
}

export function paymentEntry(row: EntryRow): PaymentEntry {
  return {
    id: row.id,
    state: row.state,
    stateLabel: PAYMENT_STATE_LABELS[row.state],
    provider: row.provider,
    providerLabel: PROVIDER_LABELS[row.provider],
    amountText: amountShown(row),
    reference: row.reference,
    applicationId: row.application_id,
    applicationReference: row.reference_number ?? "",
    consultation: consultationOf(row),
    applicantName: row.applicant_name ?? "Unnamed applicant",
    createdAt: at(row.created_at),
    paidAt: iso(row.paid_at),
    proofUploadedAt: iso(row.proof_uploaded_at),
  };
}

const sizeText = (bytes: number | null) =>
  bytes === null ? "" : bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1048576).toFixed(1)} MB`;

const BOOKING_STATUS: Record<string, string> = {
  awaiting_payment: "Waiting for payment",
  confirmed: "Booked",
  cancelled: "Cancelled",
  attended: "Held",
  no_show: "Missed",
};

/** How staff refund a consultation's payment: by cancelling the meeting (paid), or on Paystack's dashboard (needs attention). */
function bookingRefundHint(row: PaymentListRow): PaymentDetail["refundHint"] {
  if (row.state === "paid" && row.booking_status === "confirmed" && row.booking_starts_at)
    return {
      text: "To refund it, cancel the consultation on the agenda: that refunds the payment through Paystack and tells the visitor.",
      href: `/admin/agenda?range=day&from=${lagosDay(new Date(row.booking_starts_at))}`,
    };
  if (row.state === "needs_attention")
    return {
      text: "The consultation was not confirmed by this payment. Refund it on Paystack's dashboard, then tell the visitor by e-mail.",
      href: null,
    };
  return null;
}

/**
 * Why confirming this transfer would not pay the application's fee (settlePayment holds it for a refund instead): said
 * on the page before staff confirm. Null when confirming pays it.
 */
function confirmWarning(row: PaymentListRow): string | null {
  if (row.state !== "awaiting_confirmation" || !isApplicationPayment(row)) return null;
  if (row.application_payment_status === "paid")
    return "This application is already paid by another payment. Confirming this transfer records the money under Needs attention, for you to refund it.";
  const owed = feeFor(row.application_visa_type) * 100;
  if (owed !== row.fee_usd_cents)
    return `This transfer was quoted for a fee of ${formatMinor(row.fee_usd_cents, "USD")}; the application now owes ${formatMinor(owed, "USD")} (its visa type changed). Confirming records the money under Needs attention, for you to refund it.`;
  if (!PAYABLE_STATUSES.includes(row.application_status as Status))
    return `This application is ${statusOf(row.application_status).statusLabel} and cannot take a fee now. Confirming records the money under Needs attention, for you to refund it.`;
  return null;
}

export function paymentDetail(row: PaymentListRow): PaymentDetail {
  const proof = proofView(row);
  const money = (minor: number | null) => (minor === null ? null : formatMinor(minor, row.currency));
  return {
    ...paymentEntry(row),
    currency: row.currency,
    accountEmail: row.account_email,
    applicationStatus: isApplicationPayment(row) ? statusOf(row.application_status).statusLabel : (BOOKING_STATUS[row.booking_status ?? ""] ?? "—"),
    quoteText: isApplicationPayment(row) ? describeAttempt(row) : `${formatMinor(row.amount_minor, row.currency)}, the consultation's price`,
    refundHint: isApplicationPayment(row) ? null : bookingRefundHint(row),
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
    confirmWarning: confirmWarning(row),
    refund:
      row.refund_minor === null
        ? null
        : {
            // A held payment refunded gives back what arrived, in the currency it arrived in.
            amountText: formatMinor(row.refund_minor, row.state === "returned" ? (moneyReceived(row)?.currency ?? row.currency) : row.currency),
            reason: row.refund_reason,
            at: iso(row.refunded_at),
            reference: row.provider_refund_id,
          },
    proof: proof && { ...proof, sizeText: sizeText(row.proof_size) },
    updatedAt: at(row.updated_at),
  };
}
