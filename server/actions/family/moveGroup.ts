// Staff move a family's cases through review together: after a case's status change, the group's other cases that had
// the same status get the same change, each through the same action as alone (its lock, its officer's right to it,
// its undo window and its e-mail); one that cannot be moved (another officer's, moved meanwhile) is left as it is.

import { findById } from "../../models/applications.ts";
import { membersOf } from "../../models/familyGroups.ts";
import type { ActionContext } from "../action.ts";
import type { ChangeApplicationStatus } from "../applications/changeApplicationStatus.ts";
import { changeApplicationStatus } from "../applications/changeApplicationStatus.ts";
import type { StaffActor } from "../applications/lockCase.ts";

/** The group's other cases moved with `input`'s change (their references), and those left as they were. */
export async function moveGroupAlong(
  context: ActionContext,
  actor: StaffActor,
  input: ChangeApplicationStatus,
): Promise<{ moved: string[]; left: string[] }> {
  const row = await findById(context.db, input.applicationId);
  if (!row) return { moved: [], left: [] };
  const leadId = row.group_lead_id ?? row.id;
  const lead = row.group_lead_id ? await findById(context.db, leadId) : row;
  const group = [...(lead ? [lead] : []), ...(await membersOf(context.db, leadId))];
  const others = group.filter((r) => r.id !== row.id && r.status === input.shownStatus);
  const moved: string[] = [];
  const left: string[] = [];
  for (const other of others) {
    const outcome = await changeApplicationStatus(context, actor, { ...input, applicationId: other.id });
    (outcome.ok && outcome.changed ? moved : left).push(other.reference_number);
  }
  return { moved, left };
}
