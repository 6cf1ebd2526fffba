// A table of payment attempts, an application's or a consultation's (the Payments list, its transfers to confirm, an
// application's payments on its review page, where it loads after the page is usable). Its own markup rather than
// DataTable's: the case page's budget has no room for DataTable's code in the staff pages' shared chunk.
import { Link } from "react-router-dom";
import { formatDateTime } from "../../lib/format.ts";
import type { PaymentEntry } from "../../pages/admin/paymentTypes.ts";
import { PaymentStateBadge } from "./PaymentStateBadge.tsx";

export function PaymentTable({ rows, caption, showApplication = true }: { rows: PaymentEntry[]; caption: string; showApplication?: boolean }) {
  return (
    // relative: the links' screen-reader text is positioned absolutely and must scroll with the table, not widen the page.
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Started
            </th>
            {showApplication ? (
              <>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Application
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Applicant
                </th>
              </>
            ) : null}
            <th scope="col" className="py-2 pr-3 font-semibold">
              Provider
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Amount
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              State
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Paid
            </th>
            <th scope="col" className="py-2 font-semibold">
              <span className="sr-only">Open</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.id} className="border-b border-slate-200 align-top">
              <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(p.createdAt)}</td>
              {showApplication ? (
                <>
                  <td className="py-2 pr-3">
                    {p.applicationId ? (
                      <Link to={`/admin/application/${p.applicationId}`} className="font-mono text-brand-800 underline">
                        {p.applicationReference}
                      </Link>
                    ) : (
                      p.consultation
                    )}
                  </td>
                  <td className="py-2 pr-3">{p.applicantName}</td>
                </>
              ) : null}
              <td className="py-2 pr-3">{p.providerLabel}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{p.amountText}</td>
              <td className="py-2 pr-3">
                <PaymentStateBadge state={p.state} label={p.stateLabel} />
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">{p.paidAt ? formatDateTime(p.paidAt) : "—"}</td>
              <td className="py-2">
                <Link to={`/admin/payments/${p.id}`} className="font-semibold text-brand-800 underline">
                  Details
                  <span className="sr-only">
                    {" "}
                    of the payment for {p.applicationId ? p.applicationReference : `${p.applicantName}'s consultation`}, started{" "}
                    {formatDateTime(p.createdAt)}
                  </span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
