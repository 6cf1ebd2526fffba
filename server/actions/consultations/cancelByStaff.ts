// Staff cancel a consultation from the agenda (the consultant is ill, the visitor phoned): a manager any, a staff
// member their own meetings (every staff member sees the whole agenda, so another's answers 403). It does what the
// visitor's cancel link does (cancelIn), a paid one refunded through Paystack first; once started, cancelled or
// marked, it cannot be cancelled.
import type { BookingRow } from "../../models/bookings.ts";
import type { PaymentRow } from "../../models/payments.ts";
import { type ActionContext, type Outcome, refuse } from "../action.ts";
import type { StaffActor } from "../applications/lockCase.ts";
import { cancelIn } from "./changeBooking.ts";
import { lockStaffBooking } from "./lockStaffBooking.ts";
import { alreadyMarked } from "./recordOutcome.ts";

export const ALREADY_CANCELLED = "This consultation was already cancelled.";
export const ALREADY_STARTED = "This consultation has started: mark it held or missed instead of cancelling it.";
export const NOT_CONFIRMED = "This consultation is waiting for its payment: its time is freed by itself when the hold ends.";

export async function cancelByStaff(
  { db, config, outbox }: ActionContext,
  actor: StaffActor,
  input: { bookingId: string; reason: string; now?: Date },
): Promise<Outcome<{ booking: BookingRow; refund: PaymentRow | null }>> {
  const now = input.now ?? new Date();
  return db.transaction(async (trx) => {
    const current = await lockStaffBooking(trx, actor, input.bookingId);
    if ("ok" in current) return current;
    if (current.status === "cancelled") return refuse(409, ALREADY_CANCELLED);
    if (current.status === "awaiting_payment") return refuse(409, NOT_CONFIRMED);
    if (current.status !== "confirmed") return refuse(409, alreadyMarked(current.status));
    if (new Date(current.starts_at) <= now) return refuse(409, ALREADY_STARTED);
    return cancelIn(trx, { config, outbox }, actor, current, { reason: input.reason, note: input.reason });
  });
}
