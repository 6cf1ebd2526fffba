// A visitor books a consultation: the time must be free for someone (the slots), and the database refuses two
// overlapping bookings for one staff member (bookings_no_overlap), so a race has one winner. In one transaction: the
// booking, its e-mails to the visitor and the staff member, its reminders and the audit entry.
import { freeSlots } from "../../domain/consultationSlots.ts";
import { queueBookingMail } from "../../mail/bookingMail.ts";
import { type BookingRow, insertBooking, isOverlap } from "../../models/bookings.ts";
import { bookingRules, findActiveType, staffCalendars } from "../../models/consultations.ts";
import type { BookingInput } from "../../validation/booking.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { recordLeadEvent } from "../leads/recordLeadEvent.ts";
import { scheduleReminders } from "./reminders.ts";

export const SLOT_TAKEN = "That time has just been taken. Please choose another time.";
export const TYPE_NOT_FOUND = "That consultation is not offered.";
export const PAID_NOT_YET = "This consultation is paid: please contact us to book it.";

export async function bookConsultation(
  { db, config, outbox }: ActionContext,
  actor: Actor,
  input: BookingInput & { now?: Date },
): Promise<Outcome<{ booking: BookingRow }>> {
  const now = input.now ?? new Date();
  return db.transaction(async (trx) => {
    const type = await findActiveType(trx, input.type);
    if (!type) return refuse(404, TYPE_NOT_FOUND, { type: TYPE_NOT_FOUND });
    if (type.price_kobo > 0) return refuse(409, PAID_NOT_YET);
    const calendars = await staffCalendars(trx, now);
    const slot = freeSlots(calendars, type.minutes, await bookingRules(trx), now).find((s) => s.startsAt.getTime() === input.slot.getTime());
    if (!slot) return refuse(409, SLOT_TAKEN, { slot: SLOT_TAKEN });
    for (const staffId of slot.staffIds) {
      const buffer = calendars.find((c) => c.staffId === staffId)?.bufferMinutes ?? 0;
      const fields = {
        type_id: type.id,
        staff_id: staffId,
        starts_at: slot.startsAt,
        ends_at: slot.endsAt,
        blocked_until: new Date(slot.endsAt.getTime() + buffer * 60_000),
        name: input.name,
        email: input.email,
        phone: input.phone,
        destination: input.destination,
        visa_type: input.visa_type,
        user_id: actor.userId,
      };
      let booking: BookingRow;
      try {
        // A savepoint: when this person was taken a moment ago, the next one free at that time may still be.
        booking = await trx.transaction((sp) => insertBooking(sp, fields, config.site.emailInfo.split("@")[1]));
      } catch (err) {
        if (isOverlap(err)) continue;
        throw err;
      }
      await queueBookingMail(outbox, trx, { booking, type, change: "booked" });
      await scheduleReminders(trx, booking, now);
      const lead = { email: booking.email, name: booking.name, phone: booking.phone, refTable: "bookings", refId: booking.id };
      await recordLeadEvent(trx, { ...lead, kind: "booking", source: "booking_page" });
      await auditAs(trx, actor, { action: "consultation_booked", subjectType: "booking", subjectId: booking.id });
      return { ok: true, booking };
    }
    return refuse(409, SLOT_TAKEN, { slot: SLOT_TAKEN });
  });
}
