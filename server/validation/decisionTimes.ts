// A destination's usual decision time as a manager writes it on the settings page: whole days from 1 to 365, where the
// figure comes from, and the day it was checked (not in the future).
import { z } from "zod";
import { destinations } from "../../views/content/requirements/index.ts";

export const DESTINATIONS = destinations.map((d) => d.destination);

const realDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

export const DAYS_MESSAGE = "Enter the usual days as a whole number from 1 to 365";
export const SOURCE_MESSAGE = "Enter where the figure comes from, e.g. UKVI published service standard";

export const decisionTimeSchema = (today: string) =>
  z.object({
    destination: z
      .string({ error: "Choose a destination from the list" })
      .refine((v) => DESTINATIONS.includes(v), "Choose a destination from the list"),
    usual_days: z
      .string({ error: DAYS_MESSAGE })
      .transform((v) => v.trim())
      .refine((v) => /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 365, DAYS_MESSAGE)
      .transform(Number),
    source: z
      .string({ error: SOURCE_MESSAGE })
      .transform((v) => v.trim().replace(/\s+/g, " "))
      .pipe(z.string().min(1, SOURCE_MESSAGE).max(200, "Keep the source under 200 characters")),
    checked_on: z
      .string({ error: "Enter the date the figure was checked" })
      .refine(realDay, "Enter the date the figure was checked")
      .refine((v) => v <= today, "The date it was checked cannot be in the future"),
  });

export const MONTHS_MESSAGE = "Enter the months as a whole number from 1 to 60";

/** The success stories page's figures: the written ones, or the decisions of the last 1–60 months. */
export const publicFiguresSchema = z.object({
  source: z.enum(["written", "decisions"], { error: "Choose where the figures come from" }),
  months: z
    .string({ error: MONTHS_MESSAGE })
    .transform((v) => v.trim())
    .refine((v) => /^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 60, MONTHS_MESSAGE)
    .transform(Number),
});
