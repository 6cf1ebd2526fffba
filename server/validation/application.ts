// What an applicant may write to a draft: built from the one field list, with types, enums, dates, formats and lengths.
import { z } from "zod";
import { APPLICATION_FIELDS, type ApplicationFields, FIELD_KEYS, type FieldSpec } from "../domain/applicationFields.ts";
import { SPECIFIC_FIELDS, type VisaType } from "../domain/visa.ts";

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

const isoDate = z
  .string()
  .trim()
  .transform((v) => (v === "" ? null : v))
  .nullable()
  .optional()
  .refine(
    (v) =>
      v == null ||
      (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)),
    {
      message: "Enter a valid date",
    },
  )
  .refine((v) => v == null || (v >= "1900-01-01" && v <= "2100-12-31"), { message: "Enter a date between 1900 and 2100" });

const choice = (values: readonly string[], message: string) =>
  z.preprocess(
    (v) => (v === "" ? null : v),
    z
      .enum(values as [string, ...string[]], { error: message })
      .nullable()
      .optional(),
  );

const FORMATS = {
  passport: [(v: string) => /^[A-Za-z0-9]{5,20}$/.test(v), "Letters and digits only, 5 to 20 characters"],
  phone: [(v: string) => /^\+?[0-9 ()-]{7,30}$/.test(v), "Enter a valid phone number"],
  email: [(v: string) => z.email().safeParse(v).success, "Enter a valid email address"],
} as const;

function fieldSchema(spec: FieldSpec): z.ZodType {
  switch (spec.kind) {
    case "choice":
      return choice(spec.values, spec.message);
    case "date":
      return isoDate;
    case "flag":
      return z.boolean().optional();
    case "specific":
      return z.record(z.string().max(64), z.union([z.string().max(2000, "Must be at most 2000 characters"), z.null()])).optional();
    case "text": {
      if (!spec.format) return text(spec.max);
      const [valid, message] = FORMATS[spec.format];
      return text(spec.max).refine((v) => v == null || valid(v), { message });
    }
  }
}

/** What a wizard save may change: any of the application's fields (visa-specific answers not yet cleaned) and the step. */
export type DraftPatch = Partial<
  Omit<ApplicationFields, "visa_specific_data"> & { visa_specific_data: Record<string, string | null>; current_step: number }
>;

/**
 * Fields accepted from the wizard: the application's fields and the step to resume at. Anything else is dropped.
 * Built from the field list, so its type is stated (the field-list test checks each key parses to its kind).
 */
export const draftSchema = z
  .object({
    current_step: z.coerce.number().int().min(1).max(8).optional(),
    ...Object.fromEntries(FIELD_KEYS.map((k) => [k, fieldSchema(APPLICATION_FIELDS[k])])),
  })
  .strip() as unknown as z.ZodType<DraftPatch>;

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
