// The one writer of an application's status and its history row, and the admin's status change built on it.
import type { Knex } from "knex";
import { type Actor, planStatusChange } from "../domain/status.ts";
import type { Status } from "../domain/visa.ts";
import { queueStatusMessage } from "../mail/applicationMessages.ts";
import type { ApplicationRow } from "./applications.ts";
import { isUuid } from "./ids.ts";

export interface StatusChange {
  /** The application's row, locked (FOR UPDATE) by the caller's transaction. */
  row: ApplicationRow;
  to: Status;
  /** The user who made the change, and in which role: the lifecycle says who may make which move. */
  by: string;
  who: Actor;
  note: string | null;
}

export type StatusChangeResult =
  | { row: ApplicationRow; changed: boolean; refused?: undefined }
  | { refused: "not_allowed" | "note_required"; message: string };

/**
 * Writes a status and its history row inside the caller's transaction, so the caller can add its own work (a
 * notification, say) that commits or rolls back with the change. A move the lifecycle refuses writes nothing.
 */
export async function recordStatusChange(trx: Knex.Transaction, change: StatusChange): Promise<StatusChangeResult> {
  const { row, to, by, who, note } = change;
  const plan = planStatusChange({ from: row, to, who, note });
  if ("refused" in plan) return plan;
  if (!plan.changed) return { row, changed: false };
  // Every staff move tells the applicant, in this transaction: a change that rolls back sends nothing. (Queued before
  // the update, which takes the shared statistics row's lock: that lock is then held for the shortest time.)
  if (who === "admin") await queueStatusMessage(trx, { row: { ...row, status: to }, note });
  const patch: Record<string, unknown> = { status: to, updated_at: trx.fn.now() };
  if (plan.setSubmittedAt) patch.submitted_at = trx.fn.now();
  const [updated] = await trx<ApplicationRow>("visa_applications").where({ id: row.id }).update(patch).returning("*");
  await trx("application_status_history").insert({ application_id: row.id, status: to, changed_by: by, notes: note });
  return { row: updated, changed: true };
}

/** The admin panel's status change (table and review page): locks the row and records the change. */
export async function changeStatus(
  db: Knex,
  input: { id: string; status: Status; adminId: string; note: string | null },
): Promise<StatusChangeResult | undefined> {
  if (!isUuid(input.id)) return undefined;
  return db.transaction(async (trx) => {
    const row = await trx<ApplicationRow>("visa_applications").where({ id: input.id }).forUpdate().first();
    if (!row) return undefined;
    return recordStatusChange(trx, { row, to: input.status, by: input.adminId, who: "admin", note: input.note });
  });
}

/**
 * The staff note of each returned draft among `ids` (its newest history row moved it back to draft): what the
 * applicant is asked to change.
 */
export async function returnNotes(db: Knex, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows: { application_id: string; status: string; notes: string | null }[] = await db
    .from("application_status_history")
    .distinctOn("application_id")
    .whereIn("application_id", ids)
    .orderBy([{ column: "application_id" }, { column: "created_at", order: "desc" }])
    .select("application_id", "status", "notes");
  return new Map(rows.filter((r) => r.status === "draft" && r.notes).map((r) => [r.application_id, r.notes as string]));
}
