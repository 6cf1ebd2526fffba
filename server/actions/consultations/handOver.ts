// A leaver's coming consultations: in the transaction that ends their account (deactivation, admin:revoke) each goes
// to a colleague free at that time, by the booking's own rule (isFree: hours, days off, other meetings and buffers),
// keeping its time; one that no one can take stays theirs and waits on the Staff page, where a manager gives it to
// someone free (reassignConsultation). The client is not written to: their meeting keeps its time.
import type { Knex } from "knex";
import { isFree, type StaffCalendar } from "../../domain/consultationSlots.ts";
import { staffName } from "../../models/assignments.ts";
import { type BookingRow, comingBookingsOf, isOverlap, lockBooking, moveBooking } from "../../models/bookings.ts";
import { staffCalendars } from "../../models/consultations.ts";
import { isUuid } from "../../models/ids.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { BOOKING_NOT_FOUND } from "./lockStaffBooking.ts";

export const NOT_WAITING = "This consultation is not waiting to be reassigned.";
export const NOT_CONSULTATION_STAFF = "Choose a staff member who takes consultations.";
export const notFree = (name: string) => `${name} is not free at that time: choose someone listed as free.`;

const minutesOf = (b: BookingRow) => (new Date(b.ends_at).getTime() - new Date(b.starts_at).getTime()) / 60_000;

/** Gives the booking to `to` (its time kept, its buffer theirs); undefined when the database finds them taken meanwhile. */
async function giveTo(trx: Knex.Transaction, booking: BookingRow, to: StaffCalendar): Promise<BookingRow | undefined> {
  const times = {
    staff_id: to.staffId,
    starts_at: booking.starts_at,
    ends_at: booking.ends_at,
    blocked_until: new Date(new Date(booking.ends_at).getTime() + to.bufferMinutes * 60_000),
  };
  try {
    // A savepoint: when the colleague was booked a moment ago, the next one free may still be.
    const moved = await trx.transaction((sp) => moveBooking(sp, booking.id, times));
    to.busy.push({ startsAt: new Date(moved.starts_at), blockedUntil: new Date(moved.blocked_until) });
    return moved;
  } catch (err) {
    if (isOverlap(err)) return undefined;
    throw err;
  }
}

/**
 * In the caller's transaction, after the leaver stopped taking consultations (so they are not among the calendars):
 * each of their coming meetings to the first colleague free then, each with its audit entry (`to` null: waiting).
 */
export async function handOverConsultations(
  trx: Knex.Transaction,
  actor: Actor,
  input: { leaverId: string; now: Date },
): Promise<{ handedOver: number; toReassign: number }> {
  const coming = await comingBookingsOf(trx, input.leaverId, input.now);
  if (coming.length === 0) return { handedOver: 0, toReassign: 0 };
  const calendars = await staffCalendars(trx, input.now);
  let handedOver = 0;
  for (const booking of coming) {
    let to: string | null = null;
    for (const colleague of calendars.filter((c) => isFree(c, new Date(booking.starts_at), minutesOf(booking)))) {
      if (await giveTo(trx, booking, colleague)) {
        to = colleague.staffId;
        break;
      }
    }
    if (to) handedOver += 1;
    await auditAs(trx, actor, {
      action: "consultation_handed_over",
      subjectType: "booking",
      subjectId: booking.id,
      details: { from: input.leaverId, to },
    });
  }
  return { handedOver, toReassign: coming.length - handedOver };
}

/** A manager gives a leaver's waiting consultation to a staff member free at that time (checked here, not trusted). */
export async function reassignConsultation(
  { db }: ActionContext,
  actor: Actor,
  input: { bookingId: string; staffId: string; now?: Date },
): Promise<Outcome<{ booking: BookingRow }>> {
  const now = input.now ?? new Date();
  if (!isUuid(input.bookingId)) return refuse(404, BOOKING_NOT_FOUND);
  return db.transaction(async (trx) => {
    const current = await lockBooking(trx, input.bookingId);
    if (!current) return refuse(404, BOOKING_NOT_FOUND);
    const calendars = await staffCalendars(trx, now, current.id);
    const waiting =
      ["confirmed", "awaiting_payment"].includes(current.status) &&
      new Date(current.starts_at) > now &&
      !calendars.some((c) => c.staffId === current.staff_id);
    if (!waiting) return refuse(409, NOT_WAITING);
    const to = calendars.find((c) => c.staffId === input.staffId);
    if (!to) return refuse(409, NOT_CONSULTATION_STAFF, { staffId: NOT_CONSULTATION_STAFF });
    const busy = notFree((await staffName(trx, to.staffId)) ?? "This staff member");
    if (!isFree(to, new Date(current.starts_at), minutesOf(current))) return refuse(409, busy, { staffId: busy });
    const booking = await giveTo(trx, current, to);
    if (!booking) return refuse(409, busy, { staffId: busy });
    await auditAs(trx, actor, {
      action: "consultation_reassigned",
      subjectType: "booking",
      subjectId: booking.id,
      details: { from: current.staff_id, to: to.staffId },
    });
    return { ok: true, booking };
  });
}
