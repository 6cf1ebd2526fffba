// Document requests and reviews as props: staff's review and request sections, the applicant's requests, the
// dashboard's one line ("2 documents requested — due 3 Dec").

import { formatDate } from "../../views/lib/format.ts";
import type { DocumentRequestsProps, DocumentReviewProps, RequestEntry, ReviewedFile } from "../../views/pages/admin/requestTypes.ts";
import type { OpenRequest, RequestedDocumentsProps } from "../../views/pages/portal/requestTypes.ts";
import type { DocumentView, UploadRules } from "../../views/pages/portal/types.ts";
import { lagosDay } from "../domain/calendar.ts";
import { defaultDueOn, isOverdue, REVIEW_LABELS } from "../domain/documentRequests.ts";
import { whatsappLink } from "../domain/phone.ts";
import { buildContent, type MailKind } from "../mail/messages.ts";
import { bodyText } from "../mail/templates/text.ts";
import type { AdminApplicationRow } from "../models/admin.ts";
import type { ApplicationRow } from "../models/applications.ts";
import type { DocumentRequestRow } from "../models/documentRequests.ts";
import type { DocumentRow } from "../models/documents.ts";
import type { EmailMessageRow } from "../models/emailMessages.ts";
import { LABEL_MAX } from "../validation/documentRequests.ts";
import { NOTE_MAX } from "../validation/review.ts";
import { documentNamer, documentView, passportDocuments } from "./documents.ts";
import { PASSPORT_SLUGS } from "./files.ts";
import { requestSuggestions } from "./requestSuggestions.ts";

const IMAGE_ACCEPT = ".jpg,.jpeg,.png,image/jpeg,image/png";
const DOC_ACCEPT = `${IMAGE_ACCEPT},.pdf,application/pdf`;

function requestEntry(r: DocumentRequestRow, now: Date): RequestEntry {
  return {
    id: r.id,
    label: r.label,
    note: r.note,
    dueOn: r.due_on,
    status: r.status,
    overdue: r.status === "open" && isOverdue(r.due_on, now),
    sentBackReason: r.status === "open" ? r.sent_back_reason : null,
  };
}

function reviewedFile(view: DocumentView, doc: DocumentRow | undefined, requests: Map<string, DocumentRequestRow>): ReviewedFile {
  return {
    ...view,
    reviewState: doc?.review_state ?? null,
    reviewLabel: doc ? REVIEW_LABELS[doc.review_state] : null,
    reviewReason: doc?.review_reason ?? null,
    previewUrl: `${view.url}?preview=1`,
    isImage: view.mimeType.startsWith("image/"),
    isPdf: view.mimeType === "application/pdf",
    requestLabel: doc?.request_id ? (requests.get(doc.request_id)?.label ?? null) : null,
  };
}

const TYPED: [label: string, column: keyof ApplicationRow][] = [
  ["Full name", "full_name"],
  ["Date of birth", "date_of_birth"],
  ["Nationality", "nationality"],
  ["Passport number", "passport_number"],
  ["Issuing country", "passport_issuing_country"],
  ["Issue date", "passport_issue_date"],
  ["Expiry date", "passport_expiry_date"],
];

/** The files beside what the applicant typed, each supporting document with its review state. */
export function documentReview(row: AdminApplicationRow, documents: DocumentRow[], requests: DocumentRequestRow[]): DocumentReviewProps {
  const byId = new Map(requests.map((r) => [r.id, r]));
  const name = documentNamer(row, requests);
  const files = [
    ...passportDocuments(row).map((v) => reviewedFile(v, undefined, byId)),
    ...documents.map((d) => reviewedFile(documentView(d, name(d)), d, byId)),
  ];
  return {
    applicationId: row.id,
    files,
    accepted: documents.filter((d) => d.review_state === "accepted").length,
    reviewable: documents.length,
    typed: TYPED.map(([label, column]) => {
      const value = row[column] as string | null;
      return { label, value: value ? (label.endsWith("date") || label === "Date of birth" ? formatDate(value) : value) : "—" };
    }),
    reasonMaxLength: NOTE_MAX,
  };
}

const WHATSAPP_KINDS = new Set<string>(["documents_requested", "document_sent_back"]);

/** Staff's requests section: the requests made, the form's choices, and the last request e-mail ready for WhatsApp. */
export function documentRequests(
  row: AdminApplicationRow,
  requests: DocumentRequestRow[],
  messages: EmailMessageRow[],
  baseUrl: string,
  now: Date,
): DocumentRequestsProps {
  const entries = requests.map((r) => requestEntry(r, now));
  const last = messages.find((m) => WHATSAPP_KINDS.has(m.kind));
  return {
    applicationId: row.id,
    requests: entries,
    overdue: entries.some((r) => r.overdue),
    suggestions: requestSuggestions(row.visa_type, row.destination_country),
    defaultDueOn: defaultDueOn(now),
    minDueOn: lagosDay(now),
    canRequest: row.status !== "approved" && row.status !== "rejected",
    whatsapp:
      last && row.phone ? whatsappLink(row.phone, bodyText(buildContent(last.kind as MailKind, last.data, { url: (p) => `${baseUrl}${p}` }))) : null,
    noteMaxLength: NOTE_MAX,
    labelMaxLength: LABEL_MAX,
  };
}

/** "2 documents requested — due 3 Dec" (the year only when it is not this one). */
export function requestSummary(count: number, dueOn: string, now: Date): string {
  const date = formatDate(dueOn);
  const shown = date.endsWith(lagosDay(now).slice(0, 4)) ? date.slice(0, -5) : date;
  return `${count} document${count === 1 ? "" : "s"} requested — due ${shown}`;
}

function uploadUrl(applicationId: string, documentType: string): string {
  if (documentType === "passport_scan" || documentType === "photo")
    return `/api/applications/${applicationId}/passport/${PASSPORT_SLUGS[documentType]}`;
  return `/api/applications/${applicationId}/documents`;
}

/** The applicant's requests: the open ones to upload into, and those answered with their review. */
export function applicantRequests(
  applicationId: string,
  requests: DocumentRequestRow[],
  documents: DocumentRow[],
  rules: UploadRules,
  now: Date,
): RequestedDocumentsProps {
  const open = requests.filter((r) => r.status === "open");
  const earliest = open.map((r) => r.due_on).sort()[0];
  const byRequest = new Map(documents.filter((d) => d.request_id).map((d) => [d.request_id, d]));
  return {
    summary: earliest ? requestSummary(open.length, earliest, now) : null,
    open: open.map(
      (r): OpenRequest => ({
        id: r.id,
        label: r.label,
        note: r.note,
        due: formatDate(r.due_on),
        overdue: isOverdue(r.due_on, now),
        sentBackReason: r.sent_back_reason,
        uploadUrl: uploadUrl(applicationId, r.document_type),
        accept: r.document_type === "photo" ? IMAGE_ACCEPT : DOC_ACCEPT,
      }),
    ),
    answered: requests
      .filter((r) => r.status === "fulfilled")
      .map((r) => {
        const doc = byRequest.get(r.id);
        return { id: r.id, label: r.label, fileName: doc?.file_name ?? null, review: doc ? REVIEW_LABELS[doc.review_state] : "Received" };
      }),
    rules,
  };
}
