// Shapes the rows of the portal into the props its pages show (labels and fees decided here, not in views).
import type { ApplicationForm, ApplicationSummary, HistoryEntry } from "../../../views/pages/portal/types.ts";
import { feeFor, normalizeStatus, STATUS_LABELS, VISA_TYPE_OPTIONS } from "../../domain/visa.ts";
import type { ApplicationRow, HistoryRow } from "../../models/applications.ts";

export const visaTypeLabel = (t: string | null | undefined) => VISA_TYPE_OPTIONS.find((o) => o.value === t)?.label ?? "Not chosen yet";

export function statusOf(status: unknown) {
  const s = normalizeStatus(status);
  return { status: s, statusLabel: STATUS_LABELS[s] };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Every applicant-editable field, for the wizard and the review. */
export function applicationForm(row: ApplicationRow): ApplicationForm {
  return {
    id: row.id,
    reference_number: row.reference_number,
    visa_type: row.visa_type,
    ...statusOf(row.status),
    visaTypeLabel: visaTypeLabel(row.visa_type),
    fee: feeFor(row.visa_type),
    current_step: row.current_step,
    submitted_at: iso(row.submitted_at),
    created_at: new Date(row.created_at).toISOString(),
    payment_status: row.payment_status,
    amount_paid: row.amount_paid,
    payment_reference: row.payment_reference,
    full_name: row.full_name,
    date_of_birth: row.date_of_birth,
    gender: row.gender,
    marital_status: row.marital_status,
    nationality: row.nationality,
    passport_number: row.passport_number,
    passport_issuing_country: row.passport_issuing_country,
    passport_issue_date: row.passport_issue_date,
    passport_expiry_date: row.passport_expiry_date,
    passport_scan_url: row.passport_scan_url,
    passport_scan_mime: row.passport_scan_mime,
    photo_url: row.photo_url,
    photo_mime: row.photo_mime,
    phone: row.phone,
    email: row.email,
    address: row.address,
    emergency_contact_name: row.emergency_contact_name,
    emergency_contact_phone: row.emergency_contact_phone,
    destination_country: row.destination_country,
    arrival_date: row.arrival_date,
    departure_date: row.departure_date,
    travel_purpose: row.travel_purpose,
    itinerary: row.itinerary,
    visa_specific_data: row.visa_specific_data ?? {},
    criminal_history: row.criminal_history,
    criminal_history_details: row.criminal_history_details,
    prior_visa_refusals: row.prior_visa_refusals,
    prior_visa_refusal_details: row.prior_visa_refusal_details,
    medical_conditions: row.medical_conditions,
  };
}

type SummaryRow = Pick<
  ApplicationRow,
  "id" | "reference_number" | "visa_type" | "destination_country" | "status" | "payment_status" | "created_at" | "submitted_at"
>;

export function applicationSummary(row: SummaryRow): ApplicationSummary {
  return {
    id: row.id,
    reference: row.reference_number,
    visaType: row.visa_type,
    visaTypeLabel: visaTypeLabel(row.visa_type),
    destination: row.destination_country,
    ...statusOf(row.status),
    paymentStatus: row.payment_status === "paid" ? "paid" : "pending",
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
