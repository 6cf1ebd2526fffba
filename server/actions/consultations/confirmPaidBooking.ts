// Paystack's verified payment of a booking confirms it, inside the settlement's transaction: from awaiting payment,
// or after its hold lapsed when the same staff member's slot is still free (the exclusion constraint decides). Then
// exactly what a free booking does at once (announceBooking). Anything else is for staff to refund.
import type { Knex } from "knex";
import { type BookingRow, confirmPaid, isOverlap, lockBooking } from "../../models/bookings.ts";
import { findType } from "../../models/consultations.ts";
import type { ActionContext, Actor } from "../action.ts";
import { announceBooking } from "./announceBooking.ts";
import { dropHoldExpiry } from "./holds.ts";

export const SLOT_GONE = "Paid after the booking's hold ended, and its time was taken meanwhile: refund it.";
export const TOO_LATE = "Paid after the booking's hold ended, and its time has passed: refund it.";
export const NOT_AWAITING = "Money arrived for a consultation that was not waiting for payment: refund it.";

export async function confirmPaidBooking(
  trx: Knex.Transaction,
  ctx: Pick<ActionContext, "outbox">,
  actor: Actor,
  input: { bookingId: string; now: Date },
): Promise<{ booking: BookingRow } | { refused: string }> {
  const current = await lockBooking(trx, input.bookingId);
  const lapsed = current?.status === "cancelled" && current.cancel_reason === "unpaid";
  if (!current || (current.status !== "awaiting_payment" && !lapsed)) return { refused: NOT_AWAITING };
  if (lapsed && new Date(current.starts_at) <= input.now) return { refused: TOO_LATE };
  let booking: BookingRow;
  try {
    booking = await trx.transaction((sp) => confirmPaid(sp, current.id));
  } catch (err) {
    if (isOverlap(err)) return { refused: SLOT_GONE };
    throw err;
  }
  await dropHoldExpiry(trx, booking.id);
  await announceBooking(trx, ctx, actor, { booking, type: await findType(trx, booking.type_id), now: input.now });
  return { booking };
}
