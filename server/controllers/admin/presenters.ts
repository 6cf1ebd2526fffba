// Shapes the admin panel's rows into the props its pages show (labels, names and the analytics categories).
import type { AdminApplication, AdminListRow, AdminNote, AnalyticsProps, DocumentEntry } from "../../../views/pages/admin/types.ts";
import type { AnalyticsSummary, CategoryCount } from "../../domain/analytics.ts";
import { DOCUMENT_TYPES, feeFor, STATUS_LABELS, type Status } from "../../domain/visa.ts";
import type { AdminApplicationRow, ListRow, NoteRow } from "../../models/admin.ts";
import type { DocumentRow } from "../../models/documents.ts";
import { statusOf, visaTypeLabel } from "../portal/presenters.ts";

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The name on the application, or the account's while the applicant has not filled it in. */
const applicantName = (row: { full_name: string | null; account_name: string | null }) =>
  row.full_name?.trim() || row.account_name || "Unnamed applicant";
const applicantEmail = (row: { email: string | null; account_email: string | null }) => row.email?.trim() || row.account_email;

export function listRow(row: ListRow): AdminListRow {
  return {
    id: row.id,
    reference: row.reference_number,
    applicantName: applicantName(row),
    applicantEmail: applicantEmail(row),
    visaTypeLabel: visaTypeLabel(row.visa_type),
    destination: row.destination_country,
    ...statusOf(row.status),
    paymentStatus: row.payment_status === "paid" ? "paid" : "pending",
    createdAt: new Date(row.created_at).toISOString(),
    submittedAt: iso(row.submitted_at),
  };
}

export function adminApplication(row: AdminApplicationRow): AdminApplication {
  return {
    id: row.id,
    reference: row.reference_number,
    visaTypeLabel: visaTypeLabel(row.visa_type),
    destination: row.destination_country,
    ...statusOf(row.status),
    createdAt: new Date(row.created_at).toISOString(),
    submittedAt: iso(row.submitted_at),
    applicantName: applicantName(row),
    applicantEmail: applicantEmail(row),
    accountName: row.account_name,
    accountEmail: row.account_email,
    accountEmailConfirmed: row.account_email_confirmed,
    paymentStatus: row.payment_status === "paid" ? "paid" : "pending",
    amountPaid: row.amount_paid,
    paymentReference: row.payment_reference,
    paidAt: iso(row.paid_at),
    fee: feeFor(row.visa_type),
  };
}

export function noteEntry(row: NoteRow): AdminNote {
  return { id: row.id, note: row.note, authorName: row.author_name ?? "Former staff member", createdAt: new Date(row.created_at).toISOString() };
}

/** Where a document is downloaded: the authorized file route of the documents feature (DESIGN decision 2). */
export const documentUrl = (id: string) => `/files/documents/${id}`;

export function documentEntry(row: DocumentRow): DocumentEntry {
  return {
    id: row.id,
    documentType: row.document_type,
    label: DOCUMENT_TYPES.find((t) => t.value === row.document_type)?.label ?? row.document_type,
    fileName: row.file_name,
    size: Number(row.file_size),
    url: documentUrl(row.id),
  };
}

const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function items(list: CategoryCount[], label: (key: string | null) => string) {
  return list.map((c) => ({ key: c.key ?? "", label: label(c.key), count: c.count, percent: Math.round(c.share * 100) }));
}

export function analyticsProps(summary: AnalyticsSummary): AnalyticsProps {
  return {
    totalApplications: summary.totalApplications,
    totalRevenue: summary.totalRevenue,
    averagePerApplication: summary.averagePerApplication,
    categories: [
      { id: "visa-type", title: "By visa type", items: items(summary.byVisaType, visaTypeLabel) },
      { id: "destination", title: "By destination", items: items(summary.byDestination, (k) => k ?? "Not set yet") },
      { id: "status", title: "By status", items: items(summary.byStatus, (k) => STATUS_LABELS[k as Status] ?? k ?? "Unknown") },
      {
        id: "payment-status",
        title: "By payment status",
        items: items(summary.byPaymentStatus, (k) => (k === "paid" ? "Paid" : titleCase(k ?? "pending"))),
      },
    ],
  };
}

/** The passport scan and photo, listed with the documents so a reviewer can open them. */
export function passportEntries(row: AdminApplicationRow): DocumentEntry[] {
  const entries: DocumentEntry[] = [];
  if (row.passport_scan_url)
    entries.push({
      id: "passport-scan",
      documentType: "passport_scan",
      label: "Passport scan",
      fileName: "Passport scan",
      url: row.passport_scan_url,
    });
  if (row.photo_url)
    entries.push({ id: "passport-photo", documentType: "photo", label: "Passport photo", fileName: "Passport photo", url: row.photo_url });
  return entries;
}
