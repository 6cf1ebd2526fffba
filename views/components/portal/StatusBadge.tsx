// Status badge (SPEC §4): Draft outline, Submitted secondary, Under Review default, Rejected destructive; Approved is
// green, not SPEC's default style (README, Decisions: "Where the product differs from SPEC").
import { TRANSFER_WAITING_TITLE } from "../../lib/payments.ts";

const STYLES: Record<string, string> = {
  draft: "border border-slate-400 bg-white text-slate-800",
  submitted: "bg-slate-200 text-slate-900",
  under_review: "bg-brand-800 text-white",
  approved: "bg-emerald-700 text-white",
  rejected: "bg-red-700 text-white",
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLES[status] ?? STYLES.draft}`}
    >
      {label}
    </span>
  );
}

const PAYMENT_BADGES = {
  paid: ["Paid", "bg-emerald-100 text-emerald-900"],
  pending: ["Payment pending", "bg-amber-100 text-amber-900"],
  /** A bank transfer's proof waits for staff: the payment page's words, not "Payment pending". */
  checking: [TRANSFER_WAITING_TITLE, "bg-sky-100 text-sky-950"],
  refunded: ["Refunded", "bg-slate-200 text-slate-900"],
  after_submission: ["Payable after submission", "bg-slate-100 text-slate-800"],
  not_due: ["No payment due", "bg-slate-100 text-slate-800"],
} as const;

export type PaymentBadgeStatus = keyof typeof PAYMENT_BADGES;

export function PaymentBadge({ status }: { status: PaymentBadgeStatus }) {
  const [label, colours] = PAYMENT_BADGES[status] ?? PAYMENT_BADGES.pending;
  // The longer "checking" words may wrap on a phone rather than push the card wider than the screen.
  const wrap = status === "checking" ? "rounded-2xl" : "whitespace-nowrap rounded-full";
  return <span className={`inline-flex items-center px-2.5 py-0.5 text-xs font-semibold ${wrap} ${colours}`}>{label}</span>;
}
