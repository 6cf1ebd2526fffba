// The lines of a case's bill and its total: on the applicant's payment and details pages, and the staff's case page
// (where `removeForm` draws each staff line's removal form). Plain server-rendered markup.
import type { ReactNode } from "react";
import { type BillLineView, type BillView, PASS_THROUGH_NOTE } from "../../lib/bill.ts";

export function BillLines({ bill, removeForm }: { bill: BillView; removeForm?: (line: BillLineView) => ReactNode }) {
  return (
    <div>
      <ul className="grid gap-2" aria-label="What the bill is made of">
        {bill.lines.map((l) => (
          <li key={l.id ?? "service"} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 border-b border-slate-200 pb-2">
            <div className="min-w-0 wrap-anywhere">
              <p className="font-medium text-slate-900">{l.label}</p>
              {l.person ? <p className="text-sm text-slate-700">For {l.person}</p> : null}
              <p className="text-sm text-slate-700">
                {l.kindLabel}
                {l.basis ? ` · ${l.basis}` : ""}
              </p>
              {l.passThrough ? <p className="text-sm text-slate-700">{PASS_THROUGH_NOTE}</p> : null}
              {l.reason ? <p className="text-sm text-slate-700">Why: {l.reason}</p> : null}
              {removeForm && l.id ? removeForm(l) : null}
            </div>
            <p className="whitespace-nowrap font-semibold text-slate-900">{l.amountText}</p>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between gap-4 font-semibold text-slate-900">
        <span>Total</span>
        <span>{bill.totalText}</span>
      </p>
    </div>
  );
}
