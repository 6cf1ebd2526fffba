// An applicant chooses to pay by bank transfer: an attempt at today's quote (held 24 hours) with the short code to
// write in the transfer's narration — or the open one again, so the page can be reloaded or revisited. A quote that
// expired before any proof came is closed as failed, and a new one made at today's rate.
import { findOpenPayment, insertPayment, movePayment, type PaymentRow, providerReference, transferCode } from "../../models/payments.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { LOAD_FAILED } from "../applications/refusals.ts";
import { closeAttempts } from "./closeAttempts.ts";
import { lockPayableApplication, payableApplication } from "./payableApplication.ts";
import { billNow, paymentAt } from "./quote.ts";

export const QUOTE_EXPIRED = "Quote expired";

/** The open attempt is still good: its price holds, or its proof is with staff whatever the date. */
export const stillOpen = (p: PaymentRow, now = Date.now()) => p.state === "awaiting_confirmation" || new Date(p.quote_expires_at).getTime() > now;

export async function startBankTransfer(
  ctx: ActionContext,
  actor: Actor & { userId: string },
  input: { applicationId: string },
): Promise<Outcome<{ payment: PaymentRow; started: boolean }>> {
  const { db, config } = ctx;
  if (!config.payments.providers.includes("bank_transfer")) return refuse(404, LOAD_FAILED);
  // A transfer whose proof waits for staff is this way to pay's own: it is shown again, not refused.
  const payable = await payableApplication(db, input.applicationId, actor.userId, "allow");
  if (!payable.ok) return payable;
  const row = payable.app;
  const quoted = await billNow(db, config, row);
  if (!quoted.ok) return quoted;
  return db.transaction(async (trx) => {
    // Two tabs starting at once serialise on the application: one attempt.
    const locked = await lockPayableApplication(trx, row.id, actor.userId, "allow");
    if (!locked.ok) return locked;
    const open = await findOpenPayment(trx, row.id, "bank_transfer");
    if (open && stillOpen(open)) return { ok: true, payment: open, started: false };
    if (open) await movePayment(trx, open.id, ["pending"], "failed", { decision_note: QUOTE_EXPIRED });
    await closeAttempts(trx, actor, row.id, "bank_transfer");
    const payment = await insertPayment(trx, {
      ...paymentAt(row, "bank_transfer", quoted, providerReference()),
      payment_code: transferCode(),
    });
    await auditAs(trx, actor, {
      action: "payment_started",
      subjectType: "application",
      subjectId: row.id,
      details: {
        payment: payment.id,
        provider: "bank_transfer",
        amount: payment.amount_minor,
        currency: payment.currency,
        code: payment.payment_code,
      },
    });
    return { ok: true, payment, started: true };
  });
}
