// A message in an application's conversation, from its applicant or from staff: the message, the other side's
// e-mail (a link, not the words) and the audit entry (never the words), in one transaction.

import type { Knex } from "knex";
import { queueThreadMessage } from "../../mail/threadMessages.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { lockApplication } from "../../models/statusChanges.ts";
import { insertMessage, type Side, type ThreadMessageRow } from "../../models/thread.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, type Refusal, refuse } from "../action.ts";
import { lockCase, type StaffActor } from "../applications/lockCase.ts";
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
  lock: (trx: Knex.Transaction) => Promise<ApplicationRow | Refusal>,
): Promise<Outcome<{ message: ThreadMessageRow }>> {
  return db.transaction(async (trx) => {
    // Held until commit, so the application cannot vanish (or change hands) between this look and the insert.
    const row = await lock(trx);
    if ("ok" in row) return row;
    if (row.anonymised_at) return refuse(409, ACCOUNT_GONE);
    const message = await insertMessage(trx, { applicationId: row.id, authorId: actor.userId, side, body: input.body });
    await queueThreadMessage(outbox, trx, { row, from: side, staffInbox: config.mail.staffInbox });
    await auditAs(trx, actor, { action: "message_posted", subjectType: "application", subjectId: row.id, details: { from: side } });
    return { ok: true, message };
  });
}

/**
 * The applicant writes to staff about their own application (an adult family member, about their own part): any other
 * id answers as one that does not exist.
 */
export const postApplicantMessage = (ctx: ActionContext, actor: Actor & { userId: string }, input: PostInput) =>
  post(ctx, actor, "applicant", input, async (trx) => {
    const row = await lockApplication(trx, input.applicationId);
    return row && (row.user_id === actor.userId || row.member_user_id === actor.userId) ? row : refuse(404, LOAD_FAILED);
  });

/** Staff write to the applicant on a case they may work (lockCase: another officer's case is not found). */
export const postStaffMessage = (ctx: ActionContext, actor: StaffActor, input: PostInput) =>
  post(ctx, actor, "staff", input, (trx) => lockCase(trx, actor, input.applicationId));
