// /admin/leads: everyone who got in touch, by stage (tabs with counts) or "My follow-ups due today", with owner and
// follow-up date; searched by name, e-mail or phone.

import { Link } from "react-router-dom";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { type Column, DataTable } from "../../components/admin/DataTable.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DateTime } from "../../components/ui/DateTime.tsx";
import { Card } from "../../components/ui/misc.tsx";
import { LEAD_SOURCE_LABELS, LEAD_STAGE_LABELS } from "../../lib/leads.ts";
import type { LeadsProps } from "./types.ts";

const COLUMNS: Column<LeadsProps["rows"][number]>[] = [
  {
    header: "Name",
    cell: (l) => (
      <>
        <Link to={`/admin/leads/${l.id}`} className="font-semibold text-brand-800 underline">
          {l.name}
        </Link>
        <p className="break-all text-slate-700">{l.email}</p>
      </>
    ),
  },
  { header: "Stage", cell: (l) => LEAD_STAGE_LABELS[l.stage] ?? l.stage },
  { header: "Source", from: "sm", cell: (l) => LEAD_SOURCE_LABELS[l.source] ?? l.source },
  { header: "Owner", cell: (l) => l.owner ?? "Nobody" },
  { header: "Follow up", from: "md", cell: (l) => l.followUpOn ?? "—" },
  { header: "Since", from: "md", cell: (l) => <DateTime value={l.stageChangedAt} /> },
];

export default function Leads({ rows, total, page, pages, tabs, query }: LeadsProps) {
  const href = (p: Record<string, string>) => {
    const params = new URLSearchParams(Object.entries({ ...query, ...p }).filter(([, v]) => v && v !== "1"));
    const s = params.toString();
    return s ? `/admin/leads?${s}` : "/admin/leads";
  };
  return (
    <AdminLayout>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Leads</h1>
      <nav aria-label="Stages" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {tabs.map((t) => {
            const current = t.value === query.tab;
            return (
              <li key={t.value || "all"}>
                <Link
                  to={href({ tab: t.value, page: "1" })}
                  aria-current={current ? "page" : undefined}
                  className={`inline-block rounded-full border px-3 py-1 text-sm font-semibold ${
                    current ? "border-brand-800 bg-brand-800 text-white" : "border-slate-300 bg-white text-slate-800 hover:border-brand-600"
                  }`}
                >
                  {t.label} <span className="font-normal">({t.count})</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <form method="get" action="/admin/leads" className="mb-6 flex flex-wrap items-end gap-3" aria-label="Search leads">
        {query.tab ? <input type="hidden" name="tab" value={query.tab} /> : null}
        <div className="grid gap-1">
          <label htmlFor="lead-q" className="text-sm font-medium text-slate-800">
            Search
          </label>
          <input id="lead-q" name="q" type="search" defaultValue={query.q} className="rounded-md border border-slate-400 px-3 py-2" />
        </div>
        <Button type="submit">Search</Button>
      </form>
      <p className="mb-3 text-sm text-slate-700" aria-live="polite">
        {total === 1 ? "1 lead" : `${total} leads`}
      </p>
      {rows.length === 0 ? (
        <Card>No leads here.</Card>
      ) : (
        <Card className="px-4 py-2">
          <DataTable caption="Leads" columns={COLUMNS} rows={rows} rowKey={(l) => l.id} />
        </Card>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center gap-4 text-sm">
          {page > 1 ? <Link to={href({ page: String(page - 1) })}>Previous</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={href({ page: String(page + 1) })}>Next</Link> : null}
        </nav>
      ) : null}
    </AdminLayout>
  );
}
