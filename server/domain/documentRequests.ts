// The rules of document requests, as pure functions: due dates in Lagos days, when the reminder goes, what is overdue.
import { addDays, lagosDay, lagosInstant } from "./calendar.ts";

/** A request is due this many days after it is made unless staff pick another date. */
export const DEFAULT_DUE_DAYS = 14;
/** The reminder goes this many days before the due date, at 09:00 in Lagos. */
export const REMINDER_DAYS_BEFORE = 2;
const REMINDER_HOUR_LAGOS = 9;

export function defaultDueOn(now: Date): string {
  return addDays(lagosDay(now), DEFAULT_DUE_DAYS);
}

/** The instant of the reminder: two days before the due date, 09:00 Lagos time. */
export function reminderAt(dueOn: string): Date {
  return lagosInstant(addDays(dueOn, -REMINDER_DAYS_BEFORE), REMINDER_HOUR_LAGOS * 60);
}

/** Past its due date in Lagos (the due day itself is still on time). */
export function isOverdue(dueOn: string | null, now: Date): boolean {
  return dueOn !== null && dueOn < lagosDay(now);
}

export type ReviewDecision = "accepted" | "sent_back";
export const REVIEW_LABELS: Record<string, string> = { to_review: "To review", accepted: "Accepted", sent_back: "Sent back" };
