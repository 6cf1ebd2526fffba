// An applicant withdraws their bank transfer (with a reason) to pay another way: the attempt closes, so the other ways
// to pay open again (one open payment per application). The closed transfer keeps its code, proof and reason on the
// staff's Payments page: money that still arrives for it is found there and refunded, never taken as the fee.
import { movePayment, type PaymentRow } from "../../models/payments.ts";
import { type ActionContext, type Actor, auditAs, type Outcome } from "../action.ts";
import { lockOpenTransfer } from "./lockOpenTransfer.ts";

export const NO_TRANSFER_TO_WITHDRAW = "There is no open bank transfer to withdraw.";

export async function withdrawTransfer(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: { applicationId: string; reason: string },
): Promise<Outcome<{ payment: PaymentRow }>> {
  return db.transaction(async (trx) => {
    const found = await lockOpenTransfer(trx, input.applicationId, actor.userId, NO_TRANSFER_TO_WITHDRAW, "not-needed");
    if (!found.ok) return found;
    const { app, transfer: locked } = found;
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
