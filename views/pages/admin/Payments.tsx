// /admin/payments: the bank transfers waiting for staff (oldest first), then every payment attempt, newest first,
// filtered by state, provider and dates (a GET form: works without JavaScript), paged by 50, and as CSV.

import { Link } from "react-router-dom";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { PaymentTable } from "../../components/admin/PaymentTable.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Download } from "../../components/ui/icons.ts";
import { Card } from "../../components/ui/misc.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { useShared } from "../../shared.tsx";
import type { HeldTransferEntry, PaymentListQuery, PaymentsProps } from "./paymentTypes.ts";

const SELECT = "rounded-md border border-slate-400 bg-white px-3 py-2";

/** The query string of `query` without its empty values. */
function search(query: Omit<PaymentListQuery, "page"> & { page?: number }): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== "" && v !== undefined && !(k === "page" && v === 1)) params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** One held transfer: what arrived, why it is held, and the plain form that closes it with what staff did. */
function HeldTransfer({ t }: { t: HeldTransferEntry }) {
  const { csrfToken } = useShared();
  return (
    <li className="rounded-lg border border-amber-300 bg-amber-50 p-3">
      <p>
        <span className="font-semibold">{t.amountText}</span> · {t.applicantName}
        {t.accountEmail ? ` (${t.accountEmail})` : ""}
        {t.accountNumber ? (
          <>
            {" "}
            · account <span className="font-mono">{t.accountNumber}</span>
          </>
        ) : null}
      </p>
      <p className="text-sm text-slate-800">{t.reason}</p>
      <p className="text-sm text-slate-700">
        Arrived {formatDateTime(t.arrivedAt)} · Paystack reference <span className="break-all font-mono">{t.reference}</span>
      </p>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold text-brand-800">
          Close it<span className="sr-only"> (the transfer {t.reference})</span>
        </summary>
        <form method="post" action={`/admin/payments/held-transfers/${t.id}/close`} className="mt-2 grid gap-2">
          <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
          <label htmlFor={`held-note-${t.id}`} className="text-sm font-medium text-slate-900">
            What was done with the money (applied by hand, refunded)?
          </label>
          <textarea
            id={`held-note-${t.id}`}
            name="note"
            required
            minLength={3}
            maxLength={500}
            rows={2}
            className="w-full min-w-0 rounded-md border border-slate-400 bg-white p-2 text-sm text-slate-900"
          />
          <Button type="submit" variant="outline" className="justify-self-start">
            Close held transfer
          </Button>
        </form>
      </details>
    </li>
  );
}

export default function Payments({ toConfirm, heldTransfers, rows, total, more, page, pages, query, states, providers, overdue }: PaymentsProps) {
  const { page: _page, ...filters } = query;
  return (
    <AdminLayout>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Payments</h1>

      <Card className="mb-6">
        <section aria-labelledby="to-confirm-heading">
          <h2 id="to-confirm-heading" className="mb-2 text-lg font-semibold text-slate-900">
            Bank transfers to confirm
          </h2>
          {toConfirm.length === 0 ? (
            <p className="text-slate-700">No bank transfer is waiting for confirmation.</p>
          ) : (
            <ol className="grid gap-2" aria-label="Bank transfers to confirm, oldest first">
              {toConfirm.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
                  <span>
                    <span className="font-mono font-semibold">{p.applicationReference}</span> · {p.applicantName} · {p.amountText}
                    <span className="block text-sm text-slate-700">Proof uploaded {formatDateTime(p.proofUploadedAt)}</span>
                  </span>
                  <Link to={`/admin/payments/${p.id}`} className="font-semibold text-brand-800 underline">
                    Check and confirm<span className="sr-only"> the transfer for {p.applicationReference}</span>
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </section>
      </Card>

      {heldTransfers.length > 0 ? (
        <Card className="mb-6">
          <section aria-labelledby="held-transfers-heading">
            <h2 id="held-transfers-heading" className="mb-1 text-lg font-semibold text-slate-900">
              Needs attention: transfers to applicants' own accounts
            </h2>
            <p className="mb-2 text-sm text-slate-700">
              Money that arrived on an applicant's own account number and matched no single amount owed. Refund it in Paystack's dashboard, or apply
              it by hand, then close it here with what you did.
            </p>
            <ol className="grid gap-2" aria-label="Held transfers, oldest first">
              {heldTransfers.map((t) => (
                <HeldTransfer key={t.id} t={t} />
              ))}
            </ol>
          </section>
        </Card>
      ) : null}

      <form method="get" action="/admin/payments" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filter payments">
        <div className="grid gap-1">
          <label htmlFor="payments-state" className="text-sm font-medium text-slate-800">
            State
          </label>
          <select id="payments-state" name="state" defaultValue={query.state} className={SELECT}>
            <option value="">All</option>
            {states.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor="payments-provider" className="text-sm font-medium text-slate-800">
            Provider
          </label>
          <select id="payments-provider" name="provider" defaultValue={query.provider} className={SELECT}>
            <option value="">All</option>
            {providers.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor="payments-from" className="text-sm font-medium text-slate-800">
            Started from
          </label>
          <input id="payments-from" name="from" type="date" defaultValue={query.from} className={SELECT} />
        </div>
        <div className="grid gap-1">
          <label htmlFor="payments-to" className="text-sm font-medium text-slate-800">
            to
          </label>
          <input id="payments-to" name="to" type="date" defaultValue={query.to} className={SELECT} />
        </div>
        <label className="flex items-center gap-2 py-2 text-sm font-medium text-slate-800">
          <input type="checkbox" name="overdue" value="1" defaultChecked={query.overdue === "1"} className="h-4 w-4" />
          Overdue instalments
        </label>
        <Button type="submit">Filter</Button>
        <a
          href={`/admin/payments.csv${search(filters)}`}
          className="inline-flex items-center gap-1 py-2 text-sm font-semibold text-brand-800 underline"
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Download CSV
        </a>
      </form>

      <p className="mb-3 text-sm text-slate-700" aria-live="polite">
        {overdue
          ? total === 1
            ? "1 overdue instalment"
            : `${total} overdue instalments`
          : more
            ? `More than ${total.toLocaleString("en-GB")} payments: choose dates or a state to narrow them`
            : total === 1
              ? "1 payment"
              : `${total} payments`}
      </p>
      {overdue ? (
        overdue.length === 0 ? (
          <Card>No instalment is overdue.</Card>
        ) : (
          <ol className="grid gap-2" aria-label="Overdue instalments, longest overdue first">
            {overdue.map((o) => (
              <li
                key={`${o.applicationId}-${o.title}`}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-red-300 bg-red-50 p-3"
              >
                <span>
                  <span className="font-mono font-semibold">{o.applicationReference}</span> · {o.applicantName} · {o.title} · {o.amountText}
                  <span className="block text-sm text-red-900">Overdue: was due {o.dueText}</span>
                </span>
                <Link to={`/admin/application/${o.applicationId}#bill`} className="font-semibold text-brand-800 underline">
                  Open the case<span className="sr-only"> {o.applicationReference}</span>
                </Link>
              </li>
            ))}
          </ol>
        )
      ) : rows.length === 0 ? (
        <Card>No payments match.</Card>
      ) : (
        <PaymentTable rows={rows} caption="Payments, newest first" />
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center gap-4 text-sm">
          {page > 1 ? <Link to={`/admin/payments${search({ ...filters, page: page - 1 })}`}>Previous</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={`/admin/payments${search({ ...filters, page: page + 1 })}`}>Next</Link> : null}
        </nav>
      ) : null}
    </AdminLayout>
  );
}
