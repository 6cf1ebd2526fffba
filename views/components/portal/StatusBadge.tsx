// Status badge (SPEC §4): Draft outline, Submitted secondary, Under Review default, Rejected destructive; Approved is
// green, not SPEC's default style (README, Decisions: "Where the product differs from SPEC").
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
  refunded: ["Refunded", "bg-slate-200 text-slate-900"],
  after_submission: ["Payable after submission", "bg-slate-100 text-slate-800"],
  not_due: ["No payment due", "bg-slate-100 text-slate-800"],
} as const;

export function PaymentBadge({ status }: { status: keyof typeof PAYMENT_BADGES }) {
  const [label, colours] = PAYMENT_BADGES[status] ?? PAYMENT_BADGES.pending;
  return <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours}`}>{label}</span>;
}
