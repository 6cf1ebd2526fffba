// Undoing a status change (SQL only): the change that can be undone, the message it holds back, and the undo's
// own history row. The rules are the action's (server/actions/applications/undoStatusChange.ts).
import type { Knex } from "knex";
import type { ApplicationRow } from "./applications.ts";
import { isUuid } from "./ids.ts";

/** A status change's history row as an undo reads it. */
export interface UndoableChange {
  id: string;
  status: string;
  changed_by: string | null;
  previous_status: string;
  previous_status_since: Date;
  undo_until: Date;
  undo_message_id: string | null;
  /** Whether an undo row already points at it. */
  undone: boolean;
  /** Whether a later history row (another change) follows it. */
  superseded: boolean;
}

/** The change `changeId` of the application, if it was made with an undo window. */
export async function findUndoableChange(trx: Knex.Transaction, applicationId: string, changeId: string): Promise<UndoableChange | undefined> {
  if (!isUuid(changeId)) return undefined;
  return trx("application_status_history as h")
    .where({ "h.id": changeId, "h.application_id": applicationId })
    .whereNotNull("h.undo_until")
    .first(
      "h.id",
      "h.status",
      "h.changed_by",
      "h.previous_status",
      "h.previous_status_since",
      "h.undo_until",
      "h.undo_message_id",
      trx.raw("EXISTS (SELECT 1 FROM application_status_history u WHERE u.undoes = h.id) AS undone"),
      trx.raw(
        "EXISTS (SELECT 1 FROM application_status_history l WHERE l.application_id = h.application_id AND l.created_at > h.created_at) AS superseded",
      ),
    );
}

/** Withdraws a message still waiting to be sent; false when it has already been sent (or given up). */
export async function withdrawMessage(trx: Knex.Transaction, messageId: string, reason: string): Promise<boolean> {
  const updated = await trx("email_messages")
    .where({ id: messageId, status: "queued" })
    .update({ status: "not_sent", error: reason, updated_at: trx.fn.now() });
  return updated > 0;
}

/** Puts the status and its wait back as they were before `change`, with the undo's history row. */
export async function writeUndo(trx: Knex.Transaction, change: UndoableChange, applicationId: string, by: string): Promise<ApplicationRow> {
  const [updated] = await trx<ApplicationRow>("visa_applications")
    .where({ id: applicationId })
    .update({ status: change.previous_status, status_since: change.previous_status_since, updated_at: trx.fn.now() })
    .returning("*");
  await trx("application_status_history").insert({
    application_id: applicationId,
    status: change.previous_status,
    changed_by: by,
    undoes: change.id,
  });
  return updated;
}
