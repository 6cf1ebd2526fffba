// The review page's assignment: whose case it is, what the viewer may do about it, and its history in words.
import type { Knex } from "knex";
import type { AssignmentProps } from "../../views/pages/admin/types.ts";
import type { SessionUser } from "../../views/types.ts";
import { actsAsManager, ROLE_LABELS, type StaffRole } from "../domain/staff.ts";
import type { AdminApplicationRow } from "../models/admin.ts";
import { type AssignmentRow, assignableStaff, assignmentsFor, staffName } from "../models/assignments.ts";

function historyText(h: AssignmentRow): string {
  const to = h.assignee_name ?? "nobody";
  switch (h.how) {
    case "round_robin":
      return `Assigned to ${to} by the round-robin`;
    case "family":
      return `Assigned to ${to}, who has the family group's other cases`;
    case "taken":
      return `Taken by ${to}`;
    case "unassigned":
      return `Unassigned by ${h.assigned_by_name ?? "a manager"}`;
    default:
      return `Assigned to ${to} by ${h.assigned_by_name ?? "a manager"}`;
  }
}

export async function assignmentProps(db: Knex, viewer: SessionUser, row: AdminApplicationRow): Promise<AssignmentProps> {
  const manager = actsAsManager(viewer);
  const [history, staff, assignee] = await Promise.all([
    assignmentsFor(db, row.id),
    manager ? assignableStaff(db) : Promise.resolve([]),
    row.assignee_id ? staffName(db, row.assignee_id) : Promise.resolve(undefined),
  ]);
  const case_ = row.status !== "draft" || row.submitted_at !== null;
  return {
    assigneeId: row.assignee_id,
    assigneeName: assignee ?? null,
    mayTake: !manager && case_ && row.assignee_id === null,
    staff: case_ ? staff.map((s) => ({ value: s.id, label: `${s.full_name} (${ROLE_LABELS[s.role as StaffRole]})` })) : [],
    me: viewer.id,
    history: history.map((h) => ({ id: h.id, text: historyText(h), at: new Date(h.created_at).toISOString() })),
  };
}
