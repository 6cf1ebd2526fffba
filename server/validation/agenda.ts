// The Agenda's URL state (?range=day|week&staff=<id>&from=YYYY-MM-DD): an unknown range or person means the default;
// a first day that is not a calendar day is refused, since no page is what the link asked for.
import { z } from "zod";
import { HttpError } from "../middleware/errors.ts";
import { first } from "./listQuery.ts";

export const BAD_AGENDA_DAY = "This Agenda link names a day that does not exist. Open Agenda again and page from there.";

const schema = z.object({
  range: z.preprocess(first, z.enum(["day", "week"])).catch("day"),
  staff: z.preprocess(first, z.string().max(100)).catch(""),
});
const day = z.preprocess(
  first,
  z.iso.date().refine((d) => d >= "2000-01-01" && d <= "2100-12-31"),
);

/** `today` (a Lagos day) when the link names no day. */
export function parseAgendaQuery(params: Record<string, unknown>, today: string): { range: "day" | "week"; staff: string; from: string } {
  const query = schema.parse(params);
  if (params.from === undefined) return { ...query, from: today };
  const from = day.safeParse(params.from);
  if (!from.success) throw new HttpError(400, BAD_AGENDA_DAY);
  return { ...query, from: from.data as string };
}
