// Staff reject a bank transfer they could not find or match: the attempt fails with their reason, and the applicant is
// told why by e-mail, with the way to pay again.
import { queueTransferRejected } from "../../mail/applicationMessages.ts";
import { findById } from "../../models/applications.ts";
import { type ApplicationPaymentRow, movePayment } from "../../models/payments.ts";
import { type ActionContext, type Actor, auditAs, type Outcome } from "../action.ts";
import { lockDecidableTransfer, type TransferDecision } from "./transferDecision.ts";

export async function rejectTransfer(
  { db, outbox }: ActionContext,
  actor: Actor & { userId: string },
  input: TransferDecision & { reason: string },
): Promise<Outcome<{ payment: ApplicationPaymentRow }>> {
  return db.transaction(async (trx) => {
    const open = await lockDecidableTransfer(trx, input);
    if (!open.ok) return open;
    const payment = (await movePayment(trx, open.payment.id, ["awaiting_confirmation"], "failed", {
      decision_note: input.reason,
      decided_by: actor.userId,
      decided_at: new Date(),
    })) as ApplicationPaymentRow;
    const application = await findById(trx, payment.application_id);
    if (application) await queueTransferRejected(outbox, trx, application, payment);
    await auditAs(trx, actor, {
      action: "transfer_rejected",
      subjectType: "application",
      subjectId: payment.application_id,
      details: { payment: payment.id, reason: input.reason },
    });
    return { ok: true, payment };
  });
}
