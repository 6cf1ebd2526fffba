// /admin/enquiries: contact-form enquiries, newest first, filtered by status and searched by name, e-mail, phone or text.

import { Link } from "react-router-dom";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DateTime } from "../../components/ui/DateTime.tsx";
import { Card } from "../../components/ui/misc.tsx";
import type { EnquiriesProps } from "./types.ts";

export const ENQUIRY_STATUS_LABELS: Record<string, string> = { new: "New", replied: "Replied", closed: "Closed" };

export default function Enquiries({ rows, total, page, pages, query }: EnquiriesProps) {
  const pageHref = (p: number) => `/admin/enquiries?${new URLSearchParams({ ...query, page: String(p) }).toString()}`;
  return (
    <AdminLayout>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Enquiries</h1>
      <form method="get" action="/admin/enquiries" className="mb-6 flex flex-wrap items-end gap-3" aria-label="Filter enquiries">
        <div className="grid gap-1">
          <label htmlFor="enquiry-q" className="text-sm font-medium text-slate-800">
            Search
          </label>
          <input id="enquiry-q" name="q" type="search" defaultValue={query.q} className="rounded-md border border-slate-400 px-3 py-2" />
        </div>
        <div className="grid gap-1">
          <label htmlFor="enquiry-status" className="text-sm font-medium text-slate-800">
            Status
          </label>
          <select id="enquiry-status" name="status" defaultValue={query.status} className="rounded-md border border-slate-400 bg-white px-3 py-2">
            <option value="">All</option>
            {Object.entries(ENQUIRY_STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">Filter</Button>
      </form>
      <p className="mb-3 text-sm text-slate-700" aria-live="polite">
        {total === 1 ? "1 enquiry" : `${total} enquiries`}
      </p>
      {rows.length === 0 ? (
        <Card>No enquiries match.</Card>
      ) : (
        <ul className="grid gap-3" aria-label="Enquiries">
          {rows.map((e) => (
            <li key={e.id}>
              <Link
                to={`/admin/enquiries/${e.id}`}
                className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-slate-900">{e.name}</span>
                  <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">{ENQUIRY_STATUS_LABELS[e.status]}</span>
                </div>
                <p className="break-all text-sm text-slate-700">
                  {e.email} · {e.phone} · <DateTime value={e.createdAt} />
                </p>
                {e.package ? <p className="text-sm font-medium text-slate-800">Package: {e.package}</p> : null}
                <p className="mt-1 line-clamp-2 text-slate-800">{e.message}</p>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center gap-4 text-sm">
          {page > 1 ? <Link to={pageHref(page - 1)}>Previous</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={pageHref(page + 1)}>Next</Link> : null}
        </nav>
      ) : null}
    </AdminLayout>
  );
}
