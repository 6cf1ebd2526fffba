// A person downloads their data: the current password proves it is them, then everything the site keeps about them
// is read and the download is in the audit trail, together (the zip itself is streamed by the controller).
import { verifyPassword } from "../../auth/passwords.ts";
import { type AccountExport, gatherAccountData } from "../../models/accountData.ts";
import { findPasswordHash } from "../../models/users.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { ACCOUNT_NOT_FOUND, WRONG_PASSWORD } from "./changePassword.ts";

export async function exportAccountData(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: { password: string },
): Promise<Outcome<{ data: AccountExport }>> {
  const storedHash = await findPasswordHash(db, actor.userId);
  if (!storedHash) return refuse(404, ACCOUNT_NOT_FOUND);
  if (!(await verifyPassword(storedHash, input.password))) return refuse(400, WRONG_PASSWORD, { password: WRONG_PASSWORD });
  return db.transaction(async (trx) => {
    const data = await gatherAccountData(trx, actor.userId);
    await auditAs(trx, actor, { action: "data_exported", subjectType: "account", subjectId: actor.userId });
    return { ok: true, data };
  });
}
