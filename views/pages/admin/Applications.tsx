// /admin (SPEC §2.11): the staff member's cases, Unassigned and (managers) All in a paged, searchable, filterable table
// with an inline status select; one card per case on a phone.

import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { CaseCards } from "../../components/admin/CaseCards.tsx";
import { InlineStatusSelect } from "../../components/admin/InlineStatusSelect.tsx";
import { LateBadge } from "../../components/admin/LateBadge.tsx";
import { ListTabs } from "../../components/admin/ListTabs.tsx";
import { Pager } from "../../components/admin/Pager.tsx";
import { CaseSignals, ToReviewFilter } from "../../components/admin/ReviewColumn.tsx";
import { TakeCaseButton } from "../../components/admin/TakeCaseButton.tsx";
import { buttonClass } from "../../components/ui/button.ts";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { SelectField, TextField } from "../../components/ui/field.tsx";
import { BarChart3, Download, Search } from "../../components/ui/icons.ts";
import { Card } from "../../components/ui/misc.tsx";
import { formatCount, formatDate } from "../../lib/format.ts";
import { useNavigation } from "../../shared.tsx";
import { listSearch, queryFromForm } from "./query.ts";
import type { ApplicationsProps } from "./types.ts";

const CELL = "px-3 py-3 align-middle";

const TITLES: Record<string, string> = { mine: "My Cases", unassigned: "Unassigned Cases", all: "All Applications" };

/**
 * An empty tab says what the other tabs hold, with links to them: "Nothing assigned to you — 2 unassigned, 6 in
 * all." (a manager's Mine), so that an empty tab is not taken for an empty queue.
 */
function EmptyTab({ tabs, query, defaults }: Pick<ApplicationsProps, "tabs" | "query" | "defaults">) {
  const elsewhere = tabs
    .filter((t) => t.value !== query.tab && t.count > 0)
    .map((t) => ({
      value: t.value,
      text: `${formatCount(t.count)} ${t.value === "mine" ? "assigned to you" : t.value === "unassigned" ? "unassigned" : "in all"}`,
    }));
  const none: Record<string, string> = { mine: "Nothing assigned to you", unassigned: "No unassigned cases", all: "No applications yet" };
  if (elsewhere.length === 0)
    return <>{query.tab === "mine" ? "Nothing assigned to you, and nothing waits in Unassigned." : `${none[query.tab] ?? none.all}.`}</>;
  return (
    <>
      {none[query.tab] ?? none.all} —{" "}
      {elsewhere.map((e, i) => (
        <span key={e.value}>
          {i > 0 ? ", " : null}
          <Link
            to={`/admin${listSearch(query, defaults, { tab: e.value, page: 1 })}`}
            className="font-semibold text-brand-800 underline hover:text-brand-900"
          >
            {e.text}
          </Link>
        </span>
      ))}
      .
    </>
  );
}

