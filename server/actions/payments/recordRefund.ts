// Staff record a refund of a paid fee: through Paystack's refund call first when Paystack took the money, then the
// payment and the application marked refunded (and the family members a group's bill paid for), the applicant's
// e-mail and the audit entry, in one transaction.
import type { Knex } from "knex";
import { formatMinor } from "../../../views/lib/money.ts";
import type { Config } from "../../config.ts";
import { queueRefundMessage } from "../../mail/applicationMessages.ts";
import { markMembersRefunded } from "../../models/groupBills.ts";
import { isApplicationPayment, lockPayment, markApplicationRefunded, movePayment, type PaymentRow } from "../../models/payments.ts";
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
    // A consultation's payment is refunded by cancelling the consultation.
    if (!payment || !isApplicationPayment(payment)) return refuse(404, PAYMENT_NOT_FOUND);
    if (payment.state === "refunded") return refuse(409, ALREADY_REFUNDED);
    if (payment.state !== "paid") return refuse(409, NOT_REFUNDABLE);
    const amount = input.amountMinor ?? payment.amount_minor;
    if (amount > payment.amount_minor) {
      const message = `A refund cannot be more than was paid (${formatMinor(payment.amount_minor, payment.currency)}).`;
      return refuse(400, message, { amount: message });
    }
    const outcome = await refundIn(trx, config, payment, { amountMinor: amount, reason: input.reason, refundedBy: actor.userId });
    if (!outcome.ok) return outcome;
    const refunded = outcome.payment;
    await markApplicationRefunded(trx, payment.application_id);
    // A family group's payment: the members it paid for are refunded with the lead.
    const members = await markMembersRefunded(trx, payment.application_id);
    const application = await lockApplication(trx, payment.application_id);
    if (application) await queueRefundMessage(outbox, trx, application, refunded);
    // The amount and who, not the reason's words: those stay on the payment, with the applicant's data.
    await auditAs(trx, actor, {
      action: "refund_recorded",
      subjectType: "application",
      subjectId: payment.application_id,
      details: { payment: payment.id, amount, currency: payment.currency, provider: payment.provider, ...(members ? { members } : {}) },
    });
    return { ok: true, payment: refunded };
  });
}

/**
 * Refunds a paid payment locked by the caller: through Paystack's refund call first when Paystack took the money
 * (its refusal changes nothing), then the payment marked refunded. Applications and consultations both use it.
 */
export async function refundIn(
  trx: Knex.Transaction,
  config: Config,
  payment: PaymentRow,
  input: { amountMinor: number; reason: string; refundedBy: string | null },
): Promise<Outcome<{ payment: PaymentRow }>> {
  let providerRefundId: string | null = null;
  if (payment.provider === "paystack") {
    const refunded = await refundAtPaystack(config, payment.reference, input);
    if (!refunded.ok) return refunded;
    providerRefundId = refunded.providerRefundId;
  }
  const refunded = (await movePayment(trx, payment.id, ["paid"], "refunded", {
    refund_minor: input.amountMinor,
    refund_reason: input.reason,
    provider_refund_id: providerRefundId,
    refunded_by: input.refundedBy,
    refunded_at: new Date(),
  })) as PaymentRow;
  return { ok: true, payment: refunded };
}

/** Paystack's refund call for our reference: its refund id, or its refusal (nothing recorded; its one-line reason). */
export async function refundAtPaystack(
  config: Config,
  reference: string,
  input: { amountMinor: number; reason: string },
): Promise<Outcome<{ providerRefundId: string }>> {
  if (!config.payments.paystack) return refuse(503, PAYSTACK_NOT_CONFIGURED);
  try {
    const refunded = await createPaystackClient(config.payments.paystack).refund({ reference, amountMinor: input.amountMinor, reason: input.reason });
    return { ok: true, providerRefundId: refunded.providerRefundId };
  } catch (err) {
    // Paystack said no (or could not be reached): nothing is recorded, and the person reads its one-line reason.
    if (err instanceof PaystackError) return refuse(err.httpStatus === null || err.httpStatus >= 500 ? 503 : 409, err.message);
    throw err;
  }
}
