// What an applicant may write to a draft: built from the one field list, with types, enums, dates and lengths.
import { z } from "zod";
import { APPLICATION_FIELDS, FIELD_KEYS, type FieldSpec } from "../domain/applicationFields.ts";
import type { DraftPatch } from "../domain/draft.ts";
import { DOCUMENT_TYPES, WIZARD_STEPS } from "../domain/visa.ts";
import { singleLine } from "./text.ts";

const text = (max: number, lines = false) =>
  (lines ? z.string().trim() : singleLine())
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
    case "text":
      // Free-text formats are never a reason to refuse a save: they are normalised, and checked at review.
      return text(spec.max, "lines" in spec && spec.lines);
  }
}

/**
 * Fields accepted from the wizard: the application's fields and the step to resume at. Anything else is dropped.
 * Built from the field list, so its type is stated (the field-list test checks each key parses to its kind).
 */
export const draftSchema = z
  .object({
    current_step: z.coerce.number().int().min(1).max(WIZARD_STEPS.length).optional(),
    ...Object.fromEntries(FIELD_KEYS.map((k) => [k, fieldSchema(APPLICATION_FIELDS[k])])),
  })
  .strip() as unknown as z.ZodType<DraftPatch>;

/** The type of a supporting document being uploaded (the file itself is checked by its bytes, domain/files.ts). */
export const documentTypeSchema = z.object({
  document_type: z.enum(DOCUMENT_TYPES.map((d) => d.value) as [string, ...string[]], { error: "Choose a valid document type" }),
});

export const NOT_ON_THE_LIST = "Choose a document from the list for your application.";

/** An item of "Documents for your application" a file is uploaded for (its type comes from the item). */
export const requirementKeySchema = z.object({
  requirement_key: z
    .string({ error: NOT_ON_THE_LIST })
    .trim()
    .max(60, { error: NOT_ON_THE_LIST })
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: NOT_ON_THE_LIST }),
});
