// Deadlines per status, in working days (Monday to Friday, Lagos time): a case is late once it has waited longer
// than its status's limit. Saturdays and Sundays do not count.

export const DEFAULT_LIMITS = { submitted: 2, under_review: 10 } as const;

export type LimitedStatus = keyof typeof DEFAULT_LIMITS;
export type Limits = Record<LimitedStatus, number>;
/** Per status, the moment before which a case in it is late. */
export type LateCutoffs = Record<LimitedStatus, Date>;

const DAY = 86_400_000;
/** Lagos is UTC+1 all year (no summer time). */
const LAGOS = 3_600_000;

/**
 * The moment `days` working days before `now`: walks back through Lagos time, counting only the hours of Monday to
 * Friday. A case that began its status before it has waited more than `days` working days.
 */
export function workingDaysBefore(now: Date, days: number): Date {
  let t = now.getTime() + LAGOS;
  let left = days * DAY;
  while (left > 0) {
    // The Lagos day holding the instant just before t (at midnight exactly, the day that just ended).
    const dayStart = Math.floor((t - 1) / DAY) * DAY;
    const weekday = new Date(dayStart).getUTCDay();
    if (weekday === 0 || weekday === 6) {
      t = dayStart;
      continue;
    }
    const taken = Math.min(left, t - dayStart);
    t -= taken;
    left -= taken;
  }
  return new Date(t - LAGOS);
}

export function lateCutoffs(limits: Limits, now: Date): LateCutoffs {
  return { submitted: workingDaysBefore(now, limits.submitted), under_review: workingDaysBefore(now, limits.under_review) };
}

export function isLate(status: string, since: Date, cutoffs: LateCutoffs): boolean {
  return (status === "submitted" || status === "under_review") && since < cutoffs[status];
}
