// Staff's work on leads: the list's URL, a stage moved by hand, an owner, a follow-up date.
import { z } from "zod";
import { LEAD_STAGES } from "../domain/leads.ts";

export const leadStageSchema = z
  .object({
    stage: z.enum(LEAD_STAGES, { error: "Choose a stage" }),
    reason: z
      .string({ error: "Give a reason" })
      .trim()
      .max(500, "Reason must be at most 500 characters")
      .optional()
      .transform((r) => r || null),
  })
  .refine((v) => v.stage !== "closed" || v.reason, { path: ["reason"], error: "Give a reason to close the lead" });

export const leadOwnerSchema = z.object({
  ownerId: z.uuid({ error: "Choose a staff member" }).nullable(),
});

/** A calendar day (yyyy-mm-dd), or null to clear it. */
export const leadFollowUpSchema = z.object({
  followUpOn: z
    .string({ error: "Choose a date" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date")
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), "Choose a date")
    .nullable(),
});

/** The list's URL: a tab (a stage, "due" for my follow-ups due today, or all), words, a page. */
export const leadListQuery = z.object({
  tab: z
    .enum([...LEAD_STAGES, "due"])
    .nullable()
    .catch(null),
  q: z
    .string()
    .transform((s) => s.trim().slice(0, 100))
    .catch(""),
  page: z
    .unknown()
    .optional()
    .transform((v) => Math.max(1, Math.min(10_000, Number.parseInt(String(v ?? "1"), 10) || 1))),
});
