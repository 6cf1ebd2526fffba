// What a wizard save writes to a draft: the validated answers, cleaned of what the answers themselves rule out.
import type { ApplicationRow, DraftFields } from "../models/applications.ts";
import { normalisePassport, normalisePhone } from "./formats.ts";
import { SPECIFIC_FIELDS, type VisaType } from "./visa.ts";

/** What a wizard save may change (validated input): any of the application's fields and the step, with the
 * visa-specific answers as sent (possibly null, not yet cleaned). */
export type DraftPatch = Omit<DraftFields, "visa_specific_data"> & { visa_specific_data?: Record<string, string | null> };

/** Keeps only the visa-specific keys of the chosen type, trimmed; empty values are dropped. */
export function cleanSpecificData(visaType: string | null | undefined, data: Record<string, string | null> | undefined): Record<string, string> {
  const fields = SPECIFIC_FIELDS[visaType as VisaType];
  if (!fields || !data) return {};
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = data[f.key];
    if (typeof v === "string" && v.trim()) out[f.key] = v.trim();
  }
  return out;
}

/**
 * The columns a save changes: a new visa type keeps only its own specific answers, answering "no" to criminal
 * history or prior refusals drops the details written before, and phones and passport numbers are normalised.
 */
export function draftFields(input: DraftPatch, current?: Pick<ApplicationRow, "visa_type" | "visa_specific_data">): DraftFields {
  const { visa_specific_data: specific, ...rest } = input;
  const fields: DraftFields = { ...rest };
  const type = input.visa_type !== undefined ? input.visa_type : current?.visa_type;
  if (specific !== undefined || input.visa_type !== undefined) {
    fields.visa_specific_data = cleanSpecificData(type, specific ?? current?.visa_specific_data);
  }
  for (const key of ["phone", "emergency_contact_phone"] as const) {
    const v = fields[key];
    if (v) fields[key] = normalisePhone(v);
  }
  if (fields.passport_number) fields.passport_number = normalisePassport(fields.passport_number);
  if (input.criminal_history === false) fields.criminal_history_details = null;
  if (input.prior_visa_refusals === false) fields.prior_visa_refusal_details = null;
  return fields;
}
