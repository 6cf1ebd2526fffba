// The eight steps of the visa application wizard (SPEC §2.9); each renders fields bound to the form state.

import type { ReactNode } from "react";
import type { Option, SpecificField, VisaTypeOption } from "../../pages/portal/types.ts";
import { describedBy, FieldError, SelectField, TextArea, TextField } from "../ui/field.tsx";
import { Check } from "../ui/icons.ts";
import { useInputBeforeScript } from "../ui/useInputBeforeScript.ts";
import type { TextKey, WizardValues } from "./form.ts";

export interface StepProps {
  values: WizardValues;
  errors: Record<string, string>;
  setText: (key: TextKey, value: string) => void;
  setSpecific: (key: string, value: string) => void;
  setFlag: (key: "criminal_history" | "prior_visa_refusals", value: boolean) => void;
  /** A family's shared answers: what each one is to the group. */
  hints?: Record<string, string>;
}

function bindText(p: StepProps, key: TextKey) {
  return {
    name: key,
    value: p.values.text[key],
    onChange: (e: { target: { value: string } }) => p.setText(key, e.target.value),
    error: p.errors[key],
    hint: p.hints?.[key],
  };
}

function Grid({ children }: { children: ReactNode }) {
  return <div className="grid gap-5 sm:grid-cols-2">{children}</div>;
}

export function VisaTypeStep(p: StepProps & { visaTypes: VisaTypeOption[]; locked?: boolean }) {
  const error = p.errors.visa_type;
  const described = [p.locked ? "visa-type-locked" : undefined, describedBy("visa-type", undefined, error)].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset disabled={p.locked} aria-describedby={described}>
      <legend className="mb-4 text-base font-semibold text-slate-900">Select Visa Type *</legend>
      {p.locked ? (
        <p id="visa-type-locked" className="mb-4 text-sm text-slate-700">
          The fee for this visa type is paid, so the type can no longer change.
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {p.visaTypes.map((t) => (
          <VisaTypeCard
            key={t.value}
            type={t}
            selected={p.values.text.visa_type === t.value}
            locked={p.locked}
            error={error}
            choose={() => p.setText("visa_type", t.value)}
          />
        ))}
      </div>
      <div className="mt-2">
        <FieldError id="visa-type" error={error} />
      </div>
    </fieldset>
  );
}

function VisaTypeCard({
  type,
  selected,
  locked,
  error,
  choose,
}: {
  type: VisaTypeOption;
  selected: boolean;
  locked?: boolean;
  error?: string;
  choose: () => void;
}) {
  const ref = useInputBeforeScript<HTMLInputElement>(selected, choose);
  return (
    <label
      className={`relative flex flex-col rounded-xl ${locked ? "cursor-not-allowed" : "cursor-pointer"} border-2 p-4 transition focus-within:outline focus-within:outline-2 focus-within:outline-brand-600 ${
        selected ? "border-brand-700 bg-brand-50" : "border-slate-200 bg-white hover:border-slate-400"
      }`}
    >
      <input
        ref={ref}
        type="radio"
        name="visa_type"
        value={type.value}
        checked={selected}
        onChange={choose}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy("visa-type", undefined, error)}
        className="sr-only"
      />
      <span className="font-semibold text-slate-900">{type.label}</span>
      <span className="mt-1 text-sm text-slate-700">{type.description}</span>
      {selected ? <Check aria-hidden="true" className="absolute right-3 top-3 h-5 w-5 text-brand-700" /> : null}
    </label>
  );
}

export function PersonalStep(p: StepProps & { genders: Option[]; maritalStatuses: Option[] }) {
  return (
    <Grid>
      <TextField label="Full name (as on passport)" required autoComplete="name" maxLength={120} {...bindText(p, "full_name")} />
      <TextField label="Date of birth" type="date" required {...bindText(p, "date_of_birth")} />
      <SelectField label="Gender" required options={p.genders} placeholder="Select gender" {...bindText(p, "gender")} />
      <SelectField
        label="Marital status"
        required
        options={p.maritalStatuses}
        placeholder="Select marital status"
        {...bindText(p, "marital_status")}
      />
      <TextField label="Nationality" required maxLength={80} {...bindText(p, "nationality")} />
    </Grid>
  );
}

