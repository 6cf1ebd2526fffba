// The applicant's timeline after approval: each step (done, skipped, to come) with its date, the next step in plain
// words, the coming appointment with what to bring (the centre's list and the case's own documents) and its
// calendar invite. "Your case officer" is the consultancy; the embassy or the centre's name is the government's side.
import type { StageTimelineProps } from "./stageTimelineTypes.ts";

export function StageTimeline({ steps, nextStep, appointment }: StageTimelineProps) {
  return (
    <section aria-labelledby="after-approval-heading" id="after-approval">
      <h2 id="after-approval-heading" className="mb-2 text-lg font-semibold text-slate-900">
        After approval
      </h2>
      <p className="mb-4 rounded-md bg-brand-50 p-3 text-slate-900">
        <span className="font-semibold">Next: </span>
        {nextStep}
      </p>
      {appointment ? (
        <div className="mb-4 rounded-lg border border-slate-300 p-3">
          <h3 className="font-semibold text-slate-900">Your appointment</h3>
          <p className="text-slate-900">
            {appointment.when} at {appointment.centre}
          </p>
          {appointment.address ? <p className="wrap-anywhere text-sm text-slate-700">{appointment.address}</p> : null}
          {appointment.reference ? <p className="text-sm text-slate-700">Reference: {appointment.reference}</p> : null}
          <h4 className="mt-3 font-semibold text-slate-900">What to bring</h4>
          <ul className="ml-5 list-disc text-slate-800">
            {appointment.bring.map((b) => (
              <li key={b}>{b}</li>
            ))}
            {appointment.documents.map((d) => (
              <li key={`doc-${d}`}>{d} (from your application)</li>
            ))}
          </ul>
          <p className="mt-3">
            <a className="font-semibold text-brand-800 underline" href={appointment.inviteUrl} download>
              Add the appointment to your calendar
            </a>
          </p>
        </div>
      ) : null}
      <ol className="grid gap-2" aria-label="Steps after approval">
        {steps.map((s) => (
          <li key={s.stage} className="flex gap-3">
            <span
              aria-hidden="true"
              className={`mt-1.5 h-3 w-3 shrink-0 rounded-full ${s.state === "done" ? "bg-emerald-700" : s.state === "skipped" ? "bg-slate-400" : "border-2 border-slate-400"}`}
            />
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {s.title}
                <span className="sr-only">: {s.state === "done" ? "done" : s.state === "skipped" ? "skipped" : "to come"}</span>
              </p>
              {s.line ? <p className="wrap-anywhere text-sm text-slate-700">{s.line}</p> : <p className="text-sm text-slate-600">To come</p>}
              {s.file ? (
                <a className="text-sm font-semibold text-brand-800 underline" href={s.file.url}>
                  {s.file.name}
                </a>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
