// An applicant withdraws their bank transfer (with a reason) to pay another way: the attempt closes, so the other ways
// to pay open again (one open payment per application). The closed transfer keeps its code, proof and reason on the
// staff's Payments page: money that still arrives for it is found there and refunded, never taken as the fee.
import { paymentRefusal } from "../../domain/status.ts";
import { findOpenPayment, lockOwnApplication, lockPayment, movePayment, type PaymentRow } from "../../models/payments.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { LOAD_FAILED } from "../applications/refusals.ts";

export const NO_TRANSFER_TO_WITHDRAW = "There is no open bank transfer to withdraw.";

export async function withdrawTransfer(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: { applicationId: string; reason: string },
): Promise<Outcome<{ payment: PaymentRow }>> {
  return db.transaction(async (trx) => {
    const app = await lockOwnApplication(trx, input.applicationId, actor.userId);
    if (!app) return refuse(404, LOAD_FAILED);
    const refusal = paymentRefusal(app);
    if (refusal) return refuse(409, refusal);
    const open = await findOpenPayment(trx, app.id, "bank_transfer");
    const locked = open && (await lockPayment(trx, open.id));
    if (!locked || (locked.state !== "pending" && locked.state !== "awaiting_confirmation")) return refuse(409, NO_TRANSFER_TO_WITHDRAW);
    const payment = (await movePayment(trx, locked.id, ["pending", "awaiting_confirmation"], "failed", {
      decision_note: `Withdrawn by the applicant: ${input.reason}`,
    })) as PaymentRow;
    await auditAs(trx, actor, {
      action: "transfer_withdrawn",
      subjectType: "application",
      subjectId: app.id,
      details: { payment: payment.id, hadProof: locked.proof_path !== null },
    });
    return { ok: true, payment };
  });
}
