// An applicant pays with the demo card (SPEC §2.10/§9): a two-second wait, a 'PAY-' reference, the fee recorded at
// today's quote. The card itself is checked for format by the controller and never stored.
import { ALREADY_PAID, paymentRefusal, TRANSFER_WAITING } from "../../domain/status.ts";
import { countPayment } from "../../metrics/index.ts";
import { type ApplicationRow, findForUser } from "../../models/applications.ts";
import { insertPayment, lockOwnApplication, type PaymentRow, paymentReference, transferAwaitingStaff } from "../../models/payments.ts";
import { type ActionContext, type Actor, type Outcome, refuse } from "../action.ts";
import { LOAD_FAILED } from "../applications/refusals.ts";
import { closeAttempts } from "./closeAttempts.ts";
import { paymentAt, quoteNow } from "./quote.ts";
import { settleIn } from "./settlePayment.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function payWithDemoCard(
  ctx: ActionContext,
  actor: Actor & { userId: string },
  input: { applicationId: string },
): Promise<Outcome<{ row: ApplicationRow; payment: PaymentRow }>> {
  const { db, config } = ctx;
  if (!config.payments.providers.includes("demo")) return refuse(404, LOAD_FAILED);
  const row = await findForUser(db, input.applicationId, actor.userId);
  if (!row) return refuse(404, LOAD_FAILED);
  const refusal = paymentRefusal(row);
  if (refusal) return refuse(409, refusal);
  const quoted = await quoteNow(db, config, row.visa_type);
  if (!quoted.ok) return quoted;
  // The demo provider's charge takes a moment; nothing is held open meanwhile.
  await sleep(config.paymentDelayMs);
  const outcome = await db.transaction(async (trx): Promise<Outcome<{ row: ApplicationRow; payment: PaymentRow }>> => {
    // Paid (or moved on) meanwhile, by another tab: one fee, one payment.
    const now = await lockOwnApplication(trx, row.id, actor.userId);
    const late = now ? paymentRefusal(now) : LOAD_FAILED;
    if (late) return refuse(409, late ?? ALREADY_PAID);
    if (await transferAwaitingStaff(trx, row.id)) return refuse(409, TRANSFER_WAITING);
    await closeAttempts(trx, actor, row.id, "demo");
    const payment = await insertPayment(trx, { ...paymentAt(row, "demo", quoted.quote, paymentReference()) });
    const settled = await settleIn(trx, ctx, actor, payment.id, { amountMinor: payment.amount_minor, currency: payment.currency });
    if (settled.result !== "paid" || !("application" in settled)) throw new Error(`demo payment ${payment.id} did not settle: ${settled.result}`);
    return { ok: true, row: settled.application, payment: settled.payment };
  });
  if (outcome.ok) countPayment("demo", "paid");
  return outcome;
}
