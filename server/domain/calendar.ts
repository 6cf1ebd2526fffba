// Dates as people in Lagos see them.

const yearFormat = new Intl.DateTimeFormat("en-NG", { year: "numeric", timeZone: "Africa/Lagos" });

/** The current year in Lagos, for the footer's copyright line. */
export function currentYear(now = new Date()): number {
  return Number(yearFormat.format(now));
}

const dayFormat = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "Africa/Lagos" });

/** Today's date in Lagos, as yyyy-mm-dd. */
export function lagosToday(now = new Date()): string {
  return dayFormat.format(now);
}
