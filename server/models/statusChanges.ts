// The one writer of an application's status and its history row, and the admin's status change built on it.
import type { Knex } from "knex";
import { planStatusChange } from "../domain/status.ts";
import type { Status } from "../domain/visa.ts";
import type { ApplicationRow } from "./applications.ts";
import { isUuid } from "./ids.ts";

export interface StatusChange {
  /** The application's row, locked (FOR UPDATE) by the caller's transaction. */
  row: ApplicationRow;
  to: Status;
  /** The user who made the change (the applicant for a submission, else the admin). */
  by: string;
  note: string | null;
}

export interface StatusChangeResult {
  row: ApplicationRow;
  changed: boolean;
}

/**
 * Writes a status and its history row inside the caller's transaction, so the caller can add its own work (a
 * notification, say) that commits or rolls back with the change.
 */
export async function recordStatusChange(trx: Knex.Transaction, change: StatusChange): Promise<StatusChangeResult> {
  const { row, to, by, note } = change;
  const plan = planStatusChange({ from: row, to, note });
  if (!plan.changed) return { row, changed: false };
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
    return recordStatusChange(trx, { row, to: input.status, by: input.adminId, note: input.note });
  });
}
