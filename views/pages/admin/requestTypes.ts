// Prop shapes of staff's document loop on the review page: requests made, files with their review state, the form.
import type { DocumentView } from "../portal/types.ts";

/** One document asked of the applicant. */
export interface RequestEntry {
  id: string;
  label: string;
  note: string | null;
  /** "2026-12-03" (Lagos date). */
  dueOn: string;
  status: "open" | "fulfilled";
  /** Open past its due date (Lagos days). */
  overdue: boolean;
  /** Why the last file was sent back, while the request is open again. */
  sentBackReason: string | null;
}

/** A file as staff review it: supporting documents carry a review state; the passport files are shown beside them. */
export interface ReviewedFile extends DocumentView {
  /** null for the passport scan and photo (reviewed against the typed answers, replaced through a request). */
  reviewState: "to_review" | "accepted" | "sent_back" | null;
  reviewLabel: string | null;
  reviewReason: string | null;
  /** The same authorised route, asking a PDF to show inline. */
  previewUrl: string;
  isImage: boolean;
  isPdf: boolean;
  /** The request it answers ("Bank statement, last 3 months"). */
  requestLabel: string | null;
}

export interface RequestSuggestion {
  label: string;
  documentType: string;
  requirementKey: string | null;
}

export interface DocumentReviewProps {
  applicationId: string;
  files: ReviewedFile[];
  /** "3 of 5 accepted": of the supporting documents. */
  accepted: number;
  reviewable: number;
  /** What the applicant typed, to compare with the files (passport number, names, dates). */
  typed: { label: string; value: string }[];
  reasonMaxLength: number;
}

export interface DocumentRequestsProps {
  applicationId: string;
  requests: RequestEntry[];
  /** Some open request is past its due date. */
  overdue: boolean;
  suggestions: RequestSuggestion[];
  /** Today + 14 days and today, Lagos dates. */
  defaultDueOn: string;
  minDueOn: string;
  /** False once the application is decided (approved or rejected). */
  canRequest: boolean;
  /** wa.me link with the words of the last request or send-back e-mail; null before one was sent. */
  whatsapp: string | null;
  noteMaxLength: number;
  labelMaxLength: number;
}
