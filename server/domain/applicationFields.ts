// THE list of an application's applicant-editable fields: the row type, the draft schema, the presenter, the view's
// form type and the wizard's text inputs are all derived from it (a new field is one entry here plus a migration).
import { GENDERS, MARITAL_STATUSES, VISA_TYPES } from "./visa.ts";

type Choice = { kind: "choice"; values: readonly string[]; message: string };
/** Text is one line (a name, a number) unless `lines`: an address, a purpose, details given in sentences. */
type Text = { kind: "text"; max: number; lines?: true };
export type FieldSpec = Choice | Text | { kind: "date" } | { kind: "flag" } | { kind: "specific" };

const values = (options: readonly { value: string }[]) => options.map((o) => o.value);

export const APPLICATION_FIELDS = {
  visa_type: { kind: "choice", values: VISA_TYPES, message: "Please select a visa type to continue" },
  full_name: { kind: "text", max: 120 },
  date_of_birth: { kind: "date" },
  gender: { kind: "choice", values: values(GENDERS), message: "Choose male, female or other" },
  marital_status: { kind: "choice", values: values(MARITAL_STATUSES), message: "Choose a marital status" },
  nationality: { kind: "text", max: 80 },
  // Room for spaces as typed: the number is stored without them (domain/draft.ts).
  passport_number: { kind: "text", max: 30 },
  passport_issuing_country: { kind: "text", max: 80 },
  passport_issue_date: { kind: "date" },
  passport_expiry_date: { kind: "date" },
  phone: { kind: "text", max: 30 },
  email: { kind: "text", max: 254 },
  address: { kind: "text", max: 500, lines: true },
  emergency_contact_name: { kind: "text", max: 120 },
  emergency_contact_phone: { kind: "text", max: 30 },
  destination_country: { kind: "text", max: 80 },
  arrival_date: { kind: "date" },
  departure_date: { kind: "date" },
  travel_purpose: { kind: "text", max: 1000, lines: true },
  itinerary: { kind: "text", max: 4000, lines: true },
  medical_conditions: { kind: "text", max: 2000, lines: true },
  visa_specific_data: { kind: "specific" },
  criminal_history: { kind: "flag" },
  criminal_history_details: { kind: "text", max: 2000, lines: true },
  prior_visa_refusals: { kind: "flag" },
  prior_visa_refusal_details: { kind: "text", max: 2000, lines: true },
} as const satisfies Record<string, FieldSpec>;

export type FieldKey = keyof typeof APPLICATION_FIELDS;

type ValueOf<S> = S extends { kind: "flag" } ? boolean : S extends { kind: "specific" } ? Record<string, string> : string | null;

/** The stored value of each field (dates as YYYY-MM-DD text, empty answers as null). */
export type ApplicationFields = { [K in FieldKey]: ValueOf<(typeof APPLICATION_FIELDS)[K]> };

/** The fields answered in a text input, select or date picker (not the yes/no flags or the visa-specific map). */
export type TextFieldKey = { [K in FieldKey]: ApplicationFields[K] extends string | null ? K : never }[FieldKey];

export const FIELD_KEYS = Object.keys(APPLICATION_FIELDS) as FieldKey[];

const isText = (key: FieldKey): key is TextFieldKey => {
  const kind = APPLICATION_FIELDS[key].kind;
  return kind === "text" || kind === "date" || kind === "choice";
};
export const TEXT_FIELD_KEYS: TextFieldKey[] = FIELD_KEYS.filter(isText);

/** Copies exactly the application fields out of a row (anything else on it is left behind). */
export function pickFields(row: ApplicationFields): ApplicationFields {
  return Object.fromEntries(FIELD_KEYS.map((k) => [k, row[k]])) as ApplicationFields;
}
