// The analytics page's period for the embassies' decisions (?decisions_from=YYYY-MM-DD&decisions_to=YYYY-MM-DD): the
// last twelve months when the link names none; a day that does not exist, an end before the start or more than five
// years are refused, since no figure is what the link asked for.
import { z } from "zod";
import { addDays } from "../domain/calendar.ts";
import { HttpError } from "../middleware/errors.ts";
import { first } from "./listQuery.ts";

export const BAD_DECISION_PERIOD =
  "This Analytics link names a period that does not exist (a first day after the last, or more than five years). Choose the period again.";

const day = z.preprocess(
  first,
  z.iso.date().refine((d) => d >= "2000-01-01" && d <= "2100-12-31"),
);

/** Five years, leap days included. */
const MAX_DAYS = 5 * 366;

export function parseDecisionPeriod(params: Record<string, unknown>, today: string): { from: string; to: string } {
  if (params.decisions_from === undefined && params.decisions_to === undefined) return { from: addDays(today, -364), to: today };
  const from = day.safeParse(params.decisions_from);
  const to = day.safeParse(params.decisions_to);
  if (!from.success || !to.success) throw new HttpError(400, BAD_DECISION_PERIOD);
  const [f, t] = [from.data as string, to.data as string];
  if (f > t || addDays(f, MAX_DAYS) < t) throw new HttpError(400, BAD_DECISION_PERIOD);
  return { from: f, to: t };
}
