// Opening a way to pay closes the application's other attempts still waiting for money, each audited: one open
// attempt per application (the database's payments_one_open holds it). The caller holds the application's lock.
import type { Knex } from "knex";
import { closePendingAttempts, type Provider } from "../../models/payments.ts";
import { type Actor, auditAs } from "../action.ts";

export async function closeAttempts(trx: Knex.Transaction, actor: Actor, applicationId: string, opening: Provider): Promise<void> {
  for (const closed of await closePendingAttempts(trx, applicationId, opening)) {
    await auditAs(trx, actor, {
      action: "payment_closed",
      subjectType: "application",
      subjectId: applicationId,
      details: { payment: closed.id, provider: closed.provider, reason: closed.decision_note },
    });
  }
}
