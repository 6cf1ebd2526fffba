// The review page's view of the applicant: their checklists (read-only) and their other applications.
import { Link } from "react-router-dom";
import type { ApplicationReviewProps } from "../../pages/admin/types.ts";
import { StatusBadge } from "../portal/StatusBadge.tsx";

type Props = Pick<ApplicationReviewProps, "applicantChecklists" | "otherApplications" | "family">;

export function ApplicantChecklists({ applicantChecklists }: Pick<Props, "applicantChecklists">) {
  return (
    <section aria-labelledby="applicant-checklists">
      <h2 id="applicant-checklists" className="mb-3 text-lg font-semibold text-slate-900">
        Applicant's checklists
      </h2>
      {applicantChecklists.length === 0 ? (
        <p className="text-slate-700">No checklists.</p>
      ) : (
        <ul className="grid gap-4">
          {applicantChecklists.map((c) => (
            <li key={c.id}>
              <p className="font-medium text-slate-900">
                {c.title} <span className="text-sm font-normal text-slate-700">· {c.completed ? "Completed" : "In progress"}</span>
              </p>
              <dl className="mt-2 grid gap-1 text-sm">
                {c.items.map((i) => (
                  <div key={i.step} className="grid grid-cols-1 gap-x-3 sm:grid-cols-[10rem_1fr]">
                    <dt className="text-slate-600">{i.title}</dt>
                    <dd className="whitespace-pre-wrap wrap-anywhere text-slate-900">{i.done ? i.value : "Not answered"}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function OtherApplications({ otherApplications, family }: Pick<Props, "otherApplications" | "family">) {
  return (
    <section aria-labelledby="other-applications">
      <h2 id="other-applications" className="mb-3 text-lg font-semibold text-slate-900">
        Applicant's other applications
      </h2>
      {family ? <p className="mb-2 text-sm font-medium text-slate-900">This case: {family}.</p> : null}
      {otherApplications.length === 0 ? (
        <p className="text-slate-700">None.</p>
      ) : (
        <ul className="grid gap-2">
          {otherApplications.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2">
              <Link to={`/admin/application/${a.id}`} className="font-mono font-semibold text-brand-800 underline">
                {a.reference}
              </Link>
              <span className="text-sm text-slate-700">
                {a.visaTypeLabel}
                {a.family ? ` · ${a.family}` : ""}
              </span>
              <StatusBadge status={a.status} label={a.statusLabel} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
