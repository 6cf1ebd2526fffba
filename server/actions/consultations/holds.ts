// A paid type's booking holds its slot for HOLD_MINUTES while the visitor pays. Its end is a job in PostgreSQL, keyed
// by booking and queued at hold_expires_at with the booking (expireHold.ts runs it); a payment confirms the booking
// and removes the job.
import type { Knex } from "knex";
import type { BookingRow } from "../../models/bookings.ts";
import { addJob, removeJob } from "../../models/jobs.ts";

export const HOLD_MINUTES = 30;
export const BOOKING_HOLD_TASK = "booking_hold_expiry";

const jobKey = (bookingId: string) => `booking-hold:${bookingId}`;

export const holdEndsAt = (now: Date) => new Date(now.getTime() + HOLD_MINUTES * 60_000);

export function queueHoldExpiry(trx: Knex.Transaction, booking: BookingRow): Promise<void> {
  if (!booking.hold_expires_at) throw new Error(`booking ${booking.id} holds no slot`);
  return addJob(trx, BOOKING_HOLD_TASK, { bookingId: booking.id }, { maxAttempts: 5, jobKey: jobKey(booking.id), runAt: booking.hold_expires_at });
}

export async function dropHoldExpiry(trx: Knex.Transaction, bookingId: string): Promise<void> {
  await removeJob(trx, jobKey(bookingId));
}
