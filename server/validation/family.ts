// A family member added to a lead applicant's application: how they are related, their full name and date of birth
// (the rest of their answers they give on their own steps).
import { z } from "zod";
import { RELATIONS } from "../domain/family.ts";

const text = (max: number, empty: string, long: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().min(1, empty).max(max, long));

export const RELATION_MISSING = "Choose how they are related to you.";
export const RELATION_OTHER_MISSING = "Say how they are related to you, like “niece” or “grandmother”.";
export const BIRTH_DATE_INVALID = "Enter their date of birth as a date in the past.";

const realPastDate = (today: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : ""),
    z.string().refine((v) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && v >= "1900-01-01" && v <= today;
    }, BIRTH_DATE_INVALID),
  );

export const memberSchema = (today: string) =>
  z
    .object({
      relation: z.enum(RELATIONS.map((r) => r.value) as [string, ...string[]], { message: RELATION_MISSING }),
      relationOther: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(60, "Keep it under 60 characters.")),
      fullName: text(120, "Enter their full name as it is in their passport.", "Keep the name under 120 characters."),
      dateOfBirth: realPastDate(today),
    })
    .superRefine((v, ctx) => {
      if (v.relation === "other" && !v.relationOther) ctx.addIssue({ code: "custom", path: ["relationOther"], message: RELATION_OTHER_MISSING });
    });
