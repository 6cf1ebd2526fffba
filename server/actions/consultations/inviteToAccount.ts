// After a held consultation, staff invite the person to create an account: an e-mail with a sign-up link prefilled
// from the booking. The booking becomes the account's once its address is confirmed (confirmEmail).
import type { BookingRow } from "../../models/bookings.ts";
import { findUserByEmail } from "../../models/users.ts";
import { type ActionContext, auditAs, type Outcome, refuse } from "../action.ts";
import type { StaffActor } from "../applications/lockCase.ts";
import { lockStaffBooking } from "./lockStaffBooking.ts";

export async function inviteToAccount(
  { db, outbox }: ActionContext,
  actor: StaffActor,
  input: { bookingId: string },
): Promise<Outcome<{ booking: BookingRow }>> {
  return db.transaction(async (trx) => {
    const booking = await lockStaffBooking(trx, actor, input.bookingId);
    if ("ok" in booking) return booking;
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
