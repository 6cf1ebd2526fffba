// A person follows the link sent to their new address: the account's e-mail changes (a credential event: every other
// session and link of the account ends) and the trail records it, in one transaction.
import { changeEmailWithToken } from "../../models/accountTokens.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";

export interface ConfirmEmailChange {
  token: string;
  /** The session following the link, when signed in: kept if it is the owner's own. */
  current?: { sid: string; userId: string };
}

export async function confirmEmailChange(
  { db }: ActionContext,
  actor: Actor,
  input: ConfirmEmailChange,
): Promise<Outcome<{ userId: string; newEmail: string }>> {
  return db.transaction(async (trx) => {
    const result = input.token ? await changeEmailWithToken(trx, input.token, input.current) : ({ invalid: true } as const);
    if ("taken" in result) return refuse(409, "Another account uses this e-mail address now, so yours was not changed.");
    if ("invalid" in result) return refuse(410, "This link has expired or was already used. Ask for the change again on your account page.");
    const { userId, newEmail } = result.changed;
    await auditAs(trx, { ...actor, userId }, { action: "email_changed", subjectType: "account", subjectId: userId });
    return { ok: true, userId, newEmail };
  });
}
