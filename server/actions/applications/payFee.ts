// An applicant pays an application's fee (the demo card): the amount from the visa type, one guarded update so
// concurrent payments record exactly one, the receipt e-mail and the audit entry, in one transaction.
import { ALREADY_PAID, paymentRefusal } from "../../domain/status.ts";
import { feeFor } from "../../domain/visa.ts";
import { queuePaymentMessage } from "../../mail/applicationMessages.ts";
import { type ApplicationRow, findForUser } from "../../models/applications.ts";
import { recordPayment } from "../../models/payments.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { LOAD_FAILED } from "./refusals.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function payFee(
  { db, config, outbox }: ActionContext,
  actor: Actor & { userId: string },
  input: { applicationId: string },
): Promise<Outcome<{ row: ApplicationRow; amount: number }>> {
  const row = await findForUser(db, input.applicationId, actor.userId);
  if (!row) return refuse(404, LOAD_FAILED);
  const refusal = paymentRefusal(row);
  if (refusal) return refuse(409, refusal);
  // The demo provider's charge takes a moment; nothing is held open meanwhile.
  await sleep(config.paymentDelayMs);
  const amount = feeFor(row.visa_type);
  return db.transaction(async (trx) => {
    const paid = await recordPayment(trx, row.id, actor.userId, amount);
    // Paid, or its status changed, while the card was being charged.
    if (!paid) return refuse(409, paymentRefusal((await findForUser(trx, row.id, actor.userId)) ?? row) ?? ALREADY_PAID);
    await queuePaymentMessage(outbox, trx, paid);
    const details = { amount, reference: paid.payment_reference };
    await auditAs(trx, actor, { action: "payment_recorded", subjectType: "application", subjectId: paid.id, details });
    return { ok: true, row: paid, amount };
  });
}
