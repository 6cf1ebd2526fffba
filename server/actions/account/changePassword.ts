// A person changes their password on the account page: the current one proves it is them, the new one meets the
// sign-up rule (staff's where staff), and as a credential event every link dies and every other session ends.
import { passwordProblem } from "../../auth/passwordStrength.ts";
import { hashPassword, verifyPassword } from "../../auth/passwords.ts";
import { voidCredentials } from "../../models/accountTokens.ts";
import { findPasswordHash, findSessionUser, setPasswordHash } from "../../models/users.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";

export interface ChangePassword {
  currentPassword: string;
  newPassword: string;
  /** The session making the change: it stays signed in. */
  sessionId: string;
}

export const ACCOUNT_NOT_FOUND = "Account not found";
export const WRONG_PASSWORD = "Password is incorrect";

export async function changePassword(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: ChangePassword,
): Promise<Outcome<{ otherSessionsEnded: number }>> {
  const user = await findSessionUser(db, actor.userId);
  const storedHash = await findPasswordHash(db, actor.userId);
  if (!user || !storedHash) return refuse(404, ACCOUNT_NOT_FOUND);
  if (!(await verifyPassword(storedHash, input.currentPassword))) return refuse(400, WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
  const weak = passwordProblem(input.newPassword, [user.email, user.fullName], user.isAdmin ? "staff" : "applicant");
  if (weak) return refuse(400, weak, { newPassword: weak });
  // Hashed before the transaction: no connection or row lock waits on the slow hash.
  const hash = await hashPassword(input.newPassword);
  return db.transaction(async (trx) => {
    await setPasswordHash(trx, actor.userId, hash);
    const ended = await voidCredentials(trx, actor.userId, input.sessionId);
    await auditAs(trx, actor, {
      action: "password_changed",
      subjectType: "account",
      subjectId: actor.userId,
      details: { otherSessionsEnded: ended },
    });
    return { ok: true, otherSessionsEnded: ended };
  });
}
