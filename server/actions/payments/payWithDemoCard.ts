// An applicant pays with the demo card (SPEC §2.10/§9): a two-second wait, a 'PAY-' reference, the fee recorded at
// today's quote. The card itself is checked for format by the controller and never stored.
import { countPayment } from "../../metrics/index.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { insertPayment, type PaymentRow, paymentReference } from "../../models/payments.ts";
import { type ActionContext, type Actor, type Outcome, refuse } from "../action.ts";
import { LOAD_FAILED } from "../applications/refusals.ts";
import { closeAttempts } from "./closeAttempts.ts";
import { lockPayableApplication, payableApplication } from "./payableApplication.ts";
import { billNow, paymentAt } from "./quote.ts";
import { settleIn } from "./settlePayment.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function payWithDemoCard(
  ctx: ActionContext,
  actor: Actor & { userId: string },
  input: { applicationId: string },
): Promise<Outcome<{ row: ApplicationRow; payment: PaymentRow }>> {
  const { db, config } = ctx;
  if (!config.payments.providers.includes("demo")) return refuse(404, LOAD_FAILED);
  const payable = await payableApplication(db, input.applicationId, actor.userId, "refuse");
  if (!payable.ok) return payable;
  const row = payable.app;
  const first = await billNow(db, config, row);
  if (!first.ok) return first;
  // The demo provider's charge takes a moment; nothing is held open meanwhile.
  await sleep(config.paymentDelayMs);
  const outcome = await db.transaction(async (trx): Promise<Outcome<{ row: ApplicationRow; payment: PaymentRow }>> => {
    // Paid (or moved on) meanwhile, by another tab: one fee, one payment.
    const locked = await lockPayableApplication(trx, row.id, actor.userId, "refuse");
    if (!locked.ok) return locked;
    // Quoted again under the lock: staff may have changed the bill while the card was charged.
    const quoted = await billNow(trx, config, locked.app);
    if (!quoted.ok) return quoted;
    await closeAttempts(trx, actor, row.id, "demo");
    const payment = await insertPayment(trx, { ...paymentAt(locked.app, "demo", quoted, paymentReference()) });
    const settled = await settleIn(trx, ctx, actor, payment.id, { amountMinor: payment.amount_minor, currency: payment.currency });
    if (settled.result !== "paid" || !("application" in settled)) throw new Error(`demo payment ${payment.id} did not settle: ${settled.result}`);
    return { ok: true, row: settled.application, payment: settled.payment };
  });
  if (outcome.ok) countPayment("demo", "paid");
  return outcome;
}
