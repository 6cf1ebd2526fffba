// A booking's reminders, 24 hours and 1 hour before it starts: jobs in PostgreSQL keyed by booking, so a move
// replaces them and a cancellation removes them, in the change's transaction.
import type { Knex } from "knex";
import type { BookingRow } from "../../models/bookings.ts";
import { addJob, removeJob } from "../../models/jobs.ts";

export const BOOKING_REMINDER_TASK = "booking_reminder";
export const REMINDERS = [
  { lead: "24h", ms: 24 * 3_600_000 },
  { lead: "1h", ms: 3_600_000 },
] as const;
export type ReminderLead = (typeof REMINDERS)[number]["lead"];

const jobKey = (bookingId: string, lead: ReminderLead) => `booking-reminder:${bookingId}:${lead}`;

/** Queues (or moves) both reminders; one whose time has already passed is removed instead. */
export async function scheduleReminders(trx: Knex.Transaction, booking: BookingRow, now: Date): Promise<void> {
  for (const r of REMINDERS) {
    const runAt = new Date(new Date(booking.starts_at).getTime() - r.ms);
    if (runAt <= now) await removeJob(trx, jobKey(booking.id, r.lead));
    else
      await addJob(
        trx,
        BOOKING_REMINDER_TASK,
        { bookingId: booking.id, lead: r.lead },
        { maxAttempts: 5, jobKey: jobKey(booking.id, r.lead), runAt },
      );
  }
}

export async function dropReminders(trx: Knex.Transaction, bookingId: string): Promise<void> {
  for (const r of REMINDERS) await removeJob(trx, jobKey(bookingId, r.lead));
}
