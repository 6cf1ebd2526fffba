// A person deletes their account (NDPA 2023): the current password proves it is them, staff accounts are refused,
// the erasure (models/accountData.ts) and its audit entry are one transaction, and the files go after the commit.
import type { SessionUser } from "../../../views/types.ts";
import { verifyPassword } from "../../auth/passwords.ts";
import type { AppContext } from "../../context.ts";
import { eraseAccountRows } from "../../models/accountData.ts";
import { findPasswordHash, findSessionUser } from "../../models/users.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, type Refusal, refuse } from "../action.ts";
import { ACCOUNT_NOT_FOUND, WRONG_PASSWORD } from "./changePassword.ts";

/**
 * Why this account cannot delete itself, or undefined when it may: staff accounts are closed by the office. The page
 * asks before it counts a password try, the action again.
 */
export const notErasable = (user: SessionUser): Refusal | undefined =>
  user.isAdmin ? refuse(403, "Staff accounts are closed by the office, not from this page.") : undefined;

export async function eraseAccount(
  { db, storage, logger }: ActionContext & Pick<AppContext, "storage">,
  actor: Actor & { userId: string },
  input: { password: string },
): Promise<Outcome<{ files: number }>> {
  const user = await findSessionUser(db, actor.userId);
  const storedHash = await findPasswordHash(db, actor.userId);
  if (!user || !storedHash) return refuse(404, ACCOUNT_NOT_FOUND);
  const refused = notErasable(user);
  if (refused) return refused;
  if (!(await verifyPassword(storedHash, input.password))) return refuse(400, WRONG_PASSWORD, { password: WRONG_PASSWORD });
  const keys = await db.transaction(async (trx) => {
    const erased = await eraseAccountRows(trx, actor.userId);
    await auditAs(trx, actor, { action: "account_deleted", subjectType: "account", subjectId: actor.userId, details: { files: erased.length } });
    return erased;
  });
  // After the commit: a file that cannot be removed now is logged with its key, for ops to remove by hand.
  for (const key of keys) await storage.remove(key).catch((err) => logger.error({ err, key }, "file of a deleted account not removed"));
  return { ok: true, files: keys.length };
}
