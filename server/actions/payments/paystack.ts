// Paying through Paystack: start (or resume) a checkout at today's quote, verify a reference with Paystack before
// anything is paid (a redirect or a webhook alone proves nothing), take a signed webhook, and reconcile lost ones.

import { sameCover } from "../../domain/familyBill.ts";
import { paymentRefusal } from "../../domain/status.ts";
import { countPayment } from "../../metrics/index.ts";
import { findForUser } from "../../models/applications.ts";
import {
  closedUnverified,
  findOpenPayment,
  findPayment,
  findPaymentByReference,
  insertPayment,
  movePayment,
  type PaymentRow,
  paymentSubject,
  providerReference,
  QUOTE_NO_LONGER_VALID,
} from "../../models/payments.ts";
import { findUserContact } from "../../models/users.ts";
import { createPaystackClient, PaystackError } from "../../payments/paystack.ts";
import {
  queueDedicatedTransfer,
  queueReconcile,
  queueVerify,
  RECONCILE_CLOSED_EVERY_MS,
  RECONCILE_CLOSED_FOR_MS,
  RECONCILE_EVERY_MS,
  RECONCILE_FIRST_MS,
  RECONCILE_FOR_MS,
} from "../../payments/tasks.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { LOAD_FAILED } from "../applications/refusals.ts";
import { closeAttempts } from "./closeAttempts.ts";
import { lockPayableApplication, payableApplication } from "./payableApplication.ts";
import { amountOwed, billNow, paymentAt } from "./quote.ts";
import { settlePayment } from "./settlePayment.ts";

export const PAYSTACK_UNREACHABLE = "Paystack could not be reached. Nothing was charged: please try again in a few minutes.";

export function paystack(ctx: Pick<ActionContext, "config">) {
  const settings = ctx.config.payments.paystack;
  if (!settings) throw new Error("Paystack is not configured");
  return createPaystackClient(settings);
}

/** Paystack's checkout for a payment row (an application's fee or a booking's): its address, kept on the row. Throws PaystackError. */
export async function openCheckout(
  ctx: ActionContext,
  payment: PaymentRow,
  to: { email: string; callbackUrl: string; metadata: Record<string, string> },
): Promise<string> {
  const started = await paystack(ctx).initialize({
    email: to.email,
    amountMinor: payment.amount_minor,
    currency: payment.currency,
    reference: payment.reference,
    callbackUrl: to.callbackUrl,
    metadata: to.metadata,
  });
  await movePayment(ctx.db, payment.id, ["pending"], "pending", { authorization_url: started.authorizationUrl });
  countPayment("paystack", "started");
  return started.authorizationUrl;
}

export type VerifyResult = "paid" | "needs_attention" | "unchanged" | "not_paid" | "failed";

/** Asks Paystack about our reference and settles the payment when Paystack says it succeeded. */
export async function verifyPaystackPayment(
  ctx: ActionContext,
  actor: Actor,
  reference: string,
): Promise<{ result: VerifyResult; payment?: PaymentRow }> {
  const payment = await findPaymentByReference(ctx.db, reference);
  if (payment?.provider !== "paystack") return { result: "unchanged" };
  if (!["pending", "failed"].includes(payment.state)) return { result: "unchanged", payment };
  const verified = await paystack(ctx).verify(reference);
  if (!verified) return { result: "not_paid", payment };
  if (verified.status === "success") {
    const settled = await settlePayment(ctx, actor, payment.id, {
      amountMinor: verified.amountMinor,
      currency: verified.currency,
      providerReference: verified.providerId,
      paidAt: verified.paidAt,
    });
    return { result: settled.result, payment: settled.payment };
  }
  if (verified.status === "failed" || verified.status === "reversed") {
    const failed = await ctx.db.transaction(async (trx) => {
      const moved = await movePayment(trx, payment.id, ["pending"], "failed", { decision_note: `Paystack: ${verified.status}` });
      if (moved) {
        await auditAs(trx, actor, {
          action: "payment_failed",
          ...paymentSubject(payment),
          details: { payment: payment.id, reason: verified.status },
        });
      }
      return moved;
    });
    if (failed) countPayment("paystack", "failed");
    return { result: "failed", payment: failed ?? payment };
  }
  // abandoned, ongoing, pending…: not paid (yet). The applicant may resume; the reconcile job looks again.
  return { result: "not_paid", payment };
}

