// Staff's consultation forms: a type, the booking rules, a person's availability, a meeting's outcome.
import { z } from "zod";
import { CONSULTATION_MODES } from "../domain/consultations.ts";

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

export const typeSchema = z.object({
  name: z.string({ error: "Please enter a name" }).trim().min(1, "Please enter a name").max(80, "Name must be at most 80 characters"),
  minutes: whole("Length", 10, 240),
  price_naira: whole("Price", 0, 10_000_000).default(0),
  mode: z.enum(CONSULTATION_MODES, { error: "Choose where it happens" }),
});

export const typeActiveSchema = z.object({ active: z.enum(["true", "false"]).transform((v) => v === "true") });

export const rulesSchema = z.object({ notice_hours: whole("Notice", 0, 336), horizon_weeks: whole("Horizon", 1, 26) });

const HOURS = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;
const toMinutes = (h: string, m: string) => Number(h) * 60 + Number(m);

/** "09:00-17:00" (Lagos time) → minutes after midnight; empty → not working that day. */
const dayHours = z
  .string()
  .trim()
  .max(20)
  .default("")
  .transform((v, c) => {
    if (v === "") return null;
    const m = HOURS.exec(v.replace(/\s|–/g, (ch) => (ch === "–" ? "-" : "")));
    const span = m ? { startMinute: toMinutes(m[1], m[2]), endMinute: toMinutes(m[3], m[4]) } : undefined;
    if (!span || span.startMinute >= span.endMinute || span.endMinute > 1440) {
      c.addIssue({ code: "custom", message: "Write the hours as 09:00-17:00, or leave empty for a day off" });
      return z.NEVER;
    }
    return span;
  });

export const availabilitySchema = z.object({
  buffer_minutes: whole("Buffer", 0, 120),
  ...Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [`hours_${d}`, dayHours])),
  days_off: z
    .string()
    .max(4000)
    .default("")
    .transform((v, c) => {
      const days = v.split(/[\s,]+/).filter(Boolean);
      const bad = days.find((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d) || Number.isNaN(Date.parse(`${d}T00:00:00Z`)));
      if (bad) {
        c.addIssue({ code: "custom", message: `"${bad.slice(0, 20)}" is not a date: write days off as YYYY-MM-DD, one per line` });
        return z.NEVER;
      }
      return [...new Set(days)];
    }),
}) as z.ZodType<
  { buffer_minutes: number; days_off: string[] } & Record<`hours_${number}`, { startMinute: number; endMinute: number } | null>,
  Record<string, unknown>
>;

export const outcomeSchema = z.object({
  outcome: z.enum(["attended", "no_show"], { error: "Choose held or missed" }),
  note: z.string().trim().max(2000, "Note must be at most 2,000 characters").default(""),
});