export function PassportStep(p: StepProps & { uploads?: ReactNode }) {
  return (
    <div className="grid gap-6">
      <Grid>
        <TextField label="Passport number" required maxLength={20} autoCapitalize="characters" {...bindText(p, "passport_number")} />
        <TextField label="Issuing country" required maxLength={80} {...bindText(p, "passport_issuing_country")} />
        <TextField label="Issue date" type="date" required {...bindText(p, "passport_issue_date")} />
        <TextField label="Expiry date" type="date" required {...bindText(p, "passport_expiry_date")} />
      </Grid>
      {p.uploads}
    </div>
  );
}

export function ContactStep(p: StepProps) {
  return (
    <Grid>
      <TextField label="Phone" type="tel" required autoComplete="tel" maxLength={30} {...bindText(p, "phone")} />
      <TextField label="Email" type="email" required autoComplete="email" maxLength={254} {...bindText(p, "email")} />
      <div className="sm:col-span-2">
        <TextArea label="Residential address" required rows={3} maxLength={500} autoComplete="street-address" {...bindText(p, "address")} />
      </div>
      <TextField label="Emergency contact name" required maxLength={120} {...bindText(p, "emergency_contact_name")} />
      <TextField label="Emergency contact phone" type="tel" required maxLength={30} {...bindText(p, "emergency_contact_phone")} />
    </Grid>
  );
}

export function TravelStep(p: StepProps) {
  return (
    <Grid>
      <TextField label="Destination country" required maxLength={80} {...bindText(p, "destination_country")} />
      <div className="hidden sm:block" />
      <TextField label="Arrival date" type="date" required {...bindText(p, "arrival_date")} />
      <TextField label="Departure date" type="date" required {...bindText(p, "departure_date")} />
      <div className="sm:col-span-2">
        <TextArea label="Purpose of travel" required rows={3} maxLength={1000} {...bindText(p, "travel_purpose")} />
      </div>
      <div className="sm:col-span-2">
        <TextArea label="Itinerary (optional)" rows={4} maxLength={4000} {...bindText(p, "itinerary")} />
      </div>
      <div className="sm:col-span-2">
        <TextArea label="Medical conditions (optional)" rows={3} maxLength={2000} {...bindText(p, "medical_conditions")} />
      </div>
    </Grid>
  );
}

export function SpecificStep(p: StepProps & { fields: SpecificField[] | undefined }) {
  if (!p.fields) return <p className="rounded-md bg-amber-50 px-4 py-3 text-amber-900">Please select a visa type first</p>;
  return (
    <Grid>
      {p.fields.map((f) => {
        const common = {
          label: f.required ? f.label : `${f.label} (optional)`,
          required: f.required,
          name: f.key,
          value: p.values.specific[f.key] ?? "",
          maxLength: 2000,
          error: p.errors[`visa_specific_data.${f.key}`],
        };
        return f.multiline ? (
          <div key={f.key} className="sm:col-span-2">
            <TextArea {...common} rows={3} onChange={(e) => p.setSpecific(f.key, e.target.value)} />
          </div>
        ) : (
          <TextField key={f.key} {...common} onChange={(e) => p.setSpecific(f.key, e.target.value)} />
        );
      })}
    </Grid>
  );
}

function Declaration(p: StepProps & { flag: "criminal_history" | "prior_visa_refusals"; detailsKey: TextKey; label: string; detailsLabel: string }) {
  const on = p.values[p.flag];
  const flip = (e: { target: { checked: boolean } }) => p.setFlag(p.flag, e.target.checked);
  const ref = useInputBeforeScript<HTMLInputElement>(on, flip);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <label className="flex items-start gap-3">
        <input ref={ref} type="checkbox" checked={on} onChange={flip} className="mt-1 h-5 w-5 accent-brand-700" />
        <span className="text-slate-900">{p.label}</span>
      </label>
      {on ? (
        <div className="mt-4">
          <TextArea label={p.detailsLabel} required rows={3} maxLength={2000} {...bindText(p, p.detailsKey)} />
        </div>
      ) : null}
    </div>
  );
}

export function DeclarationsStep(p: StepProps) {
  return (
    <div className="grid gap-4">
      <p className="text-slate-700">Answer truthfully: a false declaration is a common reason for refusal and can lead to a ban.</p>
      <Declaration
        {...p}
        flag="criminal_history"
        detailsKey="criminal_history_details"
        label="I have a criminal record or have been convicted of an offence in any country."
        detailsLabel="Criminal history details"
      />
      <Declaration
        {...p}
        flag="prior_visa_refusals"
        detailsKey="prior_visa_refusal_details"
        label="I have been refused a visa or entry to any country before."
        detailsLabel="Visa refusal details (country, year, reason)"
      />
    </div>
  );
}
