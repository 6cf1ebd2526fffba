// /admin/late-at-embassy: cases lodged with the embassy and no decision recorded, waiting longer than their
// destination's usual decision time. Server-rendered; a manager chooses everyone or one officer by a plain GET form.
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { Button } from "../../components/ui/button.tsx";
import type { LateAtEmbassyProps } from "./decisionTimeTypes.ts";

const link = "font-medium text-brand-800 underline underline-offset-2";

export default function LateAtEmbassy({ staffOptions, staff, entries, limit, unset, mayEdit }: LateAtEmbassyProps) {
  return (
    <AdminLayout>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Late at the embassy</h1>
      <p className="mt-1 text-slate-700">
        Lodged cases{staffOptions ? "" : " of yours"} waiting for a decision longer than their destination usually takes.{" "}
        <a className={link} href="/admin/agenda">
          Agenda
        </a>
        {mayEdit ? (
          <>
            {" "}
            ·{" "}
            <a className={link} href="/admin/settings/decision-times">
              Usual decision times
            </a>
          </>
        ) : null}
      </p>
      {staffOptions ? (
        <form method="get" action="/admin/late-at-embassy" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Whose cases">
          <label className="grid gap-1 text-sm font-medium text-slate-800">
            Case officer
            <select name="staff" defaultValue={staff} className="max-w-full rounded-md border border-slate-400 bg-white px-3 py-2">
              <option value="">Everyone</option>
              {staffOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" variant="outline">
            Show
          </Button>
        </form>
      ) : null}
      <p className="mt-4 text-sm text-slate-700">
        {entries.length === 0
          ? "No case is late at the embassy."
          : `${entries.length} case${entries.length === 1 ? "" : "s"}${entries.length >= limit ? ` (the first ${limit} shown)` : ""}, longest past its usual time first.`}
      </p>
      {entries.length > 0 ? (
        <ul className="mt-3 grid gap-2">
          {entries.map((e) => (
            <li key={e.id} className="rounded-lg border border-slate-200 bg-white p-3">
              <p className="font-semibold text-slate-900">
                <a className={link} href={e.caseHref}>
                  {e.name}
                </a>{" "}
                <span className="font-normal text-slate-700">
                  · {e.reference} · {e.destination}
                </span>
              </p>
              <p className="mt-1 wrap-anywhere text-slate-800">{e.line}</p>
              <p className="mt-1 text-sm text-slate-700">{e.officer}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {unset.length > 0 ? (
        <p className="mt-6 text-sm text-slate-700">No usual time set yet for {unset.join(", ")}: their cases are not flagged.</p>
      ) : null}
    </AdminLayout>
  );
}
