// /admin/appointments: the visa-centre appointments of a day or a week (a manager: everyone's or one officer's; an
// officer: their own cases'), paged by plain links like the consultations agenda. Each names the time, the applicant
// and their case, the centre and its reference, the officer, and where it stands.
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { Button } from "../../components/ui/button.tsx";
import type { AppointmentsProps, CalendarDay, CalendarEntry, CalendarLink } from "./appointmentTypes.ts";

const link = "font-medium text-brand-800 underline underline-offset-2";

const STATE_CLASS: Record<CalendarEntry["state"], string> = {
  coming: "bg-slate-100 text-slate-800",
  attended: "bg-emerald-50 text-emerald-900",
  passed: "bg-amber-50 text-amber-900",
};

function PageLink({ to, rel }: { to: CalendarLink; rel?: string }) {
  return (
    <a className={`${link} inline-block py-2`} href={to.href} rel={rel}>
      {to.label}
    </a>
  );
}

function Entry({ e }: { e: CalendarEntry }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900">
          <time dateTime={e.startsAt}>{e.time}</time> ·{" "}
          <a className={link} href={e.caseHref}>
            {e.applicant}
          </a>
        </p>
        <span className={`rounded-full px-2 py-0.5 text-sm font-medium ${STATE_CLASS[e.state]}`}>{e.stateLabel}</span>
      </div>
      <p className="mt-1 wrap-anywhere text-slate-700">
        {e.centre}
        {e.centreReference ? ` · centre's reference ${e.centreReference}` : null}
      </p>
      <p className="mt-1 wrap-anywhere text-sm text-slate-700">
        Case {e.reference} · {e.officer}
      </p>
    </li>
  );
}

function Day({ day, titled }: { day: CalendarDay; titled: boolean }) {
  const id = `day-${day.day}`;
  return (
    <section aria-labelledby={titled ? id : undefined} className="mt-6">
      {titled ? (
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {day.label}
        </h2>
      ) : null}
      {day.entries.length === 0 ? (
        <p className="mt-2 text-slate-700">No appointment.</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {day.entries.map((e) => (
            <Entry key={e.id} e={e} />
          ))}
        </ul>
      )}
    </section>
  );
}

export default function Appointments({ range, staff, from, staffOptions, heading, previous, next, today, days, total, cut }: AppointmentsProps) {
  return (
    <AdminLayout>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Appointments</h1>
      <p className="mt-1 text-slate-700">
        Visa-centre appointments, {heading} (Lagos time){staffOptions ? null : ": your cases"}.{" "}
        <a className={link} href="/admin/agenda">
          Consultations agenda
        </a>{" "}
        ·{" "}
        <a className={link} href="/admin/expiring">
          Passports and visas expiring
        </a>
      </p>
      <form method="get" action="/admin/appointments" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Appointments view">
        <input type="hidden" name="from" value={from} />
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Period
          <select name="range" defaultValue={range} className="rounded-md border border-slate-400 bg-white px-3 py-2">
            <option value="day">Day</option>
            <option value="week">Week</option>
          </select>
        </label>
        {staffOptions ? (
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
        ) : null}
        <Button type="submit" variant="outline">
          Show
        </Button>
      </form>
      <nav aria-label="Other days" className="mt-4 flex flex-wrap gap-x-4">
        <PageLink to={previous} rel="prev" />
        {today ? <PageLink to={today} /> : null}
        <PageLink to={next} rel="next" />
      </nav>
      <p className="mt-2 text-sm text-slate-700" aria-live="polite">
        {total === 0
          ? "No appointment in this period."
          : `${total} appointment${total === 1 ? "" : "s"}${cut ? " (the first shown: choose a day or one officer)" : ""}.`}
      </p>
      {days
        .filter((d) => range === "week" || d.entries.length > 0)
        .map((d) => (
          <Day key={d.day} day={d} titled={range === "week"} />
        ))}
    </AdminLayout>
  );
}
