// Money held for staff (a payment under Needs attention: paid twice, a late webhook on an old checkout, a transfer to an
// applicant's own account that matched nothing owed, an amount other than the quote) is settled by a manager on the
// payment's page: applied to the bill when it is exactly what is owed now (heldApplicable.ts), settled by the same
// steps as any payment (receipt code, e-mail, the application's status); or refunded — through Paystack for Paystack's
// money, or recorded with the bank's reference of a transfer back made by hand. Both under the application's lock, once.
import { PAYMENT_STATE_LABELS } from "../../../views/lib/payments.ts";
import { queueRefundMessage } from "../../mail/applicationMessages.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { isUuid } from "../../models/ids.ts";
import {
  type ApplicationPaymentRow,
  closeOpenQuotes,
  isApplicationPayment,
  lockOwnApplication,
  lockPayment,
  moneyReceived,
  movePayment,
  type PaymentRow,
} from "../../models/payments.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, type Refusal, refuse } from "../action.ts";
import { applicable, NOTHING_ARRIVED } from "./heldApplicable.ts";
import { paymentAt } from "./quote.ts";
import { refundAtPaystack } from "./recordRefund.ts";
import { countSettled, type Settled, settleIn } from "./settlePayment.ts";
import { PAYMENT_NOT_FOUND } from "./transferDecision.ts";

export interface HeldPaymentInput {
  paymentId: string;
  /** The case the page was opened for: a payment of another case answers 404. */
  applicationId: string;
}

export const BANK_REFERENCE_NEEDED = "Enter the bank's reference of the transfer back to the payer.";

const notHeld = (p: PaymentRow) =>
  `This payment is no longer held for staff: it is ${PAYMENT_STATE_LABELS[p.state].toLowerCase()}. Nothing was changed.`;

/** The held payment and its application, both locked (application first, as every payment path takes them). */
async function lockHeld(
  trx: ActionContext["db"],
  input: HeldPaymentInput,
): Promise<Outcome<{ payment: ApplicationPaymentRow; app: ApplicationRow }>> {
  const payment = isUuid(input.paymentId) ? await lockPayment(trx, input.paymentId) : undefined;
  // A consultation's payment is refunded on the agenda or Paystack's dashboard; another case's is not this page's.
  if (!payment || !isApplicationPayment(payment) || payment.application_id !== input.applicationId) return refuse(404, PAYMENT_NOT_FOUND);
  if (payment.state !== "needs_attention") return refuse(409, notHeld(payment));
  const app = await lockOwnApplication(trx, payment.application_id, payment.user_id);
  if (!app) return refuse(404, PAYMENT_NOT_FOUND);
  return { ok: true, payment, app };
}

/** Thrown inside the transaction to undo what settling wrote when it did not pay (it never should: checked first). */
class Undo extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

/** Apply: the held money settles the next unpaid instalment, or the whole bill, with its receipt and e-mail. */
export async function applyHeldPayment(
  ctx: ActionContext,
  actor: Actor & { userId: string },
  input: HeldPaymentInput,
): Promise<Outcome<{ payment: PaymentRow }>> {
  let settled: Settled | undefined;
  try {
    const outcome = await ctx.db.transaction(async (trx): Promise<Outcome<{ payment: PaymentRow }>> => {
      const held = await lockHeld(trx, input);
      if (!held.ok) return held;
      const { payment, app } = held;
      const check = await applicable(trx, ctx.config, payment, app);
      if (!check.ok) return check;
      // The attempts still open are for what was owed before this money: they close, as when the bill changes.
      await closeOpenQuotes(trx, app.id);
      // The held attempt takes today's quote for what it now pays (the old one stays in the trail), then settles as any
      // payment does: the amount and the fee checked again, the instalment or the application marked paid, the receipt.
      const quote = paymentAt(app, payment.provider, check.owed, payment.reference);
      await trx("payments")
        .where({ id: payment.id, state: "needs_attention" })
        .update({
          currency: quote.currency,
          amount_minor: quote.amount_minor,
          fee_usd_cents: quote.fee_usd_cents,
          rate_kobo_per_usd: quote.rate_kobo_per_usd,
          rate_set_at: quote.rate_set_at,
          bill_version: quote.bill_version,
          pass_through_minor: quote.pass_through_minor,
          instalment_id: quote.instalment_id,
          decision_note: `Applied to the bill by staff. It was held: ${payment.decision_note ?? "no reason kept"}`,
        });
      settled = await settleIn(
        trx,
        ctx,
        actor,
        payment.id,
        { amountMinor: check.money.minor, currency: check.money.currency, decidedBy: actor.userId, receivedMinor: payment.received_minor },
        { held: true },
      );
      if (settled.result !== "paid") throw new Undo(refuse(409, settled.result === "needs_attention" ? settled.reason : notHeld(settled.payment)));
      await auditAs(trx, actor, {
        action: "held_payment_applied",
        subjectType: "application",
        subjectId: app.id,
        details: {
          payment: payment.id,
          amount: check.money.minor,
          currency: check.money.currency,
          held: { amount: payment.amount_minor, currency: payment.currency, bill_version: payment.bill_version },
          ...(quote.instalment_id ? { instalment: quote.instalment_id } : {}),
        },
      });
      return { ok: true, payment: settled.payment };
    });
    if (outcome.ok && settled) countSettled(settled);
    return outcome;
  } catch (err) {
    if (err instanceof Undo) return err.refusal;
    throw err;
  }
}

/** Refund: the whole amount that arrived goes back; the payment becomes `returned` (never a receipt it never had). */
export async function refundHeldPayment(
  ctx: ActionContext,
  actor: Actor & { userId: string },
  input: HeldPaymentInput & { reason: string; bankReference: string | null },
): Promise<Outcome<{ payment: PaymentRow }>> {
  return ctx.db.transaction(async (trx): Promise<Outcome<{ payment: PaymentRow }>> => {
    // Locked for the whole refund, Paystack's call included: a double submit refunds once, the second finds it returned.
    const held = await lockHeld(trx, input);
    if (!held.ok) return held;
    const { payment } = held;
    const money = moneyReceived(payment);
    if (!money) return refuse(409, NOTHING_ARRIVED);
    let refundId: string;
    if (payment.provider === "paystack") {
      const refunded = await refundAtPaystack(ctx.config, payment.reference, { amountMinor: money.minor, reason: input.reason });
      if (!refunded.ok) return refunded;
      refundId = refunded.providerRefundId;
    } else {
      if (!input.bankReference) return refuse(400, BANK_REFERENCE_NEEDED, { bankReference: BANK_REFERENCE_NEEDED });
      refundId = input.bankReference;
    }
    const returned = (await movePayment(trx, payment.id, ["needs_attention"], "returned", {
      refund_minor: money.minor,
      refund_reason: input.reason,
      provider_refund_id: refundId,
      refunded_by: actor.userId,
      refunded_at: new Date(),
    })) as PaymentRow;
    // The applicant is told, as for any refund (the e-mail says it had no receipt), in the currency the money came in.
    await queueRefundMessage(ctx.outbox, trx, held.app, { ...returned, currency: money.currency });
    // The amount, how and who, not the reason's words: those stay on the payment, with the applicant's data.
    await auditAs(trx, actor, {
      action: "held_payment_refunded",
      subjectType: "application",
      subjectId: payment.application_id,
      details: { payment: payment.id, amount: money.minor, currency: money.currency, provider: payment.provider },
    });
    return { ok: true, payment: returned };
  });
}
