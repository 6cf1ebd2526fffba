// A person signs in with e-mail and password (checked by passport before this): the trail records a success under the
// account, or a failure naming the account the address belongs to, if any.
import { ACCOUNT_DEACTIVATED, INVALID_CREDENTIALS } from "../../auth/passport.ts";
import { findUserByEmail } from "../../models/users.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";

export interface SignIn {
  email: string;
  /** The account whose password was right, or null when the e-mail and password did not match. */
  userId: string | null;
  /** The password was right but the account is deactivated: refused with its own message. */
  deactivated?: boolean;
}

export async function signIn({ db }: ActionContext, actor: Actor, input: SignIn): Promise<Outcome<{ userId: string }>> {
  return db.transaction(async (trx) => {
    const { userId } = input;
    if (userId) {
      await auditAs(trx, { ...actor, userId }, { action: "sign_in", subjectType: "account", subjectId: userId });
      return { ok: true, userId };
    }
    const known = await findUserByEmail(trx, input.email);
    await auditAs(trx, actor, {
      action: "sign_in_failed",
      subjectType: "account",
      subjectId: known?.id ?? null,
      ...(input.deactivated ? { details: { deactivated: true } } : {}),
    });
    return refuse(input.deactivated ? 403 : 401, input.deactivated ? ACCOUNT_DEACTIVATED : INVALID_CREDENTIALS);
  });
}
