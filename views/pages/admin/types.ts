import type { PassportZoneView } from "../../../server/presenters/passportRead.ts";
// Prop shapes of the admin pages; the server's admin presenters build exactly these.
import type { AfterApprovalProps } from "../../components/admin/afterApprovalTypes.ts";
import type { BillCardProps } from "../../components/admin/BillCard.tsx";
import type { ThreadProps } from "../../components/messages/Thread.tsx";
import type { ApplicationForm, ApplicationSummary, DocumentView, HistoryEntry, Option, PhotoCheckView, SpecificField } from "../portal/types.ts";
import type { LeadBooking } from "./consultationTypes.ts";
import type { PaymentEntry } from "./paymentTypes.ts";
import type { DocumentRequestsProps, DocumentReviewProps } from "./requestTypes.ts";

/** The list's state as it lives in the URL (?page=&size=&q=&status=&type=&sort=); "" means "any". */
export interface ListQuery {
  /** mine, unassigned or all (managers). */
  tab: string;
  page: number;
  size: number;
  q: string;
  status: string;
  type: string;
  /** "1": only applications with files to review. */
  review: string;
  /** "1": only the cases past their status's limit. */
  late: string;
  sort: string;
}

/** One application of the list: the applicant's summary of it, and who applied. */
export interface AdminListRow extends ApplicationSummary {
  applicantName: string;
  applicantEmail: string | null;
  /** Files waiting for review; an open document request past its due date. */
  toReview: number;
  overdue: boolean;
}

/** Whose case a row is, its payment in words, and how long it has had its status. */
export interface CaseFacts {
  assigneeId: string | null;
  assigneeName: string | null;
  paymentLabel: string;
  /** When the current status began, and that age in words ("3 days"). */
  statusSince: string;
  statusAge: string;
  /** Past its status's limit in working days. */
  late: boolean;
  /** Its place in a family group ("Family group of 3", "Leads a family group of 3"), if in one. */
  family: string | null;
}

