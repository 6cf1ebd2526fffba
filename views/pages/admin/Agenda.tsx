// /admin/agenda: a day's or a week's consultations (one person's or everyone's), paged by plain links, and what comes
// next after them (an empty day names the next meeting). Each leads with what staff do before it (join the video call
// or call the person, their lead's history), then the person's details and a WhatsApp reminder ready to send; once
// started, a form to mark it held or missed with a note (once: a marked one shows its outcome); before it starts, its
// manager or its staff member may cancel it with a reason, behind "Cancel this consultation…" at the end.
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { buttonClass } from "../../components/ui/button.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/misc.tsx";
import { useShared } from "../../shared.tsx";
import type { AgendaEntry, AgendaLink, AgendaProps, ComingUp } from "./consultationTypes.ts";

const link = "font-medium text-brand-800 underline underline-offset-2";

/**
 * What staff do before the meeting, first: join the video call or call the person (or the office's address, or who
 * calls whom), and the person's lead with their history and applications.
 */
function BeforeTheMeeting({ e }: { e: AgendaEntry }) {
  const detail = e.place.detail;
  const join = detail?.href?.startsWith("https:") ? detail.href : null;
  // A phone call where we ring them: the call is the way in.
  const call = detail?.href?.startsWith("tel:") ? detail.href : null;
  const lead = e.leadHref ? (
    <a className={buttonClass("outline", "md")} href={e.leadHref} aria-label={`Lead history of ${e.name}`}>
      Lead history
    </a>
  ) : null;
  return (
    <>
      {join || call || lead ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {join ? (
            <a
              className={buttonClass("primary", "md")}
              href={join}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Join the video call with ${e.name}`}
            >
              Join video call
            </a>
          ) : null}
          {call ? (
            <a className={buttonClass("primary", "md")} href={call}>
              Call {e.name}
            </a>
          ) : null}
          {lead}
        </div>
      ) : null}
      <p className="mt-2 wrap-anywhere text-slate-700">
        {e.place.where}
        {detail ? ` · ${join ? `Join: ${detail.text}` : detail.text}` : null}
        {e.place.missing ? (
          <>
            {" · "}
            <span className="font-medium text-amber-900">{e.place.missing}</span>{" "}
            <a className={link} href="/admin/consultations">
              Consultation settings
            </a>
          </>
        ) : null}
      </p>
    </>
  );
}

function Entry({ e, back, error }: { e: AgendaEntry; back: string; error: string | null }) {
  const { csrfToken } = useShared();
  return (
    <li>
      <Card>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">
            <time dateTime={e.startsAt} className="whitespace-nowrap">
              {e.when}
            </time>{" "}
            · {e.name}
          </h2>
          <span className="flex flex-wrap gap-2">
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm font-medium text-slate-800">{e.statusLabel}</span>
            {e.paymentLabel && <span className="rounded-full bg-amber-50 px-2 py-0.5 text-sm font-medium text-amber-900">{e.paymentLabel}</span>}
          </span>
        </div>
        <p className="mt-1 text-slate-700">
          {e.type} with {e.staffName} · {e.about}
        </p>
        <BeforeTheMeeting e={e} />
        <p className="mt-1 wrap-anywhere text-slate-700">
          <a className={link} href={`mailto:${e.email}`}>
            {e.email}
          </a>{" "}
          ·{" "}
          <a className={link} href={`tel:${e.phone}`}>
            {e.phone}
          </a>{" "}
          ·{" "}
          <a className={link} href={e.whatsapp} target="_blank" rel="noopener noreferrer">
            Send a WhatsApp reminder
          </a>
        </p>
        {e.status === "confirmed" ? null : <p className="mt-2 font-medium text-slate-900">Outcome: marked {e.statusLabel.toLowerCase()}</p>}
        {e.note ? <p className="mt-2 text-slate-800">Note: {e.note}</p> : null}
        {e.canMark ? (
          <form
            method="post"
            action={`/admin/bookings/${e.id}/outcome`}
            className="mt-3 grid gap-2"
            aria-label={`Outcome of ${e.name}'s consultation`}
          >
            <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
            <input type="hidden" name="back" value={back} />
            <label htmlFor={`note-${e.id}`} className="text-sm font-medium text-slate-800">
              Note
            </label>
            <textarea
              id={`note-${e.id}`}
              name="note"
              rows={2}
              maxLength={2000}
              defaultValue={e.note ?? ""}
              className="rounded-md border border-slate-400 px-3 py-2"
            />
            {error ? (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="outcome" value="attended">
                Mark held
              </Button>
              <Button type="submit" name="outcome" value="no_show" variant="outline">
                Mark missed
              </Button>
            </div>
          </form>
        ) : null}
        {error && !e.canMark && !e.canCancel ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        {e.canInvite ? (
          <form method="post" action={`/admin/bookings/${e.id}/invite`} className="mt-3">
            <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
            <input type="hidden" name="back" value={back} />
            <Button type="submit" variant="outline">
              Invite to create an account
            </Button>
          </form>
        ) : null}
        {e.canCancel ? (
          <details className="mt-4 border-t border-slate-200 pt-3" open={Boolean(error)}>
            <summary className="cursor-pointer py-1 text-sm font-medium text-slate-700 underline underline-offset-2">
              Cancel this consultation…
            </summary>
            <form method="post" action={`/admin/bookings/${e.id}/cancel`} className="mt-2 grid gap-2" aria-label={`Cancel ${e.name}'s consultation`}>
              <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
              <input type="hidden" name="back" value={back} />
              <label htmlFor={`reason-${e.id}`} className="text-sm font-medium text-slate-800">
                Reason for cancelling
              </label>
              <input
                id={`reason-${e.id}`}
                name="reason"
                required
                maxLength={500}
                className="rounded-md border border-slate-400 px-3 py-2"
                aria-describedby={`cancel-help-${e.id}`}
              />
              <p id={`cancel-help-${e.id}`} className="text-sm text-slate-700">
                {e.name} is e-mailed that it is cancelled{e.paymentLabel === "Paid" ? " and refunded through Paystack" : ""}.
              </p>
              {error ? (
                <p role="alert" className="text-sm text-red-700">
                  {error}
                </p>
              ) : null}
              <div>
                <Button type="submit" variant="destructive">
                  Cancel consultation
                </Button>
              </div>
            </form>
          </details>
        ) : null}
      </Card>
    </li>
  );
}

function PageLink({ to, rel }: { to: AgendaLink; rel?: string }) {
  return (
    <a className={`${link} inline-block py-2`} href={to.href} rel={rel}>
      {to.label}
    </a>
  );
}

/** The next meetings after this page: the first named in the empty state, all in "Coming up". */
function ComingUpList({ items }: { items: ComingUp[] }) {
  return (
    <section aria-labelledby="coming-up" className="mt-8">
      <h2 id="coming-up" className="text-lg font-semibold text-slate-900">
        Coming up
      </h2>
      <ul className="mt-2 grid gap-1">
        {items.map((c) => (
          <li key={c.id} className="wrap-anywhere text-slate-700">
            <a className={link} href={c.href}>
              <time dateTime={c.startsAt}>{c.when}</time>, {c.name}
            </a>{" "}
            · {c.type} with {c.staffName}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Agenda({
  range,
  staff,
  from,
  here,
  staffOptions,
  heading,
  previous,
  next,
  today,
  entries,
  isToday,
  comingUp,
  error,
}: AgendaProps) {
  const [first] = comingUp;
  const nothing = isToday ? "Nothing today" : range === "day" ? "Nothing on this day" : "Nothing in this week";
  return (
    <AdminLayout>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Agenda</h1>
      <p className="mt-1 text-slate-700">
        {heading} (Lagos time).{" "}
        <a className={link} href="/admin/appointments">
          Visa-centre appointments
        </a>{" "}
        ·{" "}
        <a className={link} href="/admin/expiring">
          Passports and visas expiring
        </a>{" "}
        ·{" "}
        <a className={link} href="/admin/late-at-embassy">
          Late at the embassy
        </a>
      </p>
      <form method="get" action="/admin/agenda" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Agenda view">
        <input type="hidden" name="from" value={from} />
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Period
          <select name="range" defaultValue={range} className="rounded-md border border-slate-400 bg-white px-3 py-2">
            <option value="day">Day</option>
            <option value="week">Week</option>
          </select>
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Staff member
          <select name="staff" defaultValue={staff} className="rounded-md border border-slate-400 bg-white px-3 py-2">
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
      <nav aria-label="Other days" className="mt-4 flex flex-wrap gap-x-4">
        <PageLink to={previous} rel="prev" />
        {today ? <PageLink to={today} /> : null}
        <PageLink to={next} rel="next" />
      </nav>
      {entries.length === 0 ? (
        <p className="mt-6 text-slate-800">
          {first ? (
            <>
              {nothing} — next:{" "}
              <a className={link} href={first.href}>
                <time dateTime={first.startsAt}>{first.when}</time>, {first.name}
              </a>
            </>
          ) : (
            `${nothing}, and nothing booked after it.`
          )}
        </p>
      ) : (
        <ul className="mt-6 grid gap-3">
          {entries.map((e) => (
            <Entry key={e.id} e={e} back={here} error={error?.id === e.id ? error.message : null} />
          ))}
        </ul>
      )}
      {comingUp.length > 0 ? <ComingUpList items={comingUp} /> : null}
    </AdminLayout>
  );
}
