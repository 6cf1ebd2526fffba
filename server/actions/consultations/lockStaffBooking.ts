// A staff member's hold on one consultation for a change (cancel, outcome, invitation): the booking locked, when it
// exists and is theirs to change (mayChangeConsultation: a manager any, a staff member their own meeting).

import type { Knex } from "knex";
import { mayChangeConsultation } from "../../domain/staff.ts";
import { type BookingRow, lockBooking } from "../../models/bookings.ts";
import { isUuid } from "../../models/ids.ts";
import { type Refusal, refuse } from "../action.ts";
import type { StaffActor } from "../applications/lockCase.ts";

export const BOOKING_NOT_FOUND = "Booking not found";
export const NOT_YOUR_CONSULTATION = "Only a manager or the staff member whose consultation it is can change it.";

export async function lockStaffBooking(trx: Knex.Transaction, actor: StaffActor, bookingId: string): Promise<BookingRow | Refusal> {
  const row = isUuid(bookingId) ? await lockBooking(trx, bookingId) : undefined;
  if (!row) return refuse(404, BOOKING_NOT_FOUND);
  // Every staff member sees the whole agenda, so another's meeting is refused (403), not hidden (404).
  if (!mayChangeConsultation(actor.staff, row)) return refuse(403, NOT_YOUR_CONSULTATION);
  return row;
}