export default function Applications({
  rows,
  tabs,
  me,
  manager,
  query,
  defaults,
  total,
  exact,
  pages,
  pageSizes,
  statuses,
  visaTypes,
  sorts,
}: ApplicationsProps) {
  const navigate = useNavigate();
  const { busy } = useNavigation();
  const filtered = Boolean(query.q || query.status || query.type || query.review || query.late);

  // With JavaScript the form navigates client-side; without it, the browser submits the same GET form.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    navigate(`/admin${listSearch(queryFromForm(e.currentTarget, defaults), defaults)}`);
  };

  const first = total === 0 ? 0 : (query.page - 1) * query.size + 1;
  const last = first + rows.length - 1;
  // A broad search is counted only so far: its pages are numbered, not totalled.
  const pageOf = exact ? `${formatCount(query.page)} of ${formatCount(pages)}` : formatCount(query.page);

  return (
    <AdminLayout>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{TITLES[query.tab] ?? "All Applications"}</h1>
        <div className={manager ? "flex flex-wrap gap-2" : "hidden"}>
          <a
            href={`/admin/export.csv${listSearch(query, { ...defaults, tab: "" }, {}, ["page", "size"])}`}
            className={buttonClass("outline", "control")}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Export CSV
          </a>
          <ButtonLink to="/admin/analytics">
            <BarChart3 aria-hidden="true" className="h-4 w-4" />
            View Analytics
          </ButtonLink>
        </div>
      </div>

      <ListTabs tabs={tabs} query={query} defaults={defaults} />

      <Card className="mb-6 p-4 sm:p-5">
        <search aria-label="Filter applications">
          <form
            key={JSON.stringify(query)}
            method="get"
            action="/admin"
            onSubmit={onSubmit}
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto_auto] lg:items-end"
          >
            <TextField label="Search" name="q" type="search" defaultValue={query.q} placeholder="Reference, name or email" maxLength={100} />
            <SelectField label="Status" name="status" defaultValue={query.status} options={statuses} placeholder="All statuses" />
            <SelectField label="Visa type" name="type" defaultValue={query.type} options={visaTypes} placeholder="All visa types" />
            <SelectField label="Sort by" name="sort" defaultValue={query.sort} options={sorts} />
            <label className="flex items-center gap-2 text-slate-800 lg:pb-2.5">
              <input type="checkbox" name="late" value="1" defaultChecked={query.late === "1"} className="h-4 w-4 accent-brand-800" />
              Late only
            </label>
            <input type="hidden" name="size" value={query.size} />
            <input type="hidden" name="tab" value={query.tab} />
            <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-1">
              <ToReviewFilter checked={query.review === "1"} />
              <Button type="submit">
                <Search aria-hidden="true" className="h-4 w-4" />
                Apply
              </Button>
              {filtered ? (
                <Link
                  to={`/admin${listSearch(defaults, defaults, { size: query.size, sort: query.sort })}`}
                  className={buttonClass("ghost", "control")}
                >
                  Clear
                </Link>
              ) : null}
            </div>
          </form>
        </search>
      </Card>

      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-800" aria-live="polite">
          {total === 0 ? (
            "No applications"
          ) : (
            <>
              Showing {formatCount(first)}–{formatCount(last)} of <strong>{exact ? formatCount(total) : `more than ${formatCount(total)}`}</strong>{" "}
              {total === 1 ? "application" : "applications"} · Page {pageOf}
            </>
          )}
        </p>
        <form method="get" action="/admin" onSubmit={onSubmit} className="flex items-center gap-2" aria-label="Page size">
          {(["tab", "q", "status", "type", "review", "late", "sort"] as const).map((key) =>
            query[key] ? <input key={key} type="hidden" name={key} value={query[key]} /> : null,
          )}
          <label htmlFor="page-size" className="text-sm text-slate-800">
            Per page
          </label>
          <select
            id="page-size"
            name="size"
            defaultValue={query.size}
            key={query.size}
            className="rounded-md border border-slate-400 bg-white py-1.5 pl-2 pr-8 text-sm text-slate-900"
          >
            {pageSizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <Button type="submit" variant="secondary" className="px-3 py-1.5">
            Show
          </Button>
        </form>
      </div>

      {/*
        From lg, a table whose columns fit the screen: the SPEC's columns and the assignee, each cell with a second line
        for what staff also need at a glance (files to review, unread messages, payment, time in the status). Below lg,
        one card per case. The box still scrolls rather than widen the page, should a long word need it.
      */}
      <CaseCards
        rows={rows}
        me={me}
        empty={filtered ? "No applications match these filters." : <EmptyTab tabs={tabs} query={query} defaults={defaults} />}
      />
      <div
        className="relative hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm lg:block"
        data-testid="applications-table"
      >
        <table className="w-full text-left text-sm" aria-busy={busy || undefined}>
          <caption className="sr-only">Applications, page {pageOf}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
            <tr>
              {["Reference", "Applicant", "Visa Type", "Destination", "Status", "Assignee", "Submitted", "Actions"].map((h) => (
                <th key={h} scope="col" className={`${CELL} whitespace-nowrap font-semibold`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={8} className="px-3 py-10 text-center text-slate-700">
                  {filtered ? "No applications match these filters." : <EmptyTab tabs={tabs} query={query} defaults={defaults} />}
                </td>
              </tr>
            ) : (
              rows.map((a) => (
                <tr key={a.id} className="hover:bg-slate-50">
                  <td className={`${CELL} align-top`}>
                    <Link
                      to={`/admin/application/${a.id}`}
                      className="whitespace-nowrap font-mono font-semibold text-brand-800 underline hover:text-brand-900"
                    >
                      {a.reference}
                    </Link>
                    <CaseSignals toReview={a.toReview} overdue={a.overdue} unread={a.unreadMessages} />
                  </td>
                  <td className={`${CELL} align-top`}>
                    <span className="block font-medium text-slate-900">{a.applicantName}</span>
                    {a.applicantEmail ? <span className="block wrap-anywhere text-slate-700">{a.applicantEmail}</span> : null}
                    {a.family ? <span className="block text-xs text-slate-700">{a.family}</span> : null}
                  </td>
                  <td className={`${CELL} align-top text-slate-800`}>{a.visaTypeLabel}</td>
                  <td className={`${CELL} align-top text-slate-800`}>{a.destination ?? "—"}</td>
                  <td className={`${CELL} align-top`}>
                    <InlineStatusSelect
                      key={`${a.id}:${a.status}`}
                      id={a.id}
                      reference={a.reference}
                      applicantName={a.applicantName}
                      status={a.status}
                      statuses={a.statusOptions}
                    />
                    <span className="mt-1 block text-xs text-slate-700" title={formatDate(a.statusSince)}>
                      {a.statusAge} in this status
                      <LateBadge late={a.late} />
                    </span>
                  </td>
                  <td className={`${CELL} align-top text-slate-800`}>{a.assigneeId === me ? "You" : (a.assigneeName ?? "Unassigned")}</td>
                  <td className={`${CELL} align-top text-slate-800`}>
                    <span className="block whitespace-nowrap">{a.submittedAt ? formatDate(a.submittedAt) : "Not submitted"}</span>
                    <span className="block text-xs text-slate-700">Payment: {a.paymentLabel}</span>
                  </td>
                  <td className={`${CELL} align-top`}>
                    <span className="flex flex-wrap items-center gap-x-3 gap-y-2">
                      {a.assigneeId === null && a.submittedAt ? <TakeCaseButton applicationId={a.id} reference={a.reference} me={me} /> : null}
                      <Link to={`/admin/application/${a.id}`} className="font-semibold text-brand-800 underline hover:text-brand-900">
                        View<span className="sr-only"> {a.reference}</span>
                      </Link>
                    </span>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">Page {pageOf}</p>
        <Pager
          prev={query.page > 1 ? `/admin${listSearch(query, defaults, { page: query.page - 1 })}` : null}
          next={query.page < pages ? `/admin${listSearch(query, defaults, { page: query.page + 1 })}` : null}
          labels={["Previous", "Next"]}
        />
      </div>
    </AdminLayout>
  );
}
