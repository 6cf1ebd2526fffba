// After a held consultation, staff invite the person to create an account: an e-mail with a sign-up link prefilled
// from the booking. The booking becomes the account's once its address is confirmed (confirmEmail).
import { type BookingRow, lockBooking } from "../../models/bookings.ts";
import { findUserByEmail } from "../../models/users.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { BOOKING_NOT_FOUND } from "./recordOutcome.ts";

export async function inviteToAccount(
  { db, outbox }: ActionContext,
  actor: Actor,
  input: { bookingId: string },
): Promise<Outcome<{ booking: BookingRow }>> {
  return db.transaction(async (trx) => {
    const booking = await lockBooking(trx, input.bookingId);
    if (!booking) return refuse(404, BOOKING_NOT_FOUND);
    if (booking.status !== "attended") return refuse(409, "Mark the consultation held before inviting the person.");
    if (booking.user_id || (await findUserByEmail(trx, booking.email))) return refuse(409, "This person already has an account.");
    await outbox.queue(trx, {
      kind: "booking_account_invite",
      to: booking.email,
      data: { name: booking.name, email: booking.email, bookingId: booking.id },
    });
    await auditAs(trx, actor, { action: "consultation_invited", subjectType: "booking", subjectId: booking.id });
    return { ok: true, booking };
  });
}
