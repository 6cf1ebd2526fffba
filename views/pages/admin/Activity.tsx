// /admin/activity: the audit trail as sentences (who did what, when, from where), filtered by person, action and dates,
// paged by links to older and newer entries that work without script.

import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { type Column, DataTable } from "../../components/admin/DataTable.tsx";
import { Pager } from "../../components/admin/Pager.tsx";
import { buttonClass } from "../../components/ui/button.ts";
import { Button } from "../../components/ui/button.tsx";
import { DateTime } from "../../components/ui/DateTime.tsx";
import { SelectField, TextField } from "../../components/ui/field.tsx";
import { Search } from "../../components/ui/icons.ts";
import { Card } from "../../components/ui/misc.tsx";
import { activitySearch } from "./query.ts";
import type { ActivityProps } from "./types.ts";

type Entry = ActivityProps["entries"][number];

const COLUMNS: Column<Entry>[] = [
  { header: "When", nowrap: true, cell: (e) => <DateTime value={e.at} /> },
  {
    header: "What happened",
    cellClass: "break-words text-slate-900",
    cell: (e) => (
      <>
        {e.sentence.map((part, i) =>
          part.href ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a sentence's parts never move
            <Link key={i} to={part.href} className="font-medium text-brand-800 underline">
              {part.text}
            </Link>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: a sentence's parts never move
            <span key={i}>{part.text}</span>
          ),
        )}
        {e.actor?.email ? <span className="block break-all text-xs text-slate-700">{e.actor.email}</span> : null}
      </>
    ),
  },
  {
    header: "From",
    from: "sm",
    cellClass: "text-slate-700",
    cell: (e) => (
      <>
        <span className="block">{e.ip ?? "—"}</span>
        {e.requestId ? <span className="block font-mono text-xs text-slate-600">{e.requestId.slice(0, 8)}</span> : null}
      </>
    ),
  },
];

export default function Activity({ entries, query, older, newer, actions }: ActivityProps) {
  const navigate = useNavigate();
  const filtered = Boolean(query.person || query.action || query.from || query.to);

  // With JavaScript the form navigates client-side; without it, the browser submits the same GET form.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "").trim();
    navigate(`/admin/activity${activitySearch({ person: value("person"), action: value("action"), from: value("from"), to: value("to") })}`);
  };

  return (
    <AdminLayout>
      <h1 className="mb-2 text-2xl font-bold text-slate-900 sm:text-3xl">Activity</h1>
      <p className="mb-6 max-w-3xl text-slate-700">
        Every sign-in, status change, note, export, staff download and account change, with who made it, when (Lagos time) and from which address.
        Entries cannot be changed or removed.
      </p>

      <Card className="mb-6 p-4 sm:p-5">
        <search aria-label="Filter activity">
          <form
            key={JSON.stringify(query)}
            method="get"
            action="/admin/activity"
            onSubmit={onSubmit}
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1fr_1fr_auto] lg:items-end"
          >
            <TextField label="Person" name="person" type="search" defaultValue={query.person} placeholder="Name or email" maxLength={100} />
            <SelectField label="Action" name="action" defaultValue={query.action} options={actions} placeholder="All actions" />
            <TextField label="From" name="from" type="date" defaultValue={query.from} />
            <TextField label="To" name="to" type="date" defaultValue={query.to} />
            <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
              <Button type="submit">
                <Search aria-hidden="true" className="h-4 w-4" />
                Apply
              </Button>
              {filtered ? (
                <Link to="/admin/activity" className={buttonClass("ghost", "control")}>
                  Clear
                </Link>
              ) : null}
            </div>
          </form>
        </search>
      </Card>

      {entries.length === 0 ? (
        <Card className="p-8 text-center text-slate-800">{filtered ? "No activity matches these filters." : "No activity yet."}</Card>
      ) : (
        <Card className="px-4 py-2">
          <DataTable caption="Activity, newest first" columns={COLUMNS} rows={entries} rowKey={(e) => e.id} />
        </Card>
      )}
      <div className="mt-4 flex justify-end">
        <Pager prev={newer} next={older} labels={["Newer", "Older"]} />
      </div>
    </AdminLayout>
  );
}