/**
 * The applicant starts (or resumes) Paystack's checkout: the open attempt while its quote holds, else a new one at
 * today's quote. Answers the authorization URL to redirect the browser to.
 */
export async function startPaystackPayment(
  ctx: ActionContext,
  actor: Actor & { userId: string },
  input: { applicationId: string; baseUrl: string },
): Promise<Outcome<{ authorizationUrl: string }>> {
  const { db, config } = ctx;
  if (!config.payments.providers.includes("paystack")) return refuse(404, LOAD_FAILED);
  const payable = await payableApplication(db, input.applicationId, actor.userId, "refuse");
  if (!payable.ok) return payable;
  const row = payable.app;
  const quoted = await billNow(db, config, row);
  if (!quoted.ok) return quoted;
  const open = await findOpenPayment(db, row.id, "paystack");
  if (open) {
    // Reused only at today's price: the same fee, bill, currency and amount, within its hold.
    const sameQuote =
      open.amount_minor === amountOwed(quoted) &&
      open.instalment_id === (quoted.next?.id ?? null) &&
      open.currency === quoted.quote.currency &&
      open.fee_usd_cents === quoted.feeUsdCents &&
      open.bill_version === quoted.bill.version &&
      sameCover(open.covers ?? [], quoted.covers);
    if (sameQuote && open.quote_expires_at.getTime() > Date.now() && open.authorization_url)
      return { ok: true, authorizationUrl: open.authorization_url };
    // Its quote ran out or is no longer today's: it may still have been paid in the meantime — ask before starting again.
    try {
      const { result } = await verifyPaystackPayment(ctx, actor, open.reference);
      if (result === "paid" || result === "needs_attention")
        return refuse(409, paymentRefusal((await findForUser(db, row.id, actor.userId)) ?? row) ?? LOAD_FAILED);
    } catch (err) {
      if (err instanceof PaystackError) return refuse(503, PAYSTACK_UNREACHABLE);
      throw err;
    }
    await movePayment(db, open.id, ["pending"], "failed", { decision_note: sameQuote ? "Quote expired before payment" : QUOTE_NO_LONGER_VALID });
  }
  const account = await findUserContact(db, actor.userId);
  if (!account) return refuse(404, LOAD_FAILED);
  const started = await db.transaction(async (trx): Promise<Outcome<{ created: PaymentRow }>> => {
    // Asked again under the application's lock, which a transfer's proof also takes: a proof that arrived from another
    // tab since the first look wins, and no checkout opens on top of it.
    const locked = await lockPayableApplication(trx, row.id, actor.userId, "refuse");
    if (!locked.ok) return locked;
    await closeAttempts(trx, actor, row.id, "paystack");
    const created = await insertPayment(trx, paymentAt(row, "paystack", quoted, providerReference()));
    await queueReconcile(trx, created.id, new Date(Date.now() + RECONCILE_FIRST_MS));
    await auditAs(trx, actor, {
      action: "payment_started",
      subjectType: "application",
      subjectId: row.id,
      details: { provider: "paystack", amount: created.amount_minor, currency: created.currency, reference: created.reference },
    });
    return { ok: true, created };
  });
  if (!started.ok) return started;
  const payment = started.created;
  try {
    const authorizationUrl = await openCheckout(ctx, payment, {
      email: account.email,
      callbackUrl: `${input.baseUrl}/payment/${row.id}/return`,
      metadata: { application: row.reference_number },
    });
    return { ok: true, authorizationUrl };
  } catch (err) {
    if (!(err instanceof PaystackError)) throw err;
    ctx.logger.warn({ err: err.message, payment: payment.id }, "Paystack initialize failed");
    await movePayment(db, payment.id, ["pending"], "failed", { decision_note: "Paystack could not start the checkout" });
    countPayment("paystack", "unreachable");
    return refuse(503, PAYSTACK_UNREACHABLE);
  }
}

