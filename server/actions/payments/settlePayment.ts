// A payment the provider (or staff, for a transfer) has verified: paid when the verified money equals the quote and
// the application can still take it; otherwise held as needs_attention for staff — never paid on a mismatch. Safe to
// run twice for one payment (a webhook and a callback, a repeated event): the second finds it settled and changes nothing.
import type { Knex } from "knex";
import { formatMinor } from "../../../views/lib/money.ts";
import { queuePaymentMessage } from "../../mail/applicationMessages.ts";
import { countPayment } from "../../metrics/index.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { lockPayment, markApplicationPaid, movePayment, type PaymentRow, receiptCode } from "../../models/payments.ts";
import { type ActionContext, type Actor, auditAs } from "../action.ts";
import { recordApplicantEvent } from "../leads/recordLeadEvent.ts";

export interface Verification {
  amountMinor: number;
  currency: string;
  providerReference?: string | null;
  paidAt?: Date | null;
  /** Staff who confirmed a transfer (and the amount they received). */
  decidedBy?: string | null;
  receivedMinor?: number | null;
}

export type Settled =
  | { result: "paid"; payment: PaymentRow; application: ApplicationRow }
  | { result: "needs_attention"; payment: PaymentRow; reason: string }
  | { result: "unchanged"; payment: PaymentRow };

const OPEN = ["pending", "awaiting_confirmation", "failed"] as const;

/** Settles `paymentId` inside `trx` (the caller's transaction). */
export async function settleIn(
  trx: Knex.Transaction,
  { outbox }: Pick<ActionContext, "outbox">,
  actor: Actor,
  paymentId: string,
  v: Verification,
): Promise<Settled> {
  const payment = await lockPayment(trx, paymentId);
  if (!payment) throw new Error(`payment ${paymentId} vanished`);
  if (!(OPEN as readonly string[]).includes(payment.state)) return { result: "unchanged", payment };
  const base = {
    provider_reference: v.providerReference ?? payment.provider_reference,
    verified_amount_minor: v.amountMinor,
    verified_currency: v.currency,
  };
  const attention = async (reason: string): Promise<Settled> => {
    const held = (await movePayment(trx, payment.id, OPEN, "needs_attention", { ...base, decision_note: reason })) as PaymentRow;
    await auditAs(trx, actor, {
      action: "payment_needs_attention",
      subjectType: "application",
      subjectId: payment.application_id,
      details: { payment: payment.id, reason, amount: v.amountMinor, currency: v.currency },
    });
    return { result: "needs_attention", payment: held, reason };
  };
  if (v.amountMinor !== payment.amount_minor || v.currency !== payment.currency) {
    return attention(`Received ${formatMinor(v.amountMinor, v.currency)} where ${formatMinor(payment.amount_minor, payment.currency)} was quoted.`);
  }
  const application = await markApplicationPaid(trx, payment.application_id, payment.fee_usd_cents / 100, payment.reference, v.paidAt ?? null);
  if (!application) return attention("Money arrived for an application that was already paid or can no longer be paid: refund it.");
  const paid = (await movePayment(trx, payment.id, OPEN, "paid", {
    ...base,
    receipt_code: receiptCode(),
    paid_at: application.paid_at ?? new Date(),
    received_minor: v.receivedMinor ?? null,
    decided_by: v.decidedBy ?? null,
    decided_at: v.decidedBy ? new Date() : null,
  })) as PaymentRow;
  await queuePaymentMessage(outbox, trx, application, paid);
  await recordApplicantEvent(trx, { userId: application.user_id, kind: "paid", applicationId: application.id });
  await auditAs(trx, actor, {
    action: "payment_recorded",
    subjectType: "application",
    subjectId: application.id,
    details: { provider: paid.provider, amount: paid.amount_minor, currency: paid.currency, reference: paid.reference },
  });
  return { result: "paid", payment: paid, application };
}

/** Settles `paymentId` in a transaction of its own. */
export async function settlePayment(ctx: ActionContext, actor: Actor, paymentId: string, v: Verification): Promise<Settled> {
  const settled = await ctx.db.transaction((trx) => settleIn(trx, ctx, actor, paymentId, v));
  countSettled(settled);
  return settled;
}

/** The payments counter of /metrics, once the settlement has committed. */
export function countSettled(settled: Settled): void {
  if (settled.result !== "unchanged") countPayment(settled.payment.provider, settled.result);
}
