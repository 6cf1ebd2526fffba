// An operator resets a lost second factor (admin:reset-2fa), once they made sure out of band that the person asking
// owns the account: two-factor off, every link and session ended, the audit entry, and for staff a new one-time
// set-up link, in one transaction.
import { issueToken, voidCredentials } from "../../models/accountTokens.ts";
import { disableTwoFactor } from "../../models/twoFactor.ts";
import { findUserByEmail, isStaff, type UserRow } from "../../models/users.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { noUser } from "./promoteToStaff.ts";

export async function resetTwoFactor(
  { db }: Pick<ActionContext, "db">,
  actor: Actor,
  input: { email: string; osUser: string | null },
): Promise<Outcome<{ user: UserRow; enrolToken?: string }>> {
  return db.transaction(async (trx) => {
    const user = await findUserByEmail(trx, input.email);
    if (!user) return refuse(404, noUser(input.email));
    await disableTwoFactor(trx, user.id);
    await voidCredentials(trx, user.id);
    await auditAs(trx, actor, {
      action: "two_factor_disabled",
      subjectType: "account",
      subjectId: user.id,
      details: { osUser: input.osUser, reset: true },
    });
    // Staff act as staff only with a second factor: they set it up again from this link.
    const enrolToken = (await isStaff(trx, user.id)) ? await issueToken(trx, user.id, "staff_enrol") : undefined;
    return { ok: true, user, ...(enrolToken ? { enrolToken } : {}) };
  });
}
