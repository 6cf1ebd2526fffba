// Staff move an application to another status (the list's inline select, the review page): the lifecycle's rules,
// the status and its history row, the applicant's e-mail and the audit entry, all in one transaction.
import { PAYABLE_STATUSES, planStatusChange, UNDO_WINDOW_MS } from "../../domain/status.ts";
import { STATUS_LABELS, type Status } from "../../domain/visa.ts";
import { queueStatusMessage } from "../../mail/applicationMessages.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { closeOpenQuotes } from "../../models/payments.ts";
import { writeStatusChange } from "../../models/statusChanges.ts";
import { type ActionContext, auditAs, type Outcome, refuse } from "../action.ts";
import { lockCase, type StaffActor } from "./lockCase.ts";

export interface ChangeApplicationStatus {
  applicationId: string;
  status: Status;
  /** The status the person saw beside their choice; a move is applied only from it. */
  shownStatus: Status;
  /** To the applicant: required for some moves (return for changes, reopen), in the e-mail and the timeline. */
  note: string | null;
}

/** A change that e-mails the applicant can be undone until `until` (its e-mail leaves then). */
export interface StatusUndo {
  changeId: string;
  until: Date;
}

const statusMovedOn = (current: string) =>
  `This application's status changed to ${STATUS_LABELS[current as Status] ?? current} since you opened it. Reload and choose again.`;

export async function changeApplicationStatus(
  { db, outbox }: ActionContext,
  actor: StaffActor,
  input: ChangeApplicationStatus,
): Promise<Outcome<{ row: ApplicationRow; changed: boolean; undo: StatusUndo | null }>> {
  return db.transaction(async (trx) => {
    const row = await lockCase(trx, actor, input.applicationId);
    if ("ok" in row) return row;
    // Someone else moved it meanwhile (or the page kept an old status): the choice was made against what is no
    // longer true, so nothing is applied and the person decides again on the current status.
    if (row.status !== input.shownStatus) return refuse(409, statusMovedOn(row.status));
    const plan = planStatusChange({ from: row, to: input.status, who: "admin", note: input.note });
    if ("refused" in plan) return plan.refused === "note_required" ? refuse(400, plan.message, { note: plan.message }) : refuse(409, plan.message);
    if (!plan.changed) return { ok: true, row, changed: false, undo: null };
    // Every staff move tells the applicant, in this transaction: a change that rolls back sends nothing. (Queued before
    // the update, which takes the shared statistics row's lock: that lock is then held for the shortest time.) The
    // e-mail leaves when the undo window ends, so an undo can still withdraw it.
    const until = new Date(Date.now() + UNDO_WINDOW_MS);
    const messageId = await queueStatusMessage(outbox, trx, { row: { ...row, status: input.status }, note: input.note, sendAt: until });
    const written = await writeStatusChange(trx, {
      row,
      to: input.status,
      by: actor.userId,
      note: input.note,
      setSubmittedAt: plan.setSubmittedAt,
      undo: messageId ? { until, messageId } : undefined,
    });
    // Out of the payable statuses (back to draft for changes, rejected…): what is owed may change, so open quotes close.
    if (!PAYABLE_STATUSES.includes(input.status)) await closeOpenQuotes(trx, row.id);
    // Whether a note was given, not its words: those are the applicant's timeline, erased with their account.
    await auditAs(trx, actor, {
      action: "status_changed",
      subjectType: "application",
      subjectId: row.id,
      details: { to: input.status, withNote: Boolean(input.note) },
    });
    return { ok: true, row: written.row, changed: true, undo: messageId ? { changeId: written.historyId, until } : null };
  });
}
