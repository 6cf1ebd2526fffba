// /book: a consultation in three plain steps (type → day → time and details) and the confirmation. Plain links and
// a form post: it works without JavaScript and on a narrow phone.

import { FactsList, FormMessage, TimeChoices } from "../../components/booking/BookingParts.tsx";
import { SiteLayout } from "../../components/layout/SiteLayout.tsx";
import { buttonClass, container } from "../../components/ui/button.ts";
import { ButtonLink } from "../../components/ui/button.tsx";
import { SelectField, TextField } from "../../components/ui/field.tsx";
import { CalendarCheck } from "../../components/ui/icons.ts";
import type { BookPageProps } from "./bookingTypes.ts";

const link = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

function Details({ csrfToken, type, day, times, visaTypes, channels, form }: BookPageProps) {
  const v = form.values;
  const f = form.fields;
  return (
    <form method="post" action="/book" className="mt-6 grid gap-5" aria-labelledby="book-heading">
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="type" value={type?.id ?? ""} />
      <TimeChoices legend={`Time on ${day?.label ?? ""} (Lagos time)`} times={times} checked={v.slot} error={f.slot} />
      <TextField label="Full name" name="name" autoComplete="name" required maxLength={120} defaultValue={v.name} error={f.name} />
      <TextField label="E-mail" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={v.email} error={f.email} />
      <TextField label="Phone" name="phone" type="tel" autoComplete="tel" required maxLength={32} defaultValue={v.phone} error={f.phone} />
      <fieldset className="grid gap-3">
        <legend className="mb-1 font-medium text-slate-900">Reminders on WhatsApp and SMS (optional)</legend>
        {channels.map((c) => (
          <label key={c.channel} className="flex items-start gap-3 text-slate-800">
            <input
              type="checkbox"
              name={c.channel}
              value="yes"
              defaultChecked={v[c.channel] === "yes"}
              className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
            />
            <span>{c.words}</span>
          </label>
        ))}
      </fieldset>
      <TextField label="Destination country" name="destination" required maxLength={80} defaultValue={v.destination} error={f.destination} />
      <SelectField
        label="Visa type"
        name="visa_type"
        required
        options={visaTypes}
        placeholder="Choose a visa type"
        defaultValue={v.visa_type ?? ""}
        error={f.visa_type}
      />
      {type?.priceText ? (
        <p className="text-slate-800">
          This consultation costs {type.priceText}, paid by card, bank account or USSD on Paystack's secure page (not by bank transfer). Your time is
          held for 30 minutes while you pay, and the consultation is confirmed once the payment is received.
        </p>
      ) : null}
      <div>
        <button type="submit" className={buttonClass("primary", "md")}>
          {type?.priceText ? "Continue to payment" : "Book this time"}
        </button>
      </div>
    </form>
  );
}

export default function Book(props: BookPageProps) {
  const { year, step, types, type, days, form, booked } = props;
  return (
    <SiteLayout year={year}>
      <section className="py-12 sm:py-16" aria-labelledby="book-heading">
        <div className={`${container} max-w-3xl`}>
          {step === "booked" && booked ? (
            <div role="status" className="rounded-2xl border border-green-300 bg-green-50 p-6">
              <h1 id="book-heading" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
                <CalendarCheck aria-hidden="true" className="h-7 w-7 text-green-800" />
                Consultation booked
              </h1>
              <p className="mt-2 text-slate-800">We have sent the details and a calendar invite to your e-mail, with links to move or cancel it.</p>
              <FactsList facts={booked} />
              <ButtonLink to="/" className="mt-6">
                Back to Home
              </ButtonLink>
            </div>
          ) : (
            <>
              <h1 id="book-heading" className="text-3xl font-bold tracking-tight text-slate-900">
                Book a Consultation
              </h1>
              <p className="mt-3 text-slate-700">Choose a consultation, a day and a time. No account needed; times are Lagos time.</p>
              <FormMessage error={form.error} />
              {step === "type" ? (
                types.length === 0 ? (
                  <p className="mt-6 text-slate-800">
                    No consultations can be booked online right now. Please{" "}
                    <a className={link} href="/contact">
                      contact us
                    </a>
                    .
                  </p>
                ) : (
                  <nav aria-label="Consultations" className="mt-6">
                    <ul className="grid gap-3">
                      {types.map((t) => (
                        <li key={t.id}>
                          <a href={`/book?type=${t.id}`} className="block rounded-xl border border-slate-300 bg-white p-4 hover:border-brand-600">
                            <span className="block font-semibold text-slate-900">{t.name}</span>
                            <span className="block text-sm text-slate-700">{t.summary}</span>
                          </a>
                        </li>
                      ))}
                    </ul>
                  </nav>
                )
              ) : (
                <div className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4">
                  <p className="font-semibold text-slate-900">{type?.name}</p>
                  <p className="text-sm text-slate-700">{type?.summary}</p>
                  <a className={`${link} mt-2 inline-block text-sm`} href="/book">
                    Choose another consultation
                  </a>
                </div>
              )}
              {step === "day" ? (
                days.length === 0 ? (
                  <p className="mt-6 text-slate-800">No free times in the coming weeks. Please try another consultation or contact us.</p>
                ) : (
                  <nav aria-label="Days with free times" className="mt-6">
                    <h2 className="text-lg font-semibold text-slate-900">Choose a day</h2>
                    <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                      {days.map((d) => (
                        <li key={d.day}>
                          <a
                            href={`/book?type=${type?.id}&day=${d.day}`}
                            className="flex justify-between rounded-md border border-slate-300 bg-white px-3 py-2 hover:border-brand-600"
                          >
                            <span className="font-medium text-slate-900">{d.label}</span>
                            <span className="text-sm text-slate-700">{d.times === 1 ? "1 time" : `${d.times} times`}</span>
                          </a>
                        </li>
                      ))}
                    </ul>
                  </nav>
                )
              ) : null}
              {step === "time" ? (
                <>
                  <a className={`${link} mt-4 inline-block text-sm`} href={`/book?type=${type?.id}`}>
                    Choose another day
                  </a>
                  <Details {...props} />
                </>
              ) : null}
            </>
          )}
        </div>
      </section>
    </SiteLayout>
  );
}
