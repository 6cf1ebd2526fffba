// /visa-application/{id}/review (SPEC §2.10): read-only summary, missing fields and passport checks, submit.
import { AlertTriangle, Send } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { PortalLayout } from "../../components/layout/PortalLayout.tsx";
import { BackToDashboard } from "../../components/portal/BackToDashboard.tsx";
import { StatusBadge } from "../../components/portal/StatusBadge.tsx";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/misc.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { formatDate, formatUsd } from "../../lib/format.ts";
import { useApi } from "../../shared.tsx";
import type { ApplicationForm, DocumentView, MissingField, Option, SpecificField } from "./types.ts";

export interface ReviewProps {
  application: ApplicationForm;
  specificFields: SpecificField[];
  genders: Option[];
  maritalStatuses: Option[];
  documents: DocumentView[];
  missing: MissingField[];
  passport: { blocking: string[]; warnings: string[] };
  canSubmit: boolean;
}

type Row = [label: string, value: string | null | undefined];

function Section({ title, rows }: { title: string; rows: Row[] }) {
  return (
    <section aria-labelledby={`sec-${title}`} className="border-t border-slate-200 py-5 first:border-t-0">
      <h2 id={`sec-${title}`} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="whitespace-pre-wrap break-words text-slate-900">{value?.trim() ? value : "—"}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const labelOf = (options: Option[], value: string | null) => options.find((o) => o.value === value)?.label ?? value;

export default function Review({ application: a, specificFields, genders, maritalStatuses, documents, missing, passport, canSubmit }: ReviewProps) {
  const api = useApi();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const submitted = a.status !== "draft";

  const submit = async () => {
    setBusy(true);
    try {
      await api("POST", `/api/applications/${a.id}/submit`);
      toast({ title: "Application submitted successfully!" });
      navigate("/dashboard");
    } catch (err) {
      toast({ title: "Error", description: err instanceof Error ? err.message : "Could not submit", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PortalLayout>
      <BackToDashboard />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Review Your Application</h1>
        <StatusBadge status={a.status} label={a.statusLabel} />
      </div>
      {missing.length > 0 ? (
        <Card className="mb-6 border-amber-300 bg-amber-50">
          <h2 className="font-semibold text-amber-950">Some required information is missing</h2>
          <ul className="mt-2 grid gap-1 text-amber-950">
            {missing.map((m) => (
              <li key={m.key}>
                {m.label} —{" "}
                <Link to={`/visa-application/${a.id}?step=${m.step}`} className="font-semibold underline">
                  step {m.step}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {passport.blocking.length + passport.warnings.length > 0 ? (
        <Card className="mb-6 border-red-300 bg-red-50">
          <h2 className="flex items-center gap-2 font-semibold text-red-900">
            <AlertTriangle aria-hidden="true" className="h-5 w-5" />
            Check your dates
          </h2>
          <ul className="mt-2 grid list-disc gap-1 pl-5 text-red-900">
            {[...passport.blocking, ...passport.warnings].map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Card>
        <Section
          title="Application Details"
          rows={[
            ["Reference number", a.reference_number],
            ["Visa type", a.visaTypeLabel],
            ["Application fee", formatUsd(a.fee)],
            ["Status", a.statusLabel],
          ]}
        />
        <Section
          title="Personal"
          rows={[
            ["Full name", a.full_name],
            ["Date of birth", a.date_of_birth ? formatDate(a.date_of_birth) : null],
            ["Gender", labelOf(genders, a.gender)],
            ["Marital status", labelOf(maritalStatuses, a.marital_status)],
            ["Nationality", a.nationality],
          ]}
        />
        <Section
          title="Passport"
          rows={[
            ["Passport number", a.passport_number],
            ["Issuing country", a.passport_issuing_country],
            ["Issue date", a.passport_issue_date ? formatDate(a.passport_issue_date) : null],
            ["Expiry date", a.passport_expiry_date ? formatDate(a.passport_expiry_date) : null],
            ["Passport scan", a.passport_scan_url ? "Uploaded" : null],
            ["Passport photo", a.photo_url ? "Uploaded" : null],
          ]}
        />
        <Section
          title="Contact"
          rows={[
            ["Phone", a.phone],
            ["Email", a.email],
            ["Residential address", a.address],
            ["Emergency contact", a.emergency_contact_name],
            ["Emergency contact phone", a.emergency_contact_phone],
          ]}
        />
        <Section
          title="Travel"
          rows={[
            ["Destination country", a.destination_country],
            ["Arrival date", a.arrival_date ? formatDate(a.arrival_date) : null],
            ["Departure date", a.departure_date ? formatDate(a.departure_date) : null],
            ["Purpose of travel", a.travel_purpose],
            ["Itinerary", a.itinerary],
            ["Medical conditions", a.medical_conditions],
          ]}
        />
        <Section title="Visa-Specific" rows={specificFields.map((f) => [f.label, a.visa_specific_data[f.key]] as Row)} />
        <Section title="Supporting Documents" rows={documents.map((d) => [d.label, d.fileName] as Row)} />
        <Section
          title="Declarations"
          rows={[
            ["Criminal history", a.criminal_history ? "Yes" : "No"],
            ...(a.criminal_history ? ([["Criminal history details", a.criminal_history_details]] as Row[]) : []),
            ["Prior visa refusals", a.prior_visa_refusals ? "Yes" : "No"],
            ...(a.prior_visa_refusals ? ([["Visa refusal details", a.prior_visa_refusal_details]] as Row[]) : []),
          ]}
        />
      </Card>
      <div role="note" className="mt-6 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        <p>Once submitted, your application cannot be edited. Check every detail against your passport before you submit.</p>
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {!submitted ? (
          <ButtonLink to={`/visa-application/${a.id}`} variant="outline">
            Edit Application
          </ButtonLink>
        ) : null}
        <Button onClick={() => void submit()} disabled={submitted || busy || !canSubmit}>
          <Send aria-hidden="true" className="h-4 w-4" />
          {busy ? "Submitting…" : "Submit Application"}
        </Button>
      </div>
    </PortalLayout>
  );
}
