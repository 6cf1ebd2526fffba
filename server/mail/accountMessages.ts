// Account messages queued from more than one place (sign-up, resend): written once here.
import type { Knex } from "knex";
import type { Outbox } from "./outbox.ts";

/** Queues the confirmation message in the caller's transaction (sign-up, resend). */
export function queueConfirmation(
  outbox: Outbox,
  trx: Knex | Knex.Transaction,
  user: { id: string; email: string; full_name: string },
): Promise<string | null> {
  return outbox.queue(trx, { kind: "email_confirm", to: user.email, userId: user.id, data: { name: user.full_name } });
}
