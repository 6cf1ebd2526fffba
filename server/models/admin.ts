// One application as the admin panel sees it (with its account), and the admin's status change.
import type { Knex } from "knex";
import { type ApplicationRow, isUuid } from "./applications.ts";

export interface AdminApplicationRow extends ApplicationRow {
  account_name: string | null;
  account_email: string | null;
}

export async function findApplication(db: Knex, id: string): Promise<AdminApplicationRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db("visa_applications as a")
    .leftJoin("users as u", "u.id", "a.user_id")
    .where("a.id", id)
    .first("a.*", "u.full_name as account_name", "u.email as account_email");
}

/**
 * THE status change of the admin panel (table and detail page): locks the row, sets the status (and the
 * submission date when a draft is submitted for the first time) and writes the history row, in one transaction.
 * Setting the status it already has without a note changes nothing and writes no history.
 */
export async function changeStatus(
  db: Knex,
  input: { id: string; status: string; adminId: string; note: string | null },
): Promise<{ row: ApplicationRow; changed: boolean } | undefined> {
  if (!isUuid(input.id)) return undefined;
  return db.transaction(async (trx) => {
    const row = await trx<ApplicationRow>("visa_applications").where({ id: input.id }).forUpdate().first();
    if (!row) return undefined;
    if (row.status === input.status && !input.note) return { row, changed: false };
    const patch: Record<string, unknown> = { status: input.status, updated_at: trx.fn.now() };
    if (input.status === "submitted" && row.status === "draft" && row.submitted_at === null) patch.submitted_at = trx.fn.now();
    const [updated] = await trx<ApplicationRow>("visa_applications").where({ id: input.id }).update(patch).returning("*");
    await trx("application_status_history").insert({
      application_id: input.id,
      status: input.status,
      changed_by: input.adminId,
      notes: input.note,
    });
    return { row: updated, changed: true };
  });
}
