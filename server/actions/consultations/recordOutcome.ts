// Staff mark a consultation held or missed, with a note, once it has started (a cancelled one cannot be marked), and
// only once (a second outcome would change what the first one's lead move and invitation rest on); a held one moves its
// lead to "consultation held".
import { type BookingRow, setBookingStatus } from "../../models/bookings.ts";
import { type ActionContext, auditAs, type Outcome, refuse } from "../action.ts";
import type { StaffActor } from "../applications/lockCase.ts";
import { recordLeadEvent } from "../leads/recordLeadEvent.ts";
import { lockStaffBooking } from "./lockStaffBooking.ts";

export const alreadyMarked = (status: string) =>
  `This consultation is already marked ${status === "attended" ? "held" : "missed"}; its outcome cannot be changed.`;

export async function recordOutcome(
  { db }: ActionContext,
  actor: StaffActor,
  input: { bookingId: string; outcome: "attended" | "no_show"; note: string; now?: Date },
): Promise<Outcome<{ booking: BookingRow }>> {
  const now = input.now ?? new Date();
  return db.transaction(async (trx) => {
    const current = await lockStaffBooking(trx, actor, input.bookingId);
    if ("ok" in current) return current;
    if (current.status === "cancelled") return refuse(409, "This consultation was cancelled.");
    if (current.status === "awaiting_payment") return refuse(409, "This consultation has not been paid, so it is not confirmed.");
    if (current.status !== "confirmed") return refuse(409, alreadyMarked(current.status));
    if (new Date(current.starts_at) > now) return refuse(409, "This consultation has not started yet.");
    const booking = await setBookingStatus(trx, current.id, input.outcome, input.note || null);
    // A consultation held moves its lead on (a missed one does not).
    if (input.outcome === "attended")
      await recordLeadEvent(trx, {
        email: booking.email,
        name: booking.name,
        phone: booking.phone,
        kind: "booking_held",
        source: "booking_page",
        refTable: "bookings",
        refId: booking.id,
        actorId: actor.userId,
      });
    await auditAs(trx, actor, {
      action: "consultation_outcome",
      subjectType: "booking",
      subjectId: booking.id,
      details: { outcome: input.outcome },
    });
    return { ok: true, booking };
  });
}
