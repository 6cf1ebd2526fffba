// Staff record a refund of a paid fee: through Paystack's refund call first when Paystack took the money, then the
// payment and the application marked refunded, the applicant's e-mail and the audit entry, in one transaction.
import { formatMinor } from "../../../views/lib/money.ts";
import { queueRefundMessage } from "../../mail/applicationMessages.ts";
import { lockPayment, markApplicationRefunded, movePayment, type PaymentRow } from "../../models/payments.ts";
import { lockApplication } from "../../models/statusChanges.ts";
import { createPaystackClient, PaystackError } from "../../payments/paystack.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";

export interface RecordRefund {
  paymentId: string;
  /** Minor units of the payment's currency; null: the whole amount paid. */
  amountMinor: number | null;
  reason: string;
}

export const PAYMENT_NOT_FOUND = "Payment not found";
export const ALREADY_REFUNDED = "This payment has already been refunded.";
export const NOT_REFUNDABLE = "Only a paid payment can be refunded.";
export const PAYSTACK_NOT_CONFIGURED = "This payment was made through Paystack, which is not configured now: it cannot be refunded from here.";

export async function recordRefund(
  { db, config, outbox }: ActionContext,
  actor: Actor & { userId: string },
  input: RecordRefund,
): Promise<Outcome<{ payment: PaymentRow }>> {
  return db.transaction(async (trx) => {
    // Locked for the whole refund, Paystack's call included: two staff refunding at once must not refund twice.
    const payment = await lockPayment(trx, input.paymentId);
    if (!payment) return refuse(404, PAYMENT_NOT_FOUND);
    if (payment.state === "refunded") return refuse(409, ALREADY_REFUNDED);
    if (payment.state !== "paid") return refuse(409, NOT_REFUNDABLE);
    const amount = input.amountMinor ?? payment.amount_minor;
    if (amount > payment.amount_minor) {
      const message = `A refund cannot be more than was paid (${formatMinor(payment.amount_minor, payment.currency)}).`;
      return refuse(400, message, { amount: message });
    }
    let providerRefundId: string | null = null;
    if (payment.provider === "paystack") {
      if (!config.payments.paystack) return refuse(503, PAYSTACK_NOT_CONFIGURED);
      try {
        const refunded = await createPaystackClient(config.payments.paystack).refund({
          reference: payment.reference,
          amountMinor: amount,
          reason: input.reason,
        });
        providerRefundId = refunded.providerRefundId;
      } catch (err) {
        // Paystack said no (or could not be reached): nothing is recorded, and staff read its one-line reason.
        if (err instanceof PaystackError) return refuse(err.httpStatus === null || err.httpStatus >= 500 ? 503 : 409, err.message);
        throw err;
      }
    }
    const refunded = (await movePayment(trx, payment.id, ["paid"], "refunded", {
      refund_minor: amount,
      refund_reason: input.reason,
      provider_refund_id: providerRefundId,
      refunded_by: actor.userId,
      refunded_at: new Date(),
    })) as PaymentRow;
    await markApplicationRefunded(trx, payment.application_id);
    const application = await lockApplication(trx, payment.application_id);
    if (application) await queueRefundMessage(outbox, trx, application, refunded);
    // The amount and who, not the reason's words: those stay on the payment, with the applicant's data.
    await auditAs(trx, actor, {
      action: "refund_recorded",
      subjectType: "application",
      subjectId: payment.application_id,
      details: { payment: payment.id, amount, currency: payment.currency, provider: payment.provider },
    });
    return { ok: true, payment: refunded };
  });
}