export interface ApplicationsProps {
  /** `statusOptions`: what the row's inline select offers, its status and the moves from it that need no note. */
  /** `unreadMessages`: the applicant's messages no staff member has read yet. */
  rows: (AdminListRow & CaseFacts & { statusOptions: Option[]; unreadMessages: number })[];
  /**
   * The tabs this person has (All for managers) with how many cases each holds, and the signed-in staff member's id
   * (Take gives a case to them).
   */
  tabs: (Option & { count: number })[];
  me: string;
  manager: boolean;
  query: ListQuery;
  /** Values left out of URLs (page 1, the default size and sort, and the tab /admin opens: see `landingTab`). */
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

export interface AdminApplication extends AdminListRow {
  accountName: string | null;
  accountEmail: string | null;
  /** False until the account followed its confirmation link: messages may not reach the person. */
  accountEmailConfirmed: boolean;
  amountPaid: number | null;
  paymentReference: string | null;
  paidAt: string | null;
  fee: number;
  /** The fee as charged or paid, in its currency with its dollar basis (server/presenters/payment.ts#feeText). */
  feeText?: string;
  /** The service agreement: "Service agreement signed 3 Dec 2026 (version 2026-11-30)", or "Not signed" (case page only). */
  agreementText?: string;
}

export interface ApplicationReviewProps {
  application: AdminApplication;
  notes: AdminNote[];
  history: HistoryEntry[];
  /** The files beside the typed answers, with their review state; and the documents asked of the applicant. */
  documentReview: DocumentReviewProps;
  documentRequests: DocumentRequestsProps;
  /** Whether the passport scan's machine-readable zone was read, and each kept answer that differs from it. */
  passportZone: PassportZoneView;
  /** The passport photo against the destination's photo rules (the warnings the applicant was given). */
  photoCheck: PhotoCheckView;
  /** The moves allowed from the current status (the lifecycle); some need a note to the applicant. */
  moves: StatusMove[];
  noteMaxLength: number;
  /** E-mails recorded about this application, newest first. */
  messages: MessageEntry[];
  /** wa.me link with the words of the last status e-mail; null before one was sent. */
  whatsapp: string | null;
  /** The applicant's checklists, read-only. */
  applicantChecklists: ApplicantChecklist[];
  /** The applicant's other applications. */
  /** What each is in this case's family group ("Child in this family group"), if anything. */
  otherApplications: { id: string; reference: string; visaTypeLabel: string; status: string; statusLabel: string; family: string | null }[];
  /** This case in its family group ("Child in the family group of VA-…"), if it is in one. */
  family: string | null;
  /** The group's other cases with this case's status: a status change may move them along. */
  familyOthers: number;
  /** Every payment attempt of this application, newest first. */
  payments: PaymentEntry[];
  assignment: AssignmentProps;
  /** The conversation with the applicant. */
  thread: ThreadProps;
  /** The stages after approval (null before approval when none is recorded). */
  afterApproval: AfterApprovalProps | null;
  /** The case's bill and the forms that change it. */
  bill: BillCardProps;
}

/** Whose case this is, what the viewer may do about it, and who had it before. */
export interface AssignmentProps {
  assigneeId: string | null;
  assigneeName: string | null;
  /** An officer may take it (unassigned and submitted). */
  mayTake: boolean;
  /** A manager's choice of staff to give it to; empty for officers. */
  staff: Option[];
  me: string;
  history: { id: string; text: string; at: string }[];
}

export interface ApplicantChecklist {
  id: string;
  title: string;
  completed: boolean;
  items: { step: number; title: string; value: string; done: boolean }[];
}

export interface StatusMove extends Option {
  noteRequired: boolean;
}

export interface FullApplicationProps {
  application: ApplicationForm;
  specificFields: SpecificField[];
  genders: Option[];
  maritalStatuses: Option[];
  account: { name: string | null; email: string | null };
  documents: DocumentView[];
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
  /** Revenue ÷ applications whose fee was paid (refunded ones included, as their amount is in the revenue). */
  averagePerPaidApplication: number;
  paidApplications: number;
  /** draft → submitted → paid → decided, each with its conversion from the step before (null: nothing to convert). */
  applicationFunnel: FunnelStep[];
  categories: { id: string; title: string; items: CategoryItem[] }[];
  /** Per currency the payments were recorded in: received per month (Lagos time), oldest first; refunds taken off the month the money came in. */
  revenue: RevenueChart[];
  /** Collected on applicants' behalf and passed on (not revenue), per currency: "₦67,500". */
  passedOn: string[];
  weekly: WeeklyApplications;
  funnel: Funnel;
  /** Every active staff member's workload; decisions counted over the last `decidedWeeks` weeks. */
  officers: OfficerWorkload[];
  decidedWeeks: number;
  decisions: DecisionFigures;
}

export interface OfficerWorkload {
  id: string;
  name: string;
  /** "Manager" or "Case officer". */
  role: string;
  /** Submitted or under review. */
  open: number;
  /** Open past their status's limit. */
  late: number;
  decided: number;
  /** Median days from submission to decision, one decimal ("2.5"), "—" with none decided. */
  medianDays: string;
}

export interface FunnelStep {
  key: string;
  label: string;
  count: number;
  /** Whole percent of the step before; null on the first step, or when the step before has none. */
  percent: number | null;
  /** "of submitted": what the percent is of. */
  of: string | null;
}

/** A bar chart drawn on the server: a group of bars per point, one bar per series, and what it shows in words. */
export interface BarChartData {
  id: string;
  title: string;
  /** The chart's text alternative (its <desc>); the numbers are in the table beside it. */
  description: string;
  series: string[];
  points: { key: string; label: string; short: string; values: number[] }[];
  /** The value axis runs from 0 to `top`, labelled `topLabel`. */
  top: number;
  topLabel: string;
}

export interface WeeklyApplications {
  chart: BarChartData;
  weeks: { week: string; label: string; started: number; submitted: number }[];
}

export interface RevenueChart {
  currency: string;
  chart: BarChartData;
  months: RevenueMonth[];
}

/** One line of the acquisition funnel: leads arrived (by kind), and how many reached each later step. */
export interface FunnelLine {
  key: string;
  label: string;
  leads: number;
  enquiries: number;
  bookings: number;
  direct: number;
  /** Each step's count and its share of the line's leads (whole percent): held, applied, paid, each only of the leads that reached it. */
  steps: { count: number; percent: number }[];
  /** The leads that applied without a consultation held: they skipped that step. */
  skipped: { count: number; percent: number };
}

export interface Funnel {
  weeks: FunnelLine[];
  sources: FunnelLine[];
  total: FunnelLine;
  /**
   * Conversion from each step to the next over the whole period: leads → held, held → applied, applied → paid, each
   * the share of a step's leads that also reached the next.
   */
  conversions: { from: string; to: string; percent: number | null }[];
}

/** One month of revenue in one currency, already formatted ("₦232,500"). */
export interface RevenueMonth {
  /** "2026-11" */
  month: string;
  /** "November 2026" */
  label: string;
  payments: number;
  received: string;
  refunded: string;
  /** Collected on applicants' behalf (embassy, visa centre…): passed on, not revenue. */
  passedOn: string;
  /** Received less refunded, less passed on. */
  revenue: string;
}

/** /admin/settings/payments: the exchange rate now and before, and the currency fees are charged in. */
export interface PaymentSettingsProps {
  /** "₦1,550/$, set by Ada Obi on 24 Nov 2026, 10:05"; null when no rate was ever set. */
  current: string | null;
  /** The last 20 rates, newest first. */
  history: { rate: string; setBy: string; setAt: string }[];
  /** "Fees are charged in Naira (PAYMENT_CURRENCY)" */
  chargedIn: string;
  /** After a refused rate: the message under the field and what was typed. */
  refused: { message: string; value: string } | null;
}

/** /admin/activity's URL state. */
export interface ActivityQuery {
  person: string;
  action: string;
  from: string;
  to: string;
}

/** A piece of a sentence: words, or a name linked to where staff open it. */
export interface SentencePart {
  text: string;
  href: string | null;
}

export interface ActivityEntry {
  id: string;
  at: string;
  /** What happened, as a sentence: "Folake approved VA-2026-QKULVQ". */
  sentence: SentencePart[];
  action: string;
  /** null: nobody was signed in (a failed sign-in, a command run by ops). */
  actor: { name: string; email: string } | null;
  subject: { type: string; label: string; href: string | null } | null;
  details: string;
  ip: string | null;
  requestId: string | null;
}

export interface ActivityProps {
  entries: ActivityEntry[];
  query: ActivityQuery;
  /** The links to the pages of older and newer entries (a cursor each); null when there are none. */
  older: string | null;
  newer: string | null;
  actions: { value: string; label: string }[];
}

/** One recorded e-mail, as staff see it (the review page, an enquiry, the Outbox). */
export interface MessageEntry {
  id: string;
  kind: string;
  to: string;
  subject: string;
  /** "written": to the mail folder, no mail server being configured. */
  status: "queued" | "sent" | "failed" | "not_sent" | "written";
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
  /** The lead of the enquiry's address (where its whole history is). */
  leadId: string | null;
  replies: { id: string; body: string; author: string | null; createdAt: string }[];
  messages: MessageEntry[];
  whatsapp: string | null;
  statuses: string[];
}

/** A WhatsApp or SMS message that failed, as the Outbox lists it. */
export interface PhoneMessageEntry {
  id: string;
  /** "WhatsApp" or "SMS". */
  channel: string;
  /** What it told, in words: "Notice of a staff message", "Document due". */
  about: string;
  to: string;
  error: string | null;
  createdAt: string;
  applicationId: string | null;
}

export interface OutboxProps {
  messages: MessageEntry[];
  smtpConfigured: boolean;
  phoneMessages: PhoneMessageEntry[];
  /** The phone channels with their settings ("WhatsApp", "SMS"); the others are off. */
  phoneChannels: string[];
}

export interface LeadEntry {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  source: string;
  stage: string;
  closedReason: string | null;
  owner: string | null;
  ownerId: string | null;
  followUpOn: string | null;
  createdAt: string;
  stageChangedAt: string;
}

export interface LeadsProps {
  rows: LeadEntry[];
  total: number;
  page: number;
  pages: number;
  /** The tabs: every stage with its count, and "My follow-ups due today" with its own. */
  tabs: { value: string; label: string; count: number }[];
  query: { tab: string; q: string };
}

/** One line of a lead's history, oldest first: what happened, who did it, and where to read more. */
export interface LeadHistoryEntry {
  id: string;
  at: string;
  text: string;
  by: string | null;
  href: string | null;
}

export interface LeadProps {
  lead: LeadEntry;
  history: LeadHistoryEntry[];
  enquiries: (EnquiryEntry & { replies: { id: string; body: string; author: string | null; createdAt: string }[] })[];
  applications: ApplicationSummary[];
  /** The consultations booked with the lead's address, latest first. */
  bookings: LeadBooking[];
  staff: { id: string; name: string }[];
  stages: { value: string; label: string }[];
  /** The signed-in staff member (for "Take it"). */
  me: string;
}

/** The owner's figures of the government's decisions: per destination and visa type over a chosen period. */
export interface DecisionFigures {
  /** The period's first and last Lagos months (YYYY-MM), both included; `label` says it in words. */
  from: string;
  to: string;
  label: string;
  rows: DecisionFigureEntry[];
  /** The period's sums over every row ("All"), or null with no row. */
  total: DecisionFigureEntry | null;
}

export interface DecisionFigureEntry {
  key: string;
  destination: string;
  visaType: string;
  lodged: number;
  decided: number;
  /** "75%" of the decisions issued, or "—" with none. */
  issuedShare: string;
  /** Median days from lodging to decision ("12", "12.5"), or "—" with no decision. */
  medianDays: string;
}
