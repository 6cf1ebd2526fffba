// The wizard's form state: values keyed by column, and helpers to bind inputs to them.
import type { ApplicationForm } from "../../pages/portal/types.ts";

export const EDITABLE = [
  "visa_type",
  "full_name",
  "date_of_birth",
  "gender",
  "marital_status",
  "nationality",
  "passport_number",
  "passport_issuing_country",
  "passport_issue_date",
  "passport_expiry_date",
  "phone",
  "email",
  "address",
  "emergency_contact_name",
  "emergency_contact_phone",
  "destination_country",
  "arrival_date",
  "departure_date",
  "travel_purpose",
  "itinerary",
  "medical_conditions",
  "criminal_history_details",
  "prior_visa_refusal_details",
] as const;
export type TextKey = (typeof EDITABLE)[number];

export interface WizardValues {
  text: Record<TextKey, string>;
  specific: Record<string, string>;
  criminal_history: boolean;
  prior_visa_refusals: boolean;
}

export function initialValues(app: ApplicationForm | null): WizardValues {
  const text = Object.fromEntries(EDITABLE.map((k) => [k, (app?.[k] as string | null) ?? ""])) as Record<TextKey, string>;
  return {
    text,
    specific: { ...(app?.visa_specific_data ?? {}) },
    criminal_history: app?.criminal_history ?? false,
    prior_visa_refusals: app?.prior_visa_refusals ?? false,
  };
}

/** The request body for a save: every editable field plus the step to resume at. */
export function toBody(values: WizardValues, currentStep: number): Record<string, unknown> {
  return {
    ...values.text,
    visa_specific_data: values.specific,
    criminal_history: values.criminal_history,
    prior_visa_refusals: values.prior_visa_refusals,
    current_step: currentStep,
  };
}
