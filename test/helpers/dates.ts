// Calendar dates relative to today (UTC), so fixtures never expire on a fixed day.

/** YYYY-MM-DD of a date. */
export const isoDate = (d: Date): string => d.toISOString().slice(0, 10);

/** YYYY-MM-DD `days` days from today (negative for the past). */
export function daysFromToday(days: number, from = new Date()): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  d.setUTCDate(d.getUTCDate() + days);
  return isoDate(d);
}

/** YYYY-MM-DD `days` days after the date `iso`. */
export function daysAfter(iso: string, days: number): string {
  return daysFromToday(days, new Date(`${iso}T00:00:00Z`));
}
