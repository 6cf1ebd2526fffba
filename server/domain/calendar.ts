// Dates as people in Lagos see them.

const yearFormat = new Intl.DateTimeFormat("en-NG", { year: "numeric", timeZone: "Africa/Lagos" });

/** The current year in Lagos, for the footer's copyright line. */
export function currentYear(now = new Date()): number {
  return Number(yearFormat.format(now));
}

export const LAGOS = "Africa/Lagos";
const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: LAGOS, year: "numeric", month: "2-digit", day: "2-digit" });
const offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone: LAGOS, timeZoneName: "longOffset" });

/** The Lagos calendar day (YYYY-MM-DD) of an instant. */
export const lagosDay = (at: Date): string => dayFormat.format(at);

/** Minutes Lagos is ahead of UTC at an instant (read from the time-zone database, not assumed). */
function lagosOffsetMinutes(at: Date): number {
  const name = offsetFormat.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** The instant of a Lagos wall-clock time: day YYYY-MM-DD at `minute` minutes after midnight. */
export function lagosInstant(day: string, minute: number): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + minute * 60_000;
  return new Date(wall - lagosOffsetMinutes(new Date(wall)) * 60_000);
}

/** Day of the week (0 Sunday … 6 Saturday) of a calendar day YYYY-MM-DD. */
export const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The calendar day `days` after `day` (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Today's date in Lagos, as yyyy-mm-dd. */
export function lagosToday(now = new Date()): string {
  return lagosDay(now);
}

/** The month `months` after `month` (both YYYY-MM). */
export function addMonths(month: string, months: number): string {
  const [y, m] = month.split("-").map(Number);
  const n = y * 12 + (m - 1) + months;
  return `${String(Math.floor(n / 12)).padStart(4, "0")}-${String((n % 12) + 1).padStart(2, "0")}`;
}

/** How many months from `from` to `to` (YYYY-MM), both included: 1 for the same month, 0 or less when reversed. */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split("-").map(Number);
  const [ty, tm] = to.split("-").map(Number);
  return ty * 12 + tm - (fy * 12 + fm) + 1;
}
