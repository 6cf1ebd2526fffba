// A payment attempt's state as a coloured badge (admin Payments pages and the review page's payments).
import type { PaymentState } from "../../lib/payments.ts";

const COLOURS: Record<PaymentState, string> = {
  pending: "bg-slate-200 text-slate-900",
  awaiting_confirmation: "bg-amber-100 text-amber-900",
  paid: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
  needs_attention: "bg-red-700 text-white",
  refunded: "bg-slate-200 text-slate-900",
  returned: "bg-slate-200 text-slate-900",
};

export function PaymentStateBadge({ state, label }: { state: PaymentState; label: string }) {
  return (
    <span data-state={state} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${COLOURS[state]}`}>
      {label}
    </span>
  );
}
