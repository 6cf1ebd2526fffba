// Staff set (or clear) the day to follow a lead up: the date, its event and the audit entry, together.
import { addLeadEvent, type LeadRow, lockLead, updateLead } from "../../models/leads.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { LEAD_NOT_FOUND } from "./moveLead.ts";

export async function setLeadFollowUp(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: { leadId: string; followUpOn: string | null },
): Promise<Outcome<{ lead: LeadRow }>> {
  return db.transaction(async (trx) => {
    const lead = await lockLead(trx, input.leadId);
    if (!lead) return refuse(404, LEAD_NOT_FOUND);
    const updated = await updateLead(trx, lead.id, { follow_up_on: input.followUpOn });
    await addLeadEvent(trx, { leadId: lead.id, kind: "follow_up", actorId: actor.userId, details: { on: input.followUpOn } });
    await auditAs(trx, actor, { action: "lead_follow_up_set", subjectType: "lead", subjectId: lead.id, details: { on: input.followUpOn } });
    return { ok: true, lead: updated };
  });
}
