// A person follows the reset link and chooses a new password: the same strength rule as at sign-up (staff's stricter),
// the token and its siblings used up, every session of the account ended and the trail told, in one transaction.
import { passwordProblem } from "../../auth/passwordStrength.ts";
import { hashPassword } from "../../auth/passwords.ts";
import { findLiveToken, setPasswordWithToken, type TokenOwner } from "../../models/accountTokens.ts";
import { hasTwoFactor } from "../../models/twoFactor.ts";
import { isStaff } from "../../models/users.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";

export const INVALID_RESET_LINK = "This link has expired or has already been used. Ask for a new one below.";

export interface ResetPassword {
  token: string;
  password: string;
}

/**
 * `signInAgain`: staff and anyone with two-factor sign in again themselves, with their code (a mailbox alone never
 * opens the account past its second factor, nor the admin panel); anyone else may be signed in by the caller.
 */
export async function resetPassword(
  { db }: ActionContext,
  actor: Actor,
  input: ResetPassword,
): Promise<Outcome<{ owner: TokenOwner; signInAgain: boolean }>> {
  // Judged against this account's own name and address before the hash is made, outside the transaction; the token is
  // checked again, locked, inside it.
  const holder = await findLiveToken(db, input.token, "password_reset");
  if (!holder) return refuse(410, INVALID_RESET_LINK);
  const staff = await isStaff(db, holder.userId);
  const weak = passwordProblem(input.password, [holder.email, holder.fullName], staff ? "staff" : "applicant");
  if (weak) return refuse(400, weak, { password: weak });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (trx) => {
    const owner = await setPasswordWithToken(trx, input.token, passwordHash);
    if (!owner) return refuse(410, INVALID_RESET_LINK);
    await auditAs(trx, { ...actor, userId: owner.userId }, { action: "password_reset", subjectType: "account", subjectId: owner.userId });
    return { ok: true, owner, signInAgain: staff || (await hasTwoFactor(trx, owner.userId)) };
  });
}
