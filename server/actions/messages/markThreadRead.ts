// Opening a conversation marks what the other side wrote, and this page showed, as read: for staff, read by the
// team (any staff member). A message that arrives meanwhile stays unread. The marker itself says who read and when,
// so this writes no audit entry.
import { findForPerson } from "../../models/applications.ts";
import { markRead, type Side } from "../../models/thread.ts";
import type { ActionContext, Actor } from "../action.ts";

export async function markThreadRead(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: { applicationId: string; reader: Side; messageIds: string[] },
): Promise<number> {
  if (input.messageIds.length === 0) return 0;
  return db.transaction(async (trx) => {
    // An applicant marks only their own application's thread (the pages check it too; this holds for any caller).
    if (input.reader === "applicant" && !(await findForPerson(trx, input.applicationId, actor.userId))) return 0;
    return markRead(trx, { ...input, readerId: actor.userId });
  });
}
