// Staff confirm a bank transfer they found in the account: the amount received is recorded and, when it covers the
// quote, the payment settles through the one settle step (receipt e-mail included). Less than the quote is refused:
// staff ask for the balance or reject the transfer.
import { formatMinor } from "../../../views/lib/money.ts";
import { movePayment } from "../../models/payments.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { type Settled, settleIn } from "./settlePayment.ts";
import { lockDecidableTransfer, type TransferDecision } from "./transferDecision.ts";

export async function confirmTransfer(
  ctx: ActionContext,
  actor: Actor & { userId: string },
  input: TransferDecision & { receivedMinor: number },
): Promise<Outcome<{ settled: Settled }>> {
  return ctx.db.transaction(async (trx) => {
    const open = await lockDecidableTransfer(trx, input);
    if (!open.ok) return open;
    const { payment } = open;
    const received = input.receivedMinor;
    if (received < payment.amount_minor) {
      const message = `${formatMinor(received, payment.currency)} is less than the ${formatMinor(payment.amount_minor, payment.currency)} quoted: ask the applicant for the balance, or reject the transfer.`;
      return refuse(400, message, { received: message });
    }
    // The fee is the quote; anything above it is recorded as received (staff refund the difference).
    const decision = { decidedBy: actor.userId, receivedMinor: received };
    let settled = await settleIn(trx, ctx, actor, payment.id, { amountMinor: payment.amount_minor, currency: payment.currency, ...decision });
    if (settled.result === "needs_attention") {
      // The application could not take it (paid another way, or rejected meanwhile): held for a refund, with who decided.
      const held = await movePayment(trx, payment.id, ["needs_attention"], "needs_attention", {
        received_minor: received,
        decided_by: actor.userId,
        decided_at: new Date(),
      });
      if (held) settled = { ...settled, payment: held };
    }
    await auditAs(trx, actor, {
      action: "transfer_confirmed",
      subjectType: "application",
      subjectId: payment.application_id,
      details: { payment: payment.id, received, currency: payment.currency, result: settled.result },
    });
    return { ok: true, settled };
  });
}
