// Shapes an application row into the props both the portal and the admin panel show (labels and fees decided here).
import type { ApplicationForm, ApplicationSummary, HistoryEntry } from "../../views/pages/portal/types.ts";
import { pickFields } from "../domain/applicationFields.ts";
import { feeFor, normalizeStatus, STATUS_LABELS, VISA_TYPE_OPTIONS } from "../domain/visa.ts";
import type { ApplicationRow, HistoryRow } from "../models/applications.ts";
import { fileUrl } from "./files.ts";

export const visaTypeLabel = (t: string | null | undefined) => VISA_TYPE_OPTIONS.find((o) => o.value === t)?.label ?? "Not chosen yet";

export function statusOf(status: unknown) {
  const s = normalizeStatus(status);
  return { status: s, statusLabel: STATUS_LABELS[s] };
}

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export const paymentStatusOf = (s: string): "paid" | "pending" => (s === "paid" ? "paid" : "pending");

/** Every applicant-editable field (from the one field list), with the labels and file URLs the pages show. */
export function applicationForm(row: ApplicationRow): ApplicationForm {
  return {
    ...pickFields(row),
    id: row.id,
    reference_number: row.reference_number,
    ...statusOf(row.status),
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
    ...statusOf(row.status),
    paymentStatus: paymentStatusOf(row.payment_status),
    createdAt: new Date(row.created_at).toISOString(),
    submittedAt: iso(row.submitted_at),
  };
}

export function historyEntry(h: HistoryRow): HistoryEntry {
  return {
    id: h.id,
    ...statusOf(h.status),
    notes: h.notes,
    createdAt: new Date(h.created_at).toISOString(),
    changedBy: h.changed_by_name ?? "Staff",
  };
}
