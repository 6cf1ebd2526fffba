// A split bill's instalments, first to last: paid (on which day, with its receipt's check page), due next, later, or
// overdue. On the applicant's details page and the staff's Bill card. Plain server-rendered markup.
import { type InstalmentView, instalmentTitle } from "../../lib/bill.ts";

const STATE_TEXT: Record<InstalmentView["state"], string> = { paid: "Paid", next: "Due next", later: "Later", overdue: "Overdue" };
const STATE_CLASS: Record<InstalmentView["state"], string> = {
  paid: "bg-emerald-100 text-emerald-900",
  next: "bg-sky-100 text-sky-950",
  later: "bg-slate-100 text-slate-800",
  overdue: "bg-red-100 text-red-900",
};

export function InstalmentSchedule({ instalments }: { instalments: InstalmentView[] }) {
  return (
    <ol className="grid gap-2" aria-label="Instalments">
      {instalments.map((i) => (
        <li key={i.position} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 border-b border-slate-200 pb-2 text-sm">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{instalmentTitle(i)}</p>
            <p className="text-slate-700">
              {i.paidText ? `Paid on ${i.paidText}` : `Due ${i.dueText}`}
              {i.receiptCode ? (
                <>
                  {" · "}
                  <a className="font-semibold text-brand-800 underline" href={`/receipts/${i.receiptCode}`}>
                    Receipt {i.receiptCode}
                  </a>
                </>
              ) : null}
            </p>
          </div>
          <p className="text-right">
            <span className="block whitespace-nowrap font-semibold text-slate-900">{i.amountText}</span>
            <span className={`inline-block rounded-2xl px-2 py-0.5 text-xs font-semibold ${STATE_CLASS[i.state]}`}>{STATE_TEXT[i.state]}</span>
          </p>
        </li>
      ))}
    </ol>
  );
}

export default InstalmentSchedule;
