// The one writer of an application's status and its history row (SQL only: the messages and the audit entry of a
// change are its action's, server/actions/applications/).

import type { Knex } from "knex";
import type { Status } from "../domain/visa.ts";
import type { ApplicationRow } from "./applications.ts";
import { groupCoverMoved } from "./groupBills.ts";
import { isUuid } from "./ids.ts";

export interface StatusChange {
  /** The application's row, locked (FOR UPDATE) by the caller's transaction. */
  row: ApplicationRow;
  to: Status;
  /** The user who made the change. */
  by: string;
  note: string | null;
  /** A change that can be undone until `until`, holding back the applicant's message `messageId` until then. */
  undo?: { until: Date; messageId: string };
}

/** Locks an application's row for a change in the caller's transaction; undefined when there is none. */
export async function lockApplication(trx: Knex.Transaction, id: string): Promise<ApplicationRow | undefined> {
  if (!isUuid(id)) return undefined;
  return trx<ApplicationRow>("visa_applications").where({ id }).forUpdate().first();
}

/**
 * Writes a planned move: the status (and the first submission time) and its history row, which keeps, for an undo,
 * the status and the wait it replaced. Returns the updated row and the history row's id.
 */
export async function writeStatusChange(
  trx: Knex.Transaction,
  change: StatusChange & { setSubmittedAt: boolean },
): Promise<{ row: ApplicationRow; historyId: string }> {
  const { row, to, by, note, undo } = change;
  const patch: Record<string, unknown> = { status: to, updated_at: trx.fn.now() };
  if (change.setSubmittedAt) patch.submitted_at = trx.fn.now();
  const [updated] = await trx<ApplicationRow>("visa_applications").where({ id: row.id }).update(patch).returning("*");
  // A family case submitted, refused or sent back: the group's open bill covers someone else now.
  await groupCoverMoved(trx, row, row.status, to);
  const [history] = await trx("application_status_history")
    .insert({
      application_id: row.id,
      status: to,
      changed_by: by,
      notes: note,
      ...(undo
        ? { previous_status: row.status, previous_status_since: row.status_since, undo_until: undo.until, undo_message_id: undo.messageId }
        : {}),
    })
    .returning("id");
  return { row: updated, historyId: history.id };
}

/**
 * The staff note of each returned draft among `ids` (its newest history row moved it back to draft): what the
 * applicant is asked to change.
 */
export async function returnNotes(db: Knex, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows: { application_id: string; status: string; notes: string | null; created_at: Date; submitted_at: Date | null }[] = await db
    .from("application_status_history as h")
    .join("visa_applications as a", "a.id", "h.application_id")
    .distinctOn("h.application_id")
    .whereIn("h.application_id", ids)
    .orderBy([{ column: "h.application_id" }, { column: "h.created_at", order: "desc" }])
    .select("h.application_id", "h.status", "h.notes", "h.created_at", "a.submitted_at");
  // Only a draft row written after a submission is a return: the row of a draft started again from a rejected one, or
  // of a family member added to a group, is not (presenters/application.ts labels history the same way).
  const returned = (r: (typeof rows)[number]) =>
    r.status === "draft" && r.notes && r.submitted_at && new Date(r.created_at) >= new Date(r.submitted_at);
  return new Map(rows.filter(returned).map((r) => [r.application_id, r.notes as string]));
}
