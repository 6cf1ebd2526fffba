// Dates as people in Lagos see them.

const yearFormat = new Intl.DateTimeFormat("en-NG", { year: "numeric", timeZone: "Africa/Lagos" });

/** The current year in Lagos, for the footer's copyright line. */
export function currentYear(now = new Date()): number {
  return Number(yearFormat.format(now));
}
