// Which consultation times can be booked: each staff member's weekly hours (Africa/Lagos) minus days off, minus
// existing bookings with their buffers, minus the notice period, within the horizon. A time is offered when anyone
// is free for it.
import { addDays, lagosDay, lagosInstant, weekdayOf } from "./calendar.ts";

/** Weekday numbers as stored in staff_hours (0 is Sunday, as JavaScript's getUTCDay), by name. */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** One span of a weekday's hours; a day may have several (09:00-12:00 and 14:00-17:00), which never overlap. */
export interface WeeklyHours {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export interface StaffCalendar {
  staffId: string;
  bufferMinutes: number;
  hours: WeeklyHours[];
  /** Days off, YYYY-MM-DD in Lagos. */
  daysOff: string[];
  /** Existing non-cancelled bookings: from their start until their end plus the buffer they were booked with. */
  busy: { startsAt: Date; blockedUntil: Date }[];
}

export interface BookingRules {
  noticeHours: number;
  horizonWeeks: number;
}

export interface Slot {
  startsAt: Date;
  endsAt: Date;
  /** Who is free for it, in the order given. */
  staffIds: string[];
}

/** Times start on the hour and half hour. */
export const SLOT_STEP_MINUTES = 30;

/** Whether `staff` can take a meeting of `minutes` starting at `startsAt` (hours, day off and bookings; not notice). */
export function isFree(staff: StaffCalendar, startsAt: Date, minutes: number): boolean {
  const day = lagosDay(startsAt);
  if (staff.daysOff.includes(day)) return false;
  const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
  const blockedUntil = new Date(endsAt.getTime() + staff.bufferMinutes * 60_000);
  const within = staff.hours.some(
    (h) => h.weekday === weekdayOf(day) && lagosInstant(day, h.startMinute) <= startsAt && endsAt <= lagosInstant(day, h.endMinute),
  );
  return within && staff.busy.every((b) => b.blockedUntil <= startsAt || blockedUntil <= b.startsAt);
}

/** Every bookable time for a meeting of `minutes`, earliest first. */
export function freeSlots(staff: StaffCalendar[], minutes: number, rules: BookingRules, now: Date): Slot[] {
  const earliest = now.getTime() + rules.noticeHours * 3_600_000;
  const latest = now.getTime() + rules.horizonWeeks * 7 * 86_400_000;
  const slots = new Map<number, Slot>();
  const first = lagosDay(now);
  for (let i = 0; i <= rules.horizonWeeks * 7; i++) {
    const day = addDays(first, i);
    for (const person of staff) {
      for (const h of person.hours.filter((w) => w.weekday === weekdayOf(day))) {
        for (let m = h.startMinute; m + minutes <= h.endMinute; m += SLOT_STEP_MINUTES) {
          const startsAt = lagosInstant(day, m);
          const at = startsAt.getTime();
          if (at < earliest || at > latest || !isFree(person, startsAt, minutes)) continue;
          const slot = slots.get(at) ?? { startsAt, endsAt: new Date(at + minutes * 60_000), staffIds: [] };
          slot.staffIds.push(person.staffId);
          slots.set(at, slot);
        }
      }
    }
  }
  return [...slots.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}
