// Prop shapes of the portal pages; the server's presenters build exactly these.
import type { ApplicationFields } from "../../../server/domain/applicationFields.ts";

export interface Option {
  value: string;
  label: string;
}

export interface VisaTypeOption extends Option {
  description: string;
}

export interface SpecificField {
  key: string;
  label: string;
  required: boolean;
  multiline?: boolean;
}

export interface ApplicationSummary {
  id: string;
  reference: string;
  visaType: string | null;
  visaTypeLabel: string;
  destination: string | null;
  status: string;
  statusLabel: string;
  /** `after_submission`: a draft (payable once submitted); `not_due`: rejected and unpaid. */
  paymentStatus: "paid" | "pending" | "refunded" | "after_submission" | "not_due";
  createdAt: string;
  submittedAt: string | null;
}

/** What comes next for an application: in words, and as its card's main button. */
export interface NextStep {
  text: string;
  action: { label: string; href: string };
}

export interface HistoryEntry {
  id: string;
  status: string;
  statusLabel: string;
  notes: string | null;
  createdAt: string;
  changedBy: string;
  /** On an undo: what it undid and who ("approved, undone by Folake"). */
  undid?: string;
}

/** Every applicant-editable field of an application (one list, on the server), as the wizard and the review show them. */
export interface ApplicationForm extends ApplicationFields {
  id: string;
  reference_number: string;
  status: string;
  statusLabel: string;
  visaTypeLabel: string;
  fee: number;
  /** The fee as charged or paid, in its currency with its dollar basis (server/presenters/payment.ts#feeText). */
  feeText?: string;
  current_step: number;
  submitted_at: string | null;
  created_at: string;
  payment_status: string;
  amount_paid: number | null;
  payment_reference: string | null;
  /** Download routes of the passport files, or null while not uploaded. */
  passport_scan_url: string | null;
  passport_scan_mime: string | null;
  photo_url: string | null;
  photo_mime: string | null;
}

/** The upload rules the server enforces, shown before a file is sent. */
export interface UploadRules {
  maxBytes: number;
  tooLarge: string;
  saveFirst: string;
}

export interface MissingField {
  key: string;
  label: string;
  step: number;
}

/** A stored file of an application (supporting document, passport scan or photo); `url` is its authorised download route. */
/** One item of "Documents for your application" (not SPEC's checklist screens). */
export interface RequiredDocument {
  key: string;
  label: string;
  /** What the document must show, how recent, in which language. */
  hint: string;
  required: boolean;
  /** The uploaded document with this type and key is the item's file (the upload sends `key`). */
  filedAs: { documentType: string; requirementKey: string | null };
}

/** The documents an application's visa type and destination call for. */
export interface DocumentsForApplication {
  /** The visa the list is for, e.g. "Standard Visitor visa". */
  visa: string;
  /** The destination the list is for, or null when it is the visa type's general list. */
  destination: string | null;
  /** What the list is, in a sentence (written by the server: words are page data, not script). */
  intro: string;
  items: RequiredDocument[];
}

export interface DocumentView {
  id: string;
  documentType: string;
  /** The `other` item of "Documents for your application" the file is filed under. */
  requirementKey: string | null;
  label: string;
  fileName: string;
  /** Not recorded for the passport scan and photo. */
  size?: number;
  mimeType: string;
  uploadedAt?: string;
  url: string;
}

/** The applicant's own account number (a Paystack dedicated account): being opened, or its bank, number and name. */
export interface OwnAccount {
  state: "requested" | "assigned";
  bankName: string | null;
  accountNumber: string | null;
  accountName: string | null;
}

/** A payment of the payment page: its provider, state and quote, and a transfer's proof. */
export interface PaymentAttempt {
  id: string;
  provider: "demo" | "paystack" | "bank_transfer";
  state: string;
  quoteText: string;
  amountText: string;
  expiresAt: string;
  paymentCode: string | null;
  proofUploaded: boolean;
  note: string | null;
  /** The quote's 24 hours are over. */
  expired: boolean;
  proof: { name: string; url: string; uploadedAt: string } | null;
}

/** What step 3 is offered from the passport scan's bottom lines (server/presenters/passportRead.ts). */
export interface PassportOfferView {
  /** off: reading is not switched on; none: no scan; pending: waiting for the worker. */
  state: "off" | "none" | "pending" | "read" | "unreadable";
  /** The answers read, in the form's own formats (names in title case). */
  fields?: Partial<Record<"full_name" | "passport_number" | "date_of_birth" | "gender" | "passport_expiry_date", string>>;
  nationality?: string;
  issuingState?: string;
  /** The passport photo's check against the destination's photo rules (asked for with the read). */
  photo?: PhotoCheckView;
}

/** The passport photo against the destination's photo rules (server/presenters/photoCheck.ts): warnings only. */
export interface PhotoCheckView {
  /** none: no photo; pending: waiting for the job worker; unreadable: the file is not an image it could open. */
  state: "none" | "pending" | "checked" | "unreadable";
  /** Each failed rule in words with what to do (for unreadable, that it could not be opened). */
  warnings: string[];
  /** Whose rules: "the UK", "a Schengen consulate". */
  rulesOf?: string;
}
