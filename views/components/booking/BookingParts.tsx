// Pieces the booking pages share: the facts of a booking, a form's message, and a list of times as radio buttons.

import type { BookingFacts, BookingTime } from "../../pages/public/bookingTypes.ts";
import { FieldError } from "../ui/field.tsx";

export function FactsList({ facts }: { facts: BookingFacts }) {
  return (
    <dl className="mt-4 grid gap-2 sm:grid-cols-[10rem_1fr]">
      {facts.rows.map(([label, value, href]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="wrap-anywhere text-slate-900">
            {href ? (
              <a
                href={href}
                className="font-medium text-brand-800 underline underline-offset-2"
                {...(href.startsWith("https:") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              >
                {value}
              </a>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function FormMessage({ error }: { error?: string }) {
  return error ? (
    <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  ) : null;
}

/** Radio buttons, one per free time, in a labelled group. */
export function TimeChoices({ legend, times, checked, error }: { legend: string; times: BookingTime[]; checked?: string; error?: string }) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? "slot-error" : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {times.map((t) => (
          <label
            key={t.value}
            className="flex items-center gap-2 rounded-md border border-slate-300 bg-white px-2 py-2 text-slate-900 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input type="radio" name="slot" value={t.value} required defaultChecked={t.value === checked} className="h-4 w-4" />
            <span>{t.label}</span>
          </label>
        ))}
      </div>
      <FieldError id="slot" error={error} />
    </fieldset>
  );
}
