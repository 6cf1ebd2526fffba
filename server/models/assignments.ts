// Whose case an application is: the assignee, its history, the round-robin setting and its rotation (SQL only here).
import type { Knex } from "knex";
import type { Rotation } from "../domain/assignment.ts";
import type { Limits } from "../domain/deadlines.ts";
import type { StaffRole } from "../domain/staff.ts";

export type AssignmentHow = "round_robin" | "taken" | "reassigned" | "unassigned" | "family";

export interface AssignmentSettings {
  round_robin: boolean;
  last_assignee_id: string | null;
  last_lead_owner_id: string | null;
}

/** Where each rotation keeps its place: the person who had the last case, and the last lead. */
const PLACE: Record<Rotation, "last_assignee_id" | "last_lead_owner_id"> = { cases: "last_assignee_id", leads: "last_lead_owner_id" };

/**
 * The settings row, locked until the caller's transaction ends: concurrent submissions take their turn in the
 * rotation one after the other, so two never get the same place.
 */
export async function lockAssignmentSettings(trx: Knex.Transaction): Promise<AssignmentSettings> {
  return trx("assignment_settings").forUpdate().first("round_robin", "last_assignee_id", "last_lead_owner_id");
}

export async function assignmentSettings(db: Knex): Promise<AssignmentSettings> {
  return db("assignment_settings").first("round_robin", "last_assignee_id", "last_lead_owner_id");
}

/** The rotation's place in the settings (read under the caller's lock). */
export const lastInTurn = (settings: AssignmentSettings, rotation: Rotation): string | null => settings[PLACE[rotation]];

/** The managers' limits per status, in working days (server/domain/deadlines.ts). */
export async function deadlineLimits(db: Knex): Promise<Limits> {
  const row = await db("assignment_settings").first("submitted_limit_days", "under_review_limit_days");
  return { submitted: row.submitted_limit_days, under_review: row.under_review_limit_days };
}

export async function saveDeadlineLimits(db: Knex, limits: Limits, by: string): Promise<void> {
  await db("assignment_settings").update({
    submitted_limit_days: limits.submitted,
    under_review_limit_days: limits.under_review,
    updated_by: by,
    updated_at: db.fn.now(),
  });
}

export async function saveRoundRobin(db: Knex, on: boolean, by: string): Promise<void> {
  await db("assignment_settings").update({ round_robin: on, updated_by: by, updated_at: db.fn.now() });
}

export async function saveLastInTurn(trx: Knex.Transaction, rotation: Rotation, userId: string): Promise<void> {
  await trx("assignment_settings").update({ [PLACE[rotation]]: userId });
}

/** The staff of these roles who take their turn, in the rotation's order: not deactivated, two-factor on. */
export async function activeStaffIds(db: Knex, roles: readonly StaffRole[]): Promise<string[]> {
  const rows: { id: string }[] = await db("users as u")
    .join("user_roles as r", "r.user_id", "u.id")
    .whereIn("r.role", roles)
    .whereNull("u.deactivated_at")
    .whereNotNull("u.totp_enabled_at")
    .orderBy("u.id")
    .select("u.id");
  return rows.map((r) => r.id);
}

/** A staff member who can be given a case: active, with a staff role and two-factor on. */
export async function findAssignableStaff(db: Knex, userId: string): Promise<{ id: string; email: string; full_name: string } | undefined> {
  return db("users as u")
    .join("user_roles as r", "r.user_id", "u.id")
    .where("u.id", userId)
    .whereNull("u.deactivated_at")
    .whereNotNull("u.totp_enabled_at")
    .first("u.id", "u.email", "u.full_name");
}

/** Gives the case to `assigneeId` (null: nobody) and records who decided it and how. */
export async function writeAssignment(
  trx: Knex.Transaction,
  change: { applicationId: string; assigneeId: string | null; by: string | null; how: AssignmentHow },
): Promise<void> {
  await trx("visa_applications").where({ id: change.applicationId }).update({ assignee_id: change.assigneeId });
  await trx("application_assignments").insert({
    application_id: change.applicationId,
    assignee_id: change.assigneeId,
    assigned_by: change.by,
    how: change.how,
  });
}

export interface AssignmentRow {
  id: string;
  how: AssignmentHow;
  created_at: Date;
  assignee_name: string | null;
  assigned_by_name: string | null;
}

/** An application's assignment history, newest first, with the names of who had it and who decided. */
export async function assignmentsFor(db: Knex, applicationId: string): Promise<AssignmentRow[]> {
  return db("application_assignments as h")
    .leftJoin("users as a", "a.id", "h.assignee_id")
    .leftJoin("users as b", "b.id", "h.assigned_by")
    .where("h.application_id", applicationId)
    .orderBy("h.created_at", "desc")
    .select("h.id", "h.how", "h.created_at", "a.full_name as assignee_name", "b.full_name as assigned_by_name");
}

/** Staff who can be given cases, for a manager's "Assign to" choice. */
export async function assignableStaff(db: Knex): Promise<{ id: string; full_name: string; role: string }[]> {
  return db("users as u")
    .join("user_roles as r", "r.user_id", "u.id")
    .whereNull("u.deactivated_at")
    .whereNotNull("u.totp_enabled_at")
    .orderBy("u.full_name")
    .select("u.id", "u.full_name", "r.role");
}

/** Every case of `userId` back to Unassigned, each with its history entry; the number released. */
export async function releaseCases(trx: Knex.Transaction, userId: string, by: string): Promise<number> {
  const released: { id: string }[] = await trx("visa_applications").where({ assignee_id: userId }).update({ assignee_id: null }).returning("id");
  if (released.length)
    await trx("application_assignments").insert(
      released.map((r) => ({ application_id: r.id, assignee_id: null, assigned_by: by, how: "unassigned" })),
    );
  return released.length;
}

export async function staffName(db: Knex, userId: string): Promise<string | undefined> {
  return (await db("users").where({ id: userId }).first("full_name"))?.full_name;
}
