// The lead applicant adds a family member to their application: a new draft on the lead's account that starts with
// the group's shared answers (the trip, the address) and the member's name and date of birth; the member's own steps
// (passport, history) are filled next. Only on the lead's own application, never on a member's, and at most
// MAX_FAMILY_MEMBERS per group.
import { lagosToday } from "../../domain/calendar.ts";
import { MAX_FAMILY_MEMBERS, relationLabel, startingAnswers } from "../../domain/family.ts";
import { type ApplicationRow, findById, insertDraft, lockApplicant } from "../../models/applications.ts";
import { memberCount, membersOf } from "../../models/familyGroups.ts";
import { memberSchema } from "../../validation/family.ts";
import { checkInput } from "../../validation/validate.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { LOAD_FAILED } from "../applications/refusals.ts";

export const GROUP_FULL = `A family group has at most ${MAX_FAMILY_MEMBERS} members besides the lead applicant: start a second application for the others.`;
export const MEMBER_NOT_LEAD = (leadReference: string) =>
  `This application is a family member's: add family members on the lead applicant's application, ${leadReference}.`;
export const GROUP_CLOSED = "This application was refused or withdrawn: start a new application to apply with your family.";

export async function addFamilyMember(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: { leadId: string; fields: Record<string, unknown> },
): Promise<Outcome<{ member: ApplicationRow; lead: ApplicationRow; existed: boolean }>> {
  const parsed = checkInput(memberSchema(lagosToday()), input.fields);
  return db.transaction(async (trx) => {
    // The applicant's lock: a second add at the same moment counts this one's member.
    await lockApplicant(trx, actor.userId);
    const lead = await findById(trx, input.leadId);
    if (!lead || lead.user_id !== actor.userId) return refuse(404, LOAD_FAILED);
    if (lead.group_lead_id) {
      const top = await findById(trx, lead.group_lead_id);
      return refuse(409, MEMBER_NOT_LEAD(top?.reference_number ?? "the first application"));
    }
    if (lead.status === "rejected") return refuse(409, GROUP_CLOSED);
    if (!parsed.ok) return refuse(400, Object.values(parsed.fields)[0] ?? "Please check the member's details.", parsed.fields);
    const { relation, relationOther, fullName, dateOfBirth } = parsed.data;
    // The same person twice (a double click, a form sent again): the one already in the group, nothing new.
    const same = (await membersOf(trx, lead.id)).find(
      (m) => m.date_of_birth === dateOfBirth && m.full_name?.trim().toLowerCase() === fullName.toLowerCase(),
    );
    if (same) return { ok: true, member: same, lead, existed: true };
    if ((await memberCount(trx, lead.id)) >= MAX_FAMILY_MEMBERS) return refuse(409, GROUP_FULL);
    const member = await insertDraft(
      trx,
      actor.userId,
      { ...startingAnswers(lead), full_name: fullName, date_of_birth: dateOfBirth, current_step: lead.visa_type ? 2 : 1 },
      { group_lead_id: lead.id, group_relation: relation, group_relation_other: relation === "other" ? relationOther : null },
    );
    const label = relationLabel(relation, relation === "other" ? relationOther : null);
    await trx("application_status_history").insert({
      application_id: member.id,
      status: "draft",
      changed_by: actor.userId,
      notes: `Added to the family group of ${lead.reference_number} (${label}).`,
    });
    await auditAs(trx, actor, {
      action: "family_member_added",
      subjectType: "application",
      subjectId: member.id,
      details: { leadId: lead.id, leadReference: lead.reference_number, relation },
    });
    return { ok: true, member, lead, existed: false };
  });
}
