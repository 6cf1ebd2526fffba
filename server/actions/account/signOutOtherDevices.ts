// A person signs out every device but the one in their hand (the account page's device list).
import { endSessions } from "../../models/users.ts";
import { type ActionContext, type Actor, auditAs, type Outcome } from "../action.ts";

export async function signOutOtherDevices(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: { sessionId: string },
): Promise<Outcome<{ ended: number }>> {
  return db.transaction(async (trx) => {
    const ended = await endSessions(trx, actor.userId, input.sessionId);
    await auditAs(trx, actor, { action: "sessions_ended", subjectType: "account", subjectId: actor.userId, details: { ended } });
    return { ok: true, ended };
  });
}
