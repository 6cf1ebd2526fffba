// Cases change hands: a manager gives a case to a staff member (or to nobody), an officer takes an unassigned one,
// and a new submission goes round the active officers. Each change writes the case's assignment history, the audit
// entry and the assignee's e-mail in the transaction that makes it.
import type { Knex } from "knex";
import { actsAsManager, mayOpenCase } from "../../domain/staff.ts";
import { STATUS_LABELS, type Status } from "../../domain/visa.ts";
import type { Outbox } from "../../mail/outbox.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { type AssignmentHow, findAssignableStaff, writeAssignment } from "../../models/assignments.ts";
import { groupOfficerId, leadsAGroup } from "../../models/familyGroups.ts";
import { lockApplication } from "../../models/statusChanges.ts";
import { findUserContact } from "../../models/users.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { takeTurn } from "../staff/takeTurn.ts";
import { APPLICATION_NOT_FOUND, type StaffActor } from "./lockCase.ts";

export interface AssignCase {
  applicationId: string;
  /** Who gets it; null leaves it unassigned (managers only). */
  assigneeId: string | null;
  /** Whose the case was on the page the person saw: a change is applied only from it. */
  shownAssigneeId: string | null;
}

export const NOT_ASSIGNABLE = "Choose an active staff member with two-factor sign-in.";
export const ASSIGNMENT_MOVED_ON = "This case changed hands since you opened it. Reload and choose again.";

type Assignee = { id: string; email: string; full_name: string };

/** The assignment itself, its audit entry and (unless they gave it to themselves) the assignee's e-mail. */
async function recordAssignment(
  trx: Knex.Transaction,
  outbox: Outbox,
  actor: Actor,
  change: { row: ApplicationRow; assignee: Assignee | undefined; how: AssignmentHow },
): Promise<void> {
  const { row, assignee, how } = change;
  await writeAssignment(trx, { applicationId: row.id, assigneeId: assignee?.id ?? null, by: actor.userId, how });
  if (assignee && assignee.id !== actor.userId) {
    const by = actor.userId ? await findUserContact(trx, actor.userId) : undefined;
    await outbox.queue(trx, {
      kind: "case_assigned",
      to: assignee.email,
      userId: assignee.id,
      applicationId: row.id,
      data: {
        name: assignee.full_name,
        reference: row.reference_number,
        applicant: row.full_name,
        statusLabel: STATUS_LABELS[row.status as Status] ?? row.status,
        applicationId: row.id,
        assignedBy: by?.full_name ?? (how === "family" ? "Having the family group's other cases" : "The round-robin"),
      },
    });
  }
  await auditAs(trx, actor, { action: "case_assigned", subjectType: "application", subjectId: row.id, details: { to: assignee?.id ?? null, how } });
}

export async function assignCase({ db, outbox }: ActionContext, actor: StaffActor, input: AssignCase): Promise<Outcome<{ changed: boolean }>> {
  return db.transaction(async (trx) => {
    const row = await lockApplication(trx, input.applicationId);
    if (!row || !mayOpenCase(actor.staff, row)) return refuse(404, APPLICATION_NOT_FOUND);
    if (row.assignee_id !== input.shownAssigneeId) return refuse(409, ASSIGNMENT_MOVED_ON);
    if (row.status === "draft" && row.submitted_at === null) return refuse(409, "A draft becomes a case when it is submitted.");
    const manager = actsAsManager(actor.staff);
    // An officer takes an unassigned case for themselves (another officer's is not found above); giving cases to others is a manager's.
    if (!manager && input.assigneeId !== actor.userId) return refuse(403, "Only a manager can give a case to someone else.");
    if (row.assignee_id === input.assigneeId) return { ok: true, changed: false };
    const assignee = input.assigneeId ? await findAssignableStaff(trx, input.assigneeId) : undefined;
    if (input.assigneeId && !assignee) return refuse(400, NOT_ASSIGNABLE, { assigneeId: NOT_ASSIGNABLE });
    const how: AssignmentHow = !manager ? "taken" : assignee ? "reassigned" : "unassigned";
    await recordAssignment(trx, outbox, actor, { row, assignee, how });
    return { ok: true, changed: true };
  });
}

/**
 * A submission's step, in its transaction: a case nobody has goes to the next active officer in the rotation (the
 * settings row is locked, so concurrent submissions take turns); a resubmitted case keeps its officer. Nothing
 * happens with the round-robin off or no active officer: the case waits in Unassigned.
 */
export async function assignOnSubmission(trx: Knex.Transaction, outbox: Outbox, actor: Actor, row: ApplicationRow): Promise<void> {
  if (row.assignee_id !== null) return;
  // A family's cases go to one officer: the one who already has a case of the group, while they can take cases.
  const groupOfficer = row.group_lead_id || (await leadsAGroup(trx, row.id)) ? await groupOfficerId(trx, row) : undefined;
  const same = groupOfficer ? await findAssignableStaff(trx, groupOfficer) : undefined;
  if (same) {
    await recordAssignment(trx, outbox, { ...actor, userId: null, via: "system" }, { row, assignee: same, how: "family" });
    return;
  }
  const next = await takeTurn(trx, "cases");
  if (!next) return;
  await recordAssignment(trx, outbox, { ...actor, userId: null, via: "system" }, { row, assignee: next, how: "round_robin" });
}
