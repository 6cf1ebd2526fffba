// A booking's links from its e-mail: choose another free time, or confirm the cancellation. Plain links and forms.
import { FactsList, FormMessage, TimeChoices } from "../../components/booking/BookingParts.tsx";
import { SiteLayout } from "../../components/layout/SiteLayout.tsx";
import { buttonClass, container } from "../../components/ui/button.ts";
import type { ManageBookingProps } from "./bookingTypes.ts";

const link = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

export default function ManageBooking({ year, csrfToken, mode, token, outcome, booking, days, day, times, form }: ManageBookingProps) {
  const heading = mode === "reschedule" ? "Move your consultation" : "Cancel your consultation";
  return (
    <SiteLayout year={year}>
      <section className="py-12 sm:py-16" aria-labelledby="manage-heading">
        <div className={`${container} max-w-3xl`}>
          <h1 id="manage-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            {heading}
          </h1>
          {outcome ? (
            <div
              role="status"
              className={`mt-6 rounded-2xl border p-5 ${outcome.kind === "dead" ? "border-slate-300 bg-slate-50" : "border-green-300 bg-green-50"}`}
            >
              <p className="font-semibold text-slate-900">{outcome.message}</p>
              <a className={`${link} mt-3 inline-block`} href="/book">
                Book a consultation
              </a>
            </div>
          ) : null}
          <FormMessage error={form.error} />
          {booking ? (
            <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
              <h2 className="text-lg font-semibold text-slate-900">{outcome ? "Your consultation" : "Booked now"}</h2>
              <FactsList facts={booking} />
            </div>
          ) : null}
          {token && mode === "cancel" ? (
            <form method="post" action={`/book/cancel/${token}`} className="mt-6">
              <input type="hidden" name="_csrf" value={csrfToken} />
              <p className="text-slate-800">Do you want to cancel this consultation? This cannot be undone.</p>
              <button type="submit" className={`${buttonClass("destructive", "md")} mt-4`}>
                Cancel the consultation
              </button>
            </form>
          ) : null}
          {token && mode === "reschedule" ? (
            <>
              {days.length === 0 ? <p className="mt-6 text-slate-800">No other free times in the coming weeks.</p> : null}
              <nav aria-label="Days with free times" className="mt-6">
                <h2 className="text-lg font-semibold text-slate-900">Choose a day</h2>
                <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                  {days.map((d) => (
                    <li key={d.day}>
                      <a
                        href={`/book/reschedule/${token}?day=${d.day}`}
                        aria-current={d.day === day?.day ? "true" : undefined}
                        className="flex justify-between rounded-md border border-slate-300 bg-white px-3 py-2 hover:border-brand-600 aria-[current=true]:border-brand-600 aria-[current=true]:bg-brand-50"
                      >
                        <span className="font-medium text-slate-900">{d.label}</span>
                        <span className="text-sm text-slate-700">{d.times === 1 ? "1 time" : `${d.times} times`}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
              {day ? (
                <form method="post" action={`/book/reschedule/${token}`} className="mt-6 grid gap-4" aria-label="New time">
                  <input type="hidden" name="_csrf" value={csrfToken} />
                  <TimeChoices legend={`Time on ${day.label} (Lagos time)`} times={times} />
                  <div>
                    <button type="submit" className={buttonClass("primary", "md")}>
                      Move to this time
                    </button>
                  </div>
                </form>
              ) : null}
            </>
          ) : null}
        </div>
      </section>
    </SiteLayout>
  );
}
