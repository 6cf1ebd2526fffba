// Prop shapes of the admin pages; the server's admin presenters build exactly these.
import type { ApplicationForm, HistoryEntry, Option, SpecificField } from "../portal/types.ts";

/** The list's state as it lives in the URL (?page=&size=&q=&status=&type=&sort=); "" means "any". */
export interface ListQuery {
  page: number;
  size: number;
  q: string;
  status: string;
  type: string;
  sort: string;
}

export interface AdminListRow {
  id: string;
  reference: string;
  applicantName: string;
  applicantEmail: string | null;
  visaTypeLabel: string;
  destination: string | null;
  status: string;
  statusLabel: string;
  paymentStatus: "paid" | "pending";
  createdAt: string;
  submittedAt: string | null;
}

export interface ApplicationsProps {
  rows: AdminListRow[];
  query: ListQuery;
  /** Values left out of URLs (page 1, the default size and sort). */
  defaults: ListQuery;
  /** With `exact` false, a lower bound: a broad search is counted only up to a limit ("more than 1,000"). */
  total: number;
  exact: boolean;
  /** For an inexact total, the pages known so far: this one, and the next when there is one. */
  pages: number;
  pageSizes: number[];
  statuses: Option[];
  visaTypes: Option[];
  sorts: Option[];
}

export interface AdminNote {
  id: string;
  note: string;
  authorName: string;
  createdAt: string;
}

/** An uploaded supporting document; `url` is its authorized download route. */
export interface DocumentEntry {
  id: string;
  documentType: string;
  label: string;
  fileName: string;
  /** Unknown for the passport scan and photo. */
  size?: number;
  url: string;
}

export interface AdminApplication {
  id: string;
  reference: string;
  visaTypeLabel: string;
  destination: string | null;
  status: string;
  statusLabel: string;
  createdAt: string;
  submittedAt: string | null;
  applicantName: string;
  applicantEmail: string | null;
  accountName: string | null;
  accountEmail: string | null;
  /** False until the account followed its confirmation link: messages may not reach the person. */
  accountEmailConfirmed: boolean;
  paymentStatus: "paid" | "pending";
  amountPaid: number | null;
  paymentReference: string | null;
  paidAt: string | null;
  fee: number;
}

export interface ApplicationReviewProps {
  application: AdminApplication;
  notes: AdminNote[];
  history: HistoryEntry[];
  documents: DocumentEntry[];
  /** The statuses the detail page offers (every one but draft). */
  statuses: Option[];
  noteMaxLength: number;
  /** E-mails recorded about this application, newest first. */
  messages: MessageEntry[];
  /** wa.me link with the words of the last status e-mail; null before one was sent. */
  whatsapp: string | null;
}

export interface FullApplicationProps {
  application: ApplicationForm;
  specificFields: SpecificField[];
  genders: Option[];
  maritalStatuses: Option[];
  account: { name: string | null; email: string | null };
  documents: DocumentEntry[];
}

export interface CategoryItem {
  key: string;
  label: string;
  count: number;
  /** Share of all applications, 0..100, rounded. */
  percent: number;
}

export interface AnalyticsProps {
  totalApplications: number;
  totalRevenue: number;
  averagePerApplication: number;
  categories: { id: string; title: string; items: CategoryItem[] }[];
}

/** One recorded e-mail, as staff see it (the review page, an enquiry, the Outbox). */
export interface MessageEntry {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: "queued" | "sent" | "failed" | "not_sent";
  error: string | null;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  applicationId: string | null;
  enquiryId: string | null;
}

export interface EnquiryEntry {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  package: string | null;
  status: "new" | "replied" | "closed";
  createdAt: string;
}

export interface EnquiriesProps {
  rows: EnquiryEntry[];
  total: number;
  page: number;
  pages: number;
  query: { status: string; q: string };
}

export interface EnquiryProps {
  enquiry: EnquiryEntry;
  replies: { id: string; body: string; author: string | null; createdAt: string }[];
  messages: MessageEntry[];
  whatsapp: string | null;
  statuses: string[];
}

export interface OutboxProps {
  messages: MessageEntry[];
  smtpConfigured: boolean;
}
