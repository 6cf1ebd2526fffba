// Read-only sections of an application (the applicant's review and the admin's full view share them).
import { useId } from "react";
import { formatDate, formatUsd } from "../../lib/format.ts";
import type { ApplicationForm, Option, SpecificField } from "../../pages/portal/types.ts";

export type Row = [label: string, value: string | null | undefined];

export function Section({ title, rows }: { title: string; rows: Row[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 py-5 first:border-t-0">
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
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
const date = (value: string | null) => (value ? formatDate(value) : null);

export interface ApplicationSectionsProps {
  application: ApplicationForm;
  specificFields: SpecificField[];
  genders: Option[];
  maritalStatuses: Option[];
  /** Supporting documents, shown as their own section when given. */
  documents?: { label: string; fileName: string }[];
}

/** Application Details, Personal, Passport, Contact, Travel, Visa-Specific and Declarations (SPEC §2.10). */
export function ApplicationSections({ application: a, specificFields, genders, maritalStatuses, documents }: ApplicationSectionsProps) {
  return (
    <>
      <Section
        title="Application Details"
        rows={[
          ["Reference number", a.reference_number],
          ["Visa type", a.visaTypeLabel],
          ["Application fee", a.feeText ?? formatUsd(a.fee)],
          ["Status", a.statusLabel],
        ]}
      />
      <Section
        title="Personal"
        rows={[
          ["Full name", a.full_name],
          ["Date of birth", date(a.date_of_birth)],
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
          ["Issue date", date(a.passport_issue_date)],
          ["Expiry date", date(a.passport_expiry_date)],
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
          ["Arrival date", date(a.arrival_date)],
          ["Departure date", date(a.departure_date)],
          ["Purpose of travel", a.travel_purpose],
          ["Itinerary", a.itinerary],
          ["Medical conditions", a.medical_conditions],
        ]}
      />
      <Section title="Visa-Specific" rows={specificFields.map((f) => [f.label, a.visa_specific_data[f.key]] as Row)} />
      {documents ? <Section title="Supporting Documents" rows={documents.map((d) => [d.label, d.fileName] as Row)} /> : null}
      <Section
        title="Declarations"
        rows={[
          ["Criminal history", a.criminal_history ? "Yes" : "No"],
          ...(a.criminal_history ? ([["Criminal history details", a.criminal_history_details]] as Row[]) : []),
          ["Prior visa refusals", a.prior_visa_refusals ? "Yes" : "No"],
          ...(a.prior_visa_refusals ? ([["Visa refusal details", a.prior_visa_refusal_details]] as Row[]) : []),
        ]}
      />
    </>
  );
}
