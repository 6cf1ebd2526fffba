// The wizard's form state: values keyed by column, and helpers to bind inputs to them.
import type { TextFieldKey } from "../../../server/domain/applicationFields.ts";
import type { ApplicationForm } from "../../pages/portal/types.ts";

/** A field answered in a text input, select or date picker; the page's props list them (`textFields`). */
export type TextKey = TextFieldKey;

export interface WizardValues {
  text: Record<TextKey, string>;
  specific: Record<string, string>;
  criminal_history: boolean;
  prior_visa_refusals: boolean;
}

/** The saved answers, or for a new application the account's details (`fromAccount`: name, e-mail, phone). */
export function initialValues(app: ApplicationForm | null, textFields: TextKey[], fromAccount: Partial<Record<TextKey, string>> = {}): WizardValues {
  const text = Object.fromEntries(textFields.map((k) => [k, (app ? (app[k] as string | null) : fromAccount[k]) ?? ""])) as Record<TextKey, string>;
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
