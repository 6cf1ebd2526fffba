// What an applicant may write to a draft: a whitelist of fields with types, enums, dates and lengths.
import { z } from "zod";
import { VISA_TYPES } from "../domain/visa.ts";

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

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === "" ? null : v), z.enum(values, { error: message }).nullable().optional());

/** Fields accepted from the wizard. Anything else (status, user_id, reference, payment…) is dropped. */
export const draftSchema = z
  .object({
    visa_type: choice(VISA_TYPES, "Please select a visa type to continue"),
    current_step: z.coerce.number().int().min(1).max(8).optional(),
    full_name: text(120),
    date_of_birth: isoDate,
    gender: choice(["male", "female", "other"], "Choose male, female or other"),
    marital_status: choice(["single", "married", "divorced", "widowed"], "Choose a marital status"),
    nationality: text(80),
    // Free-text formats are never a reason to refuse a save: they are normalised, and checked at review.
    passport_number: text(30),
    passport_issuing_country: text(80),
    passport_issue_date: isoDate,
    passport_expiry_date: isoDate,
    phone: text(30),
    email: text(254),
    address: text(500),
    emergency_contact_name: text(120),
    emergency_contact_phone: text(30),
    destination_country: text(80),
    arrival_date: isoDate,
    departure_date: isoDate,
    travel_purpose: text(1000),
    itinerary: text(4000),
    medical_conditions: text(2000),
    visa_specific_data: z.record(z.string().max(64), z.union([z.string().max(2000, "Must be at most 2000 characters"), z.null()])).optional(),
    criminal_history: z.boolean().optional(),
    criminal_history_details: text(2000),
    prior_visa_refusals: z.boolean().optional(),
    prior_visa_refusal_details: text(2000),
  })
  .strip();

export type DraftInput = z.infer<typeof draftSchema>;
