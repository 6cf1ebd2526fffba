// The analytics page's period for the embassies' decisions, in whole Lagos months
// (?decisions_from=YYYY-MM&decisions_to=YYYY-MM): the last twelve months, the current one included, when the link names
// none; a month that does not exist, an end before the start or more than five years are refused, since no figure is
// what the link asked for.
import { z } from "zod";
import { addMonths, monthsBetween } from "../domain/calendar.ts";
import { HttpError } from "../middleware/errors.ts";
import type { MonthPeriod } from "../models/decisionMonths.ts";
import { first } from "./listQuery.ts";

export const BAD_DECISION_PERIOD =
  "This Analytics link names a period that does not exist (a first month after the last, or more than five years). Choose the period again.";

const month = z.preprocess(
  first,
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .refine((m) => m >= "2000-01" && m <= "2100-12"),
);

/** Five years. */
export const MAX_MONTHS = 60;

/** `today` is a Lagos day (YYYY-MM-DD). */
export function parseDecisionPeriod(params: Record<string, unknown>, today: string): MonthPeriod {
  const current = today.slice(0, 7);
  if (params.decisions_from === undefined && params.decisions_to === undefined) return { from: addMonths(current, -11), to: current };
  const from = month.safeParse(params.decisions_from);
  const to = month.safeParse(params.decisions_to);
  if (!from.success || !to.success) throw new HttpError(400, BAD_DECISION_PERIOD);
  const [f, t] = [from.data as string, to.data as string];
  const n = monthsBetween(f, t);
  if (n < 1 || n > MAX_MONTHS) throw new HttpError(400, BAD_DECISION_PERIOD);
  return { from: f, to: t };
}
