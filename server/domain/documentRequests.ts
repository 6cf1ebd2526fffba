// The rules of document requests, as pure functions: due dates in Lagos days, when the reminder goes, what is overdue.

/** A request is due this many days after it is made unless staff pick another date. */
export const DEFAULT_DUE_DAYS = 14;
/** The reminder goes this many days before the due date, at 09:00 in Lagos. */
export const REMINDER_DAYS_BEFORE = 2;
const REMINDER_HOUR_LAGOS = 9;
const LAGOS_OFFSET_MS = 60 * 60_000; // West Africa Time, UTC+1 all year.
const DAY_MS = 86_400_000;

/** The date in Lagos ("2026-12-03") of an instant. */
export function lagosDate(at: Date): string {
  return new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Lagos date `days` after the Lagos date `iso`. */
export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function defaultDueOn(now: Date): string {
  return addDays(lagosDate(now), DEFAULT_DUE_DAYS);
}

/** The instant of the reminder: two days before the due date, 09:00 Lagos time. */
export function reminderAt(dueOn: string): Date {
  return new Date(Date.parse(`${addDays(dueOn, -REMINDER_DAYS_BEFORE)}T00:00:00Z`) + REMINDER_HOUR_LAGOS * 3_600_000 - LAGOS_OFFSET_MS);
}

/** Past its due date in Lagos (the due day itself is still on time). */
export function isOverdue(dueOn: string | null, now: Date): boolean {
  return dueOn !== null && dueOn < lagosDate(now);
}

export type ReviewDecision = "accepted" | "sent_back";
export const REVIEW_LABELS: Record<string, string> = { to_review: "To review", accepted: "Accepted", sent_back: "Sent back" };
