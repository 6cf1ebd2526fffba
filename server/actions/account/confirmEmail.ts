// A person follows the link of the confirmation e-mail: the address is confirmed and the link (and its siblings) spent;
// consultations booked with that address become the account's, and the WhatsApp and SMS reminders chosen on them
// the account's consent (unless the account chose later itself).
import { confirmEmailWithToken } from "../../models/accountTokens.ts";
import { linkBookingsToUser } from "../../models/bookings.ts";
import { carryBookingConsents } from "../../models/channels.ts";
import { type ActionContext, type Outcome, refuse } from "../action.ts";

export async function confirmEmail({ db }: ActionContext, input: { token: string }): Promise<Outcome<{ email: string }>> {
  return db.transaction(async (trx) => {
    const owner = input.token ? await confirmEmailWithToken(trx, input.token) : undefined;
    if (!owner) return refuse(410, "This confirmation link has expired or was already used. Sign in and choose Resend.");
    // The address is the account's now: consultations booked with it become the account's.
    const linked = await linkBookingsToUser(trx, owner.userId, owner.email);
    await carryBookingConsents(trx, owner.userId, linked);
    return { ok: true, email: owner.email };
  });
}
