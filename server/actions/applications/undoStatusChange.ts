// Staff take back a status change within its window: the status and its wait as they were, the applicant's e-mail
// withdrawn before it leaves, the undo in the history and the audit trail, all in one transaction.
import { actsAsManager } from "../../domain/staff.ts";
import { ALREADY_UNDONE, CHANGE_NOT_FOUND, UNDO_MOVED_ON, UNDO_NOT_YOURS, UNDO_TOO_LATE, WITHDRAWN } from "../../domain/status.ts";
import { sendJobKey } from "../../mail/queue.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { removeJob } from "../../models/jobs.ts";
import { findUndoableChange, withdrawMessage, writeUndo } from "../../models/statusUndo.ts";
import { type ActionContext, auditAs, type Outcome, refuse } from "../action.ts";
import { lockCase, type StaffActor } from "./lockCase.ts";

export interface UndoStatusChange {
  applicationId: string;
  /** The change's history row, as the status change's answer named it. */
  changeId: string;
}

export async function undoStatusChange({ db }: ActionContext, actor: StaffActor, input: UndoStatusChange): Promise<Outcome<{ row: ApplicationRow }>> {
  return db.transaction(async (trx) => {
    // The case rule first (another officer's case: 404), and the lock that makes a second undo wait for the first.
    const row = await lockCase(trx, actor, input.applicationId);
    if ("ok" in row) return row;
    const change = await findUndoableChange(trx, row.id, input.changeId);
    if (!change) return refuse(404, CHANGE_NOT_FOUND);
    if (change.changed_by !== actor.userId && !actsAsManager(actor.staff)) return refuse(403, UNDO_NOT_YOURS);
    if (change.undone) return refuse(409, ALREADY_UNDONE);
    if (change.superseded || row.status !== change.status) return refuse(409, UNDO_MOVED_ON);
    if (Date.now() >= new Date(change.undo_until).getTime()) return refuse(409, UNDO_TOO_LATE);
    if (change.undo_message_id) {
      // The delivery job is deleted unless the worker has already taken it: then the e-mail is leaving, and the
      // change stands (this transaction rolls back, the job's own run included).
      if ((await removeJob(trx, sendJobKey(change.undo_message_id))) === "running") return refuse(409, UNDO_TOO_LATE);
      if (!(await withdrawMessage(trx, change.undo_message_id, WITHDRAWN))) return refuse(409, UNDO_TOO_LATE);
    }
    const updated = await writeUndo(trx, change, row.id, actor.userId);
    await auditAs(trx, actor, {
      action: "status_change_undone",
      subjectType: "application",
      subjectId: row.id,
      details: { from: change.status, to: change.previous_status },
    });
    return { ok: true, row: updated };
  });
}
