// The common end of every change of the second factor (on, off, new recovery codes): a credential event, told to the
// owner and recorded, inside the change's transaction.
import type { Knex } from "knex";
import type { Outbox } from "../../mail/outbox.ts";
import { voidCredentials } from "../../models/accountTokens.ts";
import { type Actor, auditAs } from "../action.ts";

export interface TwoFactorPerson {
  id: string;
  email: string;
  full_name: string;
}

const ACTIONS = { on: "two_factor_enabled", off: "two_factor_disabled", codes: "recovery_codes_renewed" } as const;

/** Every link of the account dies and every session but `keepSessionId` ends; the owner is e-mailed; the trail records it. */
export async function twoFactorChanged(
  outbox: Outbox,
  trx: Knex.Transaction,
  actor: Actor,
  person: TwoFactorPerson,
  change: keyof typeof ACTIONS,
  keepSessionId: string | undefined,
): Promise<void> {
  const ended = await voidCredentials(trx, person.id, keepSessionId);
  await outbox.queue(trx, { kind: "two_factor_changed", to: person.email, userId: person.id, data: { name: person.full_name, change } });
  await auditAs(trx, actor, { action: ACTIONS[change], subjectType: "account", subjectId: person.id, details: { otherSessionsEnded: ended } });
}
