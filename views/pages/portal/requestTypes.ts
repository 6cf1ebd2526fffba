// Prop shapes of the applicant's side of document requests: what is asked, by when, and what was received.
import type { UploadRules } from "./types.ts";

export interface OpenRequest {
  id: string;
  label: string;
  note: string | null;
  /** "3 Dec 2026" */
  due: string;
  overdue: boolean;
  /** Why the last file was sent back. */
  sentBackReason: string | null;
  /** Where the file goes: the documents upload, or the passport scan's or photo's. */
  uploadUrl: string;
  accept: string;
}

export interface RequestedDocumentsProps {
  /** "2 documents requested — due 3 Dec"; null when nothing is open. */
  summary: string | null;
  open: OpenRequest[];
  /** Requests answered: the file received and where its review stands. */
  answered: { id: string; label: string; fileName: string | null; review: string }[];
  rules: UploadRules;
}

/** After submission: the required items of the application's list with no file yet, each sent to `url`. */
export interface MissingDocumentsProps {
  url: string;
  items: { key: string; label: string; hint: string }[];
  rules: UploadRules;
}
