// Shapes an application row into the props both the portal and the admin panel show (labels and fees decided here).
import type { ApplicationForm, ApplicationSummary, HistoryEntry } from "../../views/pages/portal/types.ts";
import { pickFields } from "../domain/applicationFields.ts";
import { CHANGES_REQUESTED, RETURNED_FOR_CHANGES, wasReturned } from "../domain/status.ts";
import { feeFor, normalizeStatus, STATUS_LABELS, VISA_TYPE_OPTIONS } from "../domain/visa.ts";
import type { ApplicationRow, HistoryRow } from "../models/applications.ts";
import { fileUrl } from "./files.ts";

export const visaTypeLabel = (t: string | null | undefined) => VISA_TYPE_OPTIONS.find((o) => o.value === t)?.label ?? "Not chosen yet";

export function statusOf(status: unknown) {
  const s = normalizeStatus(status);
  return { status: s, statusLabel: STATUS_LABELS[s] };
}

/** An application's status as the applicant and staff see it: a draft sent back by staff reads "Changes requested". */
export function applicationStatusOf(row: { status: string; submitted_at: Date | string | null }) {
  return wasReturned(row) ? { status: "draft" as const, statusLabel: CHANGES_REQUESTED } : statusOf(row.status);
}

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The payment badge: paid or refunded as recorded; otherwise whether the fee is due now. A draft cannot be paid
 * until it is submitted, and a rejected application owes nothing.
 */
export function paymentStatusOf(row: { status: string; payment_status: string }): ApplicationSummary["paymentStatus"] {
  if (row.payment_status === "paid" || row.payment_status === "refunded") return row.payment_status;
  if (row.status === "draft") return "after_submission";
  if (row.status === "rejected") return "not_due";
  return "pending";
}

/** Every applicant-editable field (from the one field list), with the labels and file URLs the pages show. */
export function applicationForm(row: ApplicationRow): ApplicationForm {
  return {
    ...pickFields(row),
    id: row.id,
    reference_number: row.reference_number,
    ...applicationStatusOf(row),
    visaTypeLabel: visaTypeLabel(row.visa_type),
    fee: feeFor(row.visa_type),
    current_step: row.current_step,
    submitted_at: iso(row.submitted_at),
    created_at: new Date(row.created_at).toISOString(),
    payment_status: row.payment_status,
    amount_paid: row.amount_paid,
    payment_reference: row.payment_reference,
    passport_scan_url: row.passport_scan_path ? fileUrl({ application: row.id, passport: "passport_scan" }) : null,
    passport_scan_mime: row.passport_scan_mime,
    photo_url: row.photo_path ? fileUrl({ application: row.id, passport: "photo" }) : null,
    photo_mime: row.photo_mime,
  };
}

export type SummaryRow = Pick<
  ApplicationRow,
  "id" | "reference_number" | "visa_type" | "destination_country" | "status" | "payment_status" | "created_at" | "submitted_at"
>;

/** One application in a list: the applicant's dashboard, and (with the applicant's name) the admin list. */
export function applicationSummary(row: SummaryRow): ApplicationSummary {
  return {
    id: row.id,
    reference: row.reference_number,
    visaType: row.visa_type,
    visaTypeLabel: visaTypeLabel(row.visa_type),
    destination: row.destination_country,
    ...applicationStatusOf(row),
    paymentStatus: paymentStatusOf(row),
    createdAt: new Date(row.created_at).toISOString(),
    submittedAt: iso(row.submitted_at),
  };
}

/**
 * One row of an application's history. A move to draft made after the application was first submitted is staff
 * returning it ("Returned for changes"); a draft row before that (a draft started from a rejected one) stays "Draft".
 */
const firstName = (name: string | null) => name?.trim().split(/\s+/)[0] || "staff";

export function historyEntry(h: HistoryRow, application: { submitted_at: Date | string | null }): HistoryEntry {
  const submittedAt = application.submitted_at === null ? null : new Date(application.submitted_at);
  const returned = h.status === "draft" && submittedAt !== null && new Date(h.created_at) >= submittedAt;
  return {
    id: h.id,
    ...(returned ? { status: "draft" as const, statusLabel: RETURNED_FOR_CHANGES } : statusOf(h.status)),
    notes: h.notes,
    createdAt: new Date(h.created_at).toISOString(),
    changedBy: h.changed_by_name ?? "Staff",
    ...(h.undid_status ? { undid: `${statusOf(h.undid_status).statusLabel.toLowerCase()}, undone by ${firstName(h.changed_by_name)}` } : {}),
  };
}
