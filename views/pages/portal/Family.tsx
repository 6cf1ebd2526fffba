// /application/{id}/family: a family applying together. The lead applicant sees everyone in the group with their
// progress (what a draft still needs), adds a member (relation, name, date of birth; the trip and address are shared
// from the lead's answers), and submits those who are ready. Plain forms: they work before the page's script loads.

import { PortalLayout } from "../../components/layout/PortalLayout.tsx";
import { BackToDashboard } from "../../components/portal/BackToDashboard.tsx";
import { FamilySignIns } from "../../components/portal/FamilySignIns.tsx";
import { buttonClass } from "../../components/ui/button.ts";
import { SelectField, TextField } from "../../components/ui/field.tsx";
import { Card } from "../../components/ui/misc.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { useShared } from "../../shared.tsx";
import type { FamilyPerson, FamilyProps } from "./familyTypes.ts";

function Person({ p, choosable }: { p: FamilyPerson; choosable: boolean }) {
  const title = (
    <>
      {p.name ?? "Name not given yet"} <span className="font-normal text-slate-700">· {p.relation}</span>
    </>
  );
  return (
    <li className="grid gap-1 border-b border-slate-200 py-3 last:border-b-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        {choosable ? (
          <label className="flex items-start gap-2 font-semibold text-slate-900 wrap-anywhere">
            <input type="checkbox" name="chosen" value={p.id} defaultChecked className="mt-1 h-5 w-5 shrink-0" />
            <span>{title}</span>
          </label>
        ) : (
          <p className="font-semibold text-slate-900 wrap-anywhere">{title}</p>
        )}
        <span className="whitespace-nowrap font-mono text-sm text-slate-700">{p.reference}</span>
      </div>
      <p className="text-sm text-slate-800">{p.draft ? (p.ready ? "Ready to submit" : `Still needs: ${p.needs.join(", ")}`) : p.status}</p>
      {p.appointment ? (
        <p className="text-sm font-medium text-slate-900">
          Visa-centre appointment: {formatDateTime(p.appointment.at)}
          {p.appointment.centre ? `, ${p.appointment.centre}` : ""}
        </p>
      ) : null}
      {p.own.length ? <p className="text-sm text-slate-700">Their own answer, not the group's: {p.own.join(", ")}</p> : null}
      <p>
        <a href={p.url} className="text-sm font-semibold text-brand-800 underline">
          {p.lead
            ? p.draft
              ? "Continue your application"
              : "Open your application"
            : p.draft
              ? "Continue their application"
              : "Open their application"}
          <span className="sr-only"> {p.reference}</span>
        </a>
      </p>
    </li>
  );
}

export default function Family({ lead, people, shared, relations, canAdd, maxMembers, signIns, refused }: FamilyProps) {
  const { csrfToken } = useShared();
  const addRefused = refused?.form === "add" ? refused : null;
  const errors = addRefused?.fields ?? {};
  const values = addRefused?.values ?? {};
  const drafts = people.filter((p) => p.draft);
  const ready = drafts.filter((p) => p.ready);
  return (
    <PortalLayout>
      <BackToDashboard />
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Your family group</h1>
      <p className="mb-6 text-slate-700">
        Application <span className="whitespace-nowrap font-mono">{lead.reference}</span> and the family members applying with you. Each person has
        their own application, passport and documents; {shared.join(", ").toLowerCase()} are typed once on yours and shared with the group.
      </p>

      <Card className="mb-6">
        <h2 className="text-lg font-semibold text-slate-900">Everyone in the group</h2>
        {refused?.form === "submit" ? (
          <p role="alert" className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-800">
            {refused.message}
          </p>
        ) : null}
        {drafts.length ? (
          <form method="post" action={`/application/${lead.id}/family/submit`} aria-label="Submit the group's applications">
            <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
            <ul className="mt-2">
              {people.map((p) => (
                <Person key={p.id} p={p} choosable={p.draft} />
              ))}
            </ul>
            <p className="mt-3 text-sm text-slate-700">
              {ready.length === drafts.length
                ? "Everyone still to submit is ready."
                : `${ready.length} of ${drafts.length} ready. Those not ready stay drafts when you submit: you can submit them later.`}
            </p>
            <button type="submit" className={`${buttonClass("primary", "control")} mt-3`}>
              Submit the ones ticked and ready
            </button>
          </form>
        ) : (
          <ul className="mt-2">
            {people.map((p) => (
              <Person key={p.id} p={p} choosable={false} />
            ))}
          </ul>
        )}
      </Card>

      <FamilySignIns leadId={lead.id} signIns={signIns} csrf={csrfToken ?? ""} refused={refused} />

      {addRefused && !canAdd ? (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          {addRefused.message}
        </p>
      ) : null}
      {canAdd ? (
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Add a family member</h2>
          <p className="mb-4 mt-1 text-sm text-slate-700">
            A child is added here, on your account. Their trip and address start as yours; you then fill in their own details and passport. Up to{" "}
            {maxMembers} members.
          </p>
          <form method="post" action={`/application/${lead.id}/family`} aria-label="Add a family member" className="grid gap-4 sm:grid-cols-2">
            <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
            {addRefused ? (
              <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 sm:col-span-2">
                {addRefused.message}
              </p>
            ) : null}
            <SelectField
              id="member-relation"
              label="How are they related to you?"
              name="relation"
              required
              options={relations}
              placeholder="Choose"
              defaultValue={values.relation ?? ""}
              error={errors.relation}
            />
            <TextField
              id="member-relation-other"
              label="If other: how (optional)"
              name="relationOther"
              maxLength={60}
              defaultValue={values.relationOther ?? ""}
              hint="For example: niece, grandmother"
              error={errors.relationOther}
            />
            <TextField
              id="member-name"
              label="Full name, as in their passport"
              name="fullName"
              required
              maxLength={120}
              autoComplete="off"
              defaultValue={values.fullName ?? ""}
              error={errors.fullName}
            />
            <TextField
              id="member-birth"
              label="Date of birth"
              name="dateOfBirth"
              type="date"
              required
              defaultValue={values.dateOfBirth ?? ""}
              error={errors.dateOfBirth}
            />
            <div className="sm:col-span-2">
              <button type="submit" className={buttonClass("secondary", "control")}>
                Add to my group
              </button>
            </div>
          </form>
        </Card>
      ) : null}
    </PortalLayout>
  );
}
