// The late cases of each active staff member, and the record of the morning e-mail that listed them (SQL only).
import type { Knex } from "knex";
import type { LateCutoffs } from "../domain/deadlines.ts";

export interface LateCaseRow {
  assignee_id: string;
  assignee_email: string;
  assignee_name: string;
  id: string;
  reference_number: string;
  applicant_name: string | null;
  status: "submitted" | "under_review";
  status_since: Date;
}

/**
 * Every late case with an active assignee (not deactivated, two-factor on), longest waiting first: the two ranges of
 * the (assignee_id, status, status_since) partial index.
 */
export async function lateCasesOfStaff(db: Knex, cutoffs: LateCutoffs): Promise<LateCaseRow[]> {
  return db("visa_applications as a")
    .join("users as u", "u.id", "a.assignee_id")
    .whereNull("u.deactivated_at")
    .whereNotNull("u.totp_enabled_at")
    .whereExists(db("user_roles as r").whereRaw("r.user_id = u.id").select(db.raw("1")))
    .where((q) =>
      q
        .where((s) => s.where("a.status", "submitted").where("a.status_since", "<", cutoffs.submitted))
        .orWhere((s) => s.where("a.status", "under_review").where("a.status_since", "<", cutoffs.under_review)),
    )
    .orderBy([{ column: "a.assignee_id" }, { column: "a.status_since" }])
    .select(
      "a.assignee_id",
      "u.email as assignee_email",
      "u.full_name as assignee_name",
      "a.id",
      "a.reference_number",
      "a.full_name as applicant_name",
      "a.status",
      "a.status_since",
    );
}

/** Claims the day's e-mail for a staff member: false when it was already sent (or claimed by a run in progress). */
export async function claimDigest(trx: Knex.Transaction, userId: string, day: string, cases: number): Promise<boolean> {
  const rows = await trx("late_case_digests").insert({ user_id: userId, day, cases }).onConflict(["user_id", "day"]).ignore().returning("user_id");
  return rows.length > 0;
}

export async function recordDigestMessage(trx: Knex.Transaction, userId: string, day: string, messageId: string | null): Promise<void> {
  await trx("late_case_digests").where({ user_id: userId, day }).update({ message_id: messageId });
}
