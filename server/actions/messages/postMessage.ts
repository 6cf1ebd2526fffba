// A message in an application's conversation, from its applicant or from staff: the message, the other side's
// e-mail (a link, not the words) and the audit entry (never the words), in one transaction.

import { queueThreadMessage } from "../../mail/threadMessages.ts";
import { lockApplication } from "../../models/statusChanges.ts";
import { insertMessage, type Side, type ThreadMessageRow } from "../../models/thread.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { LOAD_FAILED } from "../applications/refusals.ts";

export const ACCOUNT_GONE = "The applicant deleted their account: messages can no longer reach them.";

interface PostInput {
  applicationId: string;
  body: string;
}

async function post(
  { db, config, outbox }: ActionContext,
  actor: Actor & { userId: string },
  side: Side,
  input: PostInput,
): Promise<Outcome<{ message: ThreadMessageRow }>> {
  return db.transaction(async (trx) => {
    // Held until commit, so the application cannot vanish (or change hands) between this look and the insert.
    const row = await lockApplication(trx, input.applicationId);
    // An applicant writes only on their own application: any other id answers as one that does not exist.
    if (!row || (side === "applicant" && row.user_id !== actor.userId)) return refuse(404, LOAD_FAILED);
    if (row.anonymised_at) return refuse(409, ACCOUNT_GONE);
    const message = await insertMessage(trx, { applicationId: row.id, authorId: actor.userId, side, body: input.body });
    await queueThreadMessage(outbox, trx, { row, from: side, staffInbox: config.mail.staffInbox });
    await auditAs(trx, actor, { action: "message_posted", subjectType: "application", subjectId: row.id, details: { from: side } });
    return { ok: true, message };
  });
}

/** The applicant writes to staff about their own application. */
export const postApplicantMessage = (ctx: ActionContext, actor: Actor & { userId: string }, input: PostInput) => post(ctx, actor, "applicant", input);

/** Staff (the route's guard: role and two-factor) write to the applicant. */
export const postStaffMessage = (ctx: ActionContext, actor: Actor & { userId: string }, input: PostInput) => post(ctx, actor, "staff", input);
