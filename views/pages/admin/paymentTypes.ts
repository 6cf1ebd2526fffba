// Prop shapes of the admin Payments pages (and the payments on an application's review page): server/presenters/adminPayments.ts builds them.
import type { PaymentProvider, PaymentState } from "../../lib/payments.ts";

/** One payment attempt in a list: what it is, for which application or consultation and whom, and when. */
export interface PaymentEntry {
  id: string;
  state: PaymentState;
  stateLabel: string;
  provider: PaymentProvider;
  providerLabel: string;
  /** "₦232,500" */
  amountText: string;
  /** Our reference of the attempt. */
  reference: string;
  /** The application paid for (null: a consultation's payment). */
  applicationId: string | null;
  applicationReference: string;
  /** A consultation's payment: "Consultation: Study abroad session with Amaka Obi, Fri 4 Dec 2026, 10:00 (Lagos time)". */
  consultation: string | null;
  /** The applicant, or the visitor who booked the consultation. */
  applicantName: string;
  createdAt: string;
  paidAt: string | null;
  /** A bank transfer's proof arrived (awaiting confirmation lists: how long it has waited). */
  proofUploadedAt: string | null;
}

/** Everything staff need about one attempt. */
export interface PaymentDetail extends PaymentEntry {
  currency: string;
  accountEmail: string | null;
  /** The application's status, as staff read it ("Under Review"), or the consultation's ("Booked", "Cancelled"). */
  applicationStatus: string;
  /** "₦232,500 — $150 at ₦1,550/$, rate of 24 Nov 2026"; a consultation's: its price. */
  quoteText: string;
  /** A consultation's payment: how staff refund it (cancelling it on the agenda, or on Paystack's dashboard). */
  refundHint: { text: string; href: string | null } | null;
  quoteExpiresAt: string;
  providerReference: string | null;
  paymentCode: string | null;
  /** What the provider reported, shown when it did not match (needs attention). */
  verifiedText: string | null;
  receivedText: string | null;
  /** Staff's reason (a rejection, a needs-attention cause, "Quote expired"). */
  note: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  receiptCode: string | null;
  /** A transfer awaiting staff that its application can no longer take as the fee: why, said before Confirm. */
  confirmWarning: string | null;
  /** `reference`: Paystack's refund id, or the bank's reference of a held payment's transfer back made by hand. */
  refund: { amountText: string; reason: string | null; at: string | null; reference: string | null } | null;
  proof: { name: string; url: string; uploadedAt: string; sizeText: string } | null;
  updatedAt: string;
}

/** A payment held for staff (Needs attention): what arrived, and what Apply would settle or why it cannot. */
export interface HeldView {
  arrivedText: string;
  canApply: boolean;
  /** What Apply settles ("It settles the whole bill: ₦232,500."), or why it cannot. */
  applyText: string;
  /** Paystack's refund call, or a transfer back made by hand whose bank reference staff record. */
  refundThrough: "paystack" | "hand";
}

export interface PaymentListQuery {
  page: number;
  state: string;
  provider: string;
  from: string;
  to: string;
  /** "1": the unpaid instalments past their due date instead of the payments. */
  overdue: string;
}

/** An unpaid instalment past its due date (Lagos day), for the Payments page's "Overdue instalments". */
export interface OverdueInstalment {
  applicationId: string;
  applicationReference: string;
  applicantName: string;
  title: string;
  amountText: string;
  dueText: string;
}

/** A transfer into an applicant's own account that no payment carries (no fee owed, several owed), held for staff. */
export interface HeldTransferEntry {
  id: string;
  /** Paystack's reference, to find it in Paystack's dashboard (and refund it there). */
  reference: string;
  amountText: string;
  applicantName: string;
  accountEmail: string | null;
  accountNumber: string | null;
  arrivedAt: string;
  reason: string;
}

export interface PaymentsProps {
  /** Bank transfers waiting for staff, oldest first. */
  toConfirm: PaymentEntry[];
  /** Transfers into applicants' own accounts held for staff, oldest first. */
  heldTransfers: HeldTransferEntry[];
  rows: PaymentEntry[];
  total: number;
  /** More payments match than `total` (the count stops at 10,000): the page says "more than". */
  more: boolean;
  page: number;
  pages: number;
  query: PaymentListQuery;
  states: { value: string; label: string }[];
  providers: { value: string; label: string }[];
  /** With ?overdue=1: the overdue instalments, longest overdue first (`rows` is then empty). */
  overdue: OverdueInstalment[] | null;
}
