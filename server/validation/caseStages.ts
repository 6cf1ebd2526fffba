// The forms of the stages after approval, as staff send them (plain form fields): each stage's fields checked and turned
// into what its row keeps (the day, the appointment's instant, the centre, the details). Read by the case-stage actions.
import { z } from "zod";
import { lagosInstant } from "../domain/calendar.ts";
import { checkReference, PORTAL_KEYS, type Portal, RETURN_METHODS, type ReturnMethod, type Stage } from "../domain/caseStages.ts";
import { isUuid } from "../models/ids.ts";

/** What a stage's row keeps: the day it happened (an appointment: its instant), its centre and its details. */
export interface StageFacts {
  day: string | null;
  appointmentAt: Date | null;
  centreId: string | null;
  details: Record<string, string>;
}

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}` })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, `Enter ${label}`)
        .max(max, `${label.charAt(0).toUpperCase()}${label.slice(1)} must be at most ${max} characters`),
    );

const realDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

const day = (label: string) =>
  z
    .string({ error: `Enter ${label}` })
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, `Enter ${label}`)
    .refine((v) => v.length === 0 || realDay(v), `Enter ${label} as a real date (YYYY-MM-DD)`);

const DATE = day("the date");

const lodged = z
  .object({
    portal: z.enum(PORTAL_KEYS as [Portal, ...Portal[]], { error: "Choose the portal" }),
    reference: z.string({ error: "Enter the reference" }),
    date: DATE,
  })
  .transform((v, c): StageFacts => {
    const ref = checkReference(v.portal, v.reference.slice(0, 200));
    if (!ref.ok) c.addIssue({ code: "custom", message: ref.message, path: ["reference"] });
    if (ref.ok && ref.value.length > 60) c.addIssue({ code: "custom", message: "The reference must be at most 60 characters", path: ["reference"] });
    return { day: v.date, appointmentAt: null, centreId: null, details: { portal: v.portal, reference: ref.ok ? ref.value : "" } };
  });

const appointment = z
  .object({
    centre: z.string({ error: "Choose the centre" }).refine(isUuid, "Choose the centre"),
    date: DATE,
    time: z
      .string({ error: "Enter the time" })
      .transform((v) => v.trim())
      .refine((v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), "Enter the time as HH:MM, Lagos time"),
    reference: text("the centre's reference", 60),
  })
  .transform(
    (v): StageFacts => ({
      day: null,
      appointmentAt: lagosInstant(v.date, Number(v.time.slice(0, 2)) * 60 + Number(v.time.slice(3, 5))),
      centreId: v.centre,
      details: { centreReference: v.reference },
    }),
  );

const dateOnly = z.object({ date: DATE }).transform((v): StageFacts => ({ day: v.date, appointmentAt: null, centreId: null, details: {} }));

const decision = z
  .object({
    outcome: z.enum(["issued", "refused"], { error: "Choose issued or refused" }),
    date: DATE,
    visa_type: z.string().optional(),
    valid_from: z.string().optional(),
    valid_to: z.string().optional(),
    entries: z.string().optional(),
    grounds: z.string().optional(),
  })
  .transform((v, c): StageFacts => {
    const fail = (path: string, message: string) => c.addIssue({ code: "custom", message, path: [path] });
    const facts: StageFacts = { day: v.date, appointmentAt: null, centreId: null, details: { outcome: v.outcome } };
    if (v.outcome === "issued") {
      const visaType = (v.visa_type ?? "").trim();
      if (!visaType) fail("visa_type", "Enter the visa type, as printed on the visa");
      else if (visaType.length > 120) fail("visa_type", "The visa type must be at most 120 characters");
      const from = (v.valid_from ?? "").trim();
      const to = (v.valid_to ?? "").trim();
      if (!realDay(from)) fail("valid_from", "Enter the first day the visa is valid (YYYY-MM-DD)");
      if (!realDay(to)) fail("valid_to", "Enter the last day the visa is valid (YYYY-MM-DD)");
      else if (realDay(from) && to < from) fail("valid_to", "The visa cannot end before it starts");
      if (v.entries !== "single" && v.entries !== "multiple") fail("entries", "Choose single or multiple entry");
      facts.details = { outcome: "issued", visaType, validFrom: from, validTo: to, entries: v.entries ?? "" };
    } else {
      const grounds = (v.grounds ?? "").trim();
      if (!grounds) fail("grounds", "Summarise the grounds the embassy gave");
      else if (grounds.length > 2000) fail("grounds", "The grounds must be at most 2000 characters");
      facts.details = { outcome: "refused", grounds };
    }
    return facts;
  });

const passportReturned = z
  .object({
    method: z.enum(Object.keys(RETURN_METHODS) as [ReturnMethod, ...ReturnMethod[]], { error: "Choose how the passport came back" }),
    tracking: z.string().optional(),
    date: DATE,
  })
  .transform((v, c): StageFacts => {
    const tracking = (v.tracking ?? "").trim();
    if (v.method === "courier" && !tracking) c.addIssue({ code: "custom", message: "Enter the courier's tracking reference", path: ["tracking"] });
    if (tracking.length > 60) c.addIssue({ code: "custom", message: "The tracking reference must be at most 60 characters", path: ["tracking"] });
    return { day: v.date, appointmentAt: null, centreId: null, details: { method: v.method, ...(v.method === "courier" ? { tracking } : {}) } };
  });

export const STAGE_SCHEMAS: Record<Stage, z.ZodType<StageFacts>> = {
  lodged,
  appointment,
  biometrics: dateOnly,
  passport_held: dateOnly,
  decision,
  passport_returned: passportReturned,
};

export const skipSchema = z.object({ reason: text("why this stage does not apply", 500) });

/** The stage named in a route (`/stages/:stage`), or undefined. */
export const stageParam = (value: unknown, stages: readonly Stage[]): Stage | undefined => stages.find((s) => s === value);

/** A centre as a manager writes it on the settings page. */
export const centreSchema = z.object({
  name: text("the centre's name", 120),
  // Typed over several lines in the settings form: one line, joined with commas, on records and invites.
  address: z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .trim()
            .replace(/\s*\r?\n\s*/g, ", ")
            .replace(/,\s*,/g, ",")
        : v,
    text("the address", 300),
  ),
  what_to_bring: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean)
        .join("\n"),
    )
    .pipe(z.string().max(2000, "The list must be at most 2000 characters")),
});