/** Paystack sent the applicant back: verify the application's newest open Paystack attempt (the query proves nothing). */
export async function returnFromPaystack(
  ctx: ActionContext,
  actor: Actor & { userId: string },
  input: { applicationId: string; reference: string },
): Promise<Outcome<{ result: VerifyResult; payment?: PaymentRow }>> {
  const row = await findForUser(ctx.db, input.applicationId, actor.userId);
  if (!row) return refuse(404, LOAD_FAILED);
  const payment = await findPaymentByReference(ctx.db, input.reference);
  // A reference of another application (or another person) is not looked at.
  if (!payment || payment.application_id !== row.id || payment.provider !== "paystack") return refuse(404, LOAD_FAILED);
  if (payment.state === "paid") return { ok: true, result: "unchanged", payment };
  try {
    return { ok: true, ...(await verifyPaystackPayment(ctx, actor, payment.reference)) };
  } catch (err) {
    if (!(err instanceof PaystackError)) throw err;
    // The webhook or the reconcile job will settle it; the applicant is told it is being checked.
    return { ok: true, result: "not_paid", payment };
  }
}

/** A signed charge event arrived: recorded, and its verification queued (answered at once; the job does the work). */
export async function receivePaystackEvent(ctx: ActionContext, input: { event: string; reference: string }): Promise<void> {
  const system: Actor = { userId: null, via: "system" };
  await ctx.db.transaction(async (trx) => {
    const payment = await findPaymentByReference(trx, input.reference);
    await auditAs(trx, system, {
      action: "payment_webhook",
      ...(payment ? paymentSubject(payment) : { subjectType: "application", subjectId: null }),
      details: { provider: "paystack", event: input.event, reference: input.reference, known: Boolean(payment) },
    });
    if (payment) await queueVerify(trx, input.reference);
    // A charge that names no payment of ours may be a transfer into an applicant's own account: Paystack is asked —
    // even once the setting is off, as accounts already given out still take money that must be settled or held.
    else await queueDedicatedTransfer(trx, input.reference);
  });
}

/**
 * The reconcile job: verify once more; still open → look again in an hour, until a day has passed (then failed). A
 * checkout closed unasked (the applicant chose another way to pay, or what is owed changed) is verified too, for a
 * week: money found on it settles the fee if it is still owed, or is held for staff (settlePayment).
 */
export async function reconcilePaystackPayment(ctx: ActionContext, paymentId: string): Promise<VerifyResult | "gave_up"> {
  const system: Actor = { userId: null, via: "system" };
  const payment = await findPayment(ctx.db, paymentId);
  if (!payment) return "unchanged";
  const age = Date.now() - payment.created_at.getTime();
  const closed = closedUnverified(payment);
  if (payment.state !== "pending" && !(closed && age < RECONCILE_CLOSED_FOR_MS)) return "unchanged";
  const { result } = await verifyPaystackPayment(ctx, system, payment.reference);
  if (result !== "not_paid" && !(closed && result === "failed")) return result;
  if (closed) {
    const every = age + RECONCILE_EVERY_MS > RECONCILE_FOR_MS ? RECONCILE_CLOSED_EVERY_MS : RECONCILE_EVERY_MS;
    if (age + every > RECONCILE_CLOSED_FOR_MS) return "gave_up";
    await queueReconcile(ctx.db, payment.id, new Date(Date.now() + every));
    return result;
  }
  if (age + RECONCILE_EVERY_MS > RECONCILE_FOR_MS) {
    await movePayment(ctx.db, payment.id, ["pending"], "failed", { decision_note: "Not paid within a day" });
    countPayment("paystack", "expired");
    return "gave_up";
  }
  await queueReconcile(ctx.db, payment.id, new Date(Date.now() + RECONCILE_EVERY_MS));
  return "not_paid";
}
