// A save of a family's application keeps the group in step, in the save's transaction: a lead's changed trip or
// address goes to the members who follow it, and a member's own answer to a shared field stops following the lead
// (or follows it again once it is the lead's again).
import type { Knex } from "knex";
import { changedShared, ownFieldsAfter, type SharedField } from "../../domain/family.ts";
import { type ApplicationRow, type DraftFields, findById, lockApplicant } from "../../models/applications.ts";
import { followLead, leadsAGroup, setOwnFields } from "../../models/familyGroups.ts";

/** Before the save: whether it belongs to a group, under the applicant's lock (a lead's and a member's saves in turn). */
export async function lockGroupOf(trx: Knex.Transaction, row: ApplicationRow): Promise<boolean> {
  if (!row.group_lead_id && !(await leadsAGroup(trx, row.id))) return false;
  await lockApplicant(trx, row.user_id);
  return true;
}

/** After the save of `before` with `fields` (saved as `after`). */
export async function keepGroupInStep(trx: Knex.Transaction, before: ApplicationRow, fields: DraftFields, after: ApplicationRow): Promise<void> {
  if (before.group_lead_id) {
    const lead = await findById(trx, before.group_lead_id);
    if (!lead) return;
    const own = ownFieldsAfter(before.group_own_fields, fields, lead);
    if (own.join() !== before.group_own_fields.join()) await setOwnFields(trx, before.id, own);
    return;
  }
  const changed = changedShared(before, fields);
  if (!changed.length) return;
  await followLead(trx, before.id, Object.fromEntries(changed.map((k) => [k, after[k]])) as Partial<Pick<ApplicationRow, SharedField>>);
}
