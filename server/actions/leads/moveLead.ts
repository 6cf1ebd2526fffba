// Staff move a lead to any stage by hand (backwards too: a lead reopened, a booking that fell through); closing records
// the reason. The stage, its event and the audit entry, together.
import type { LeadStage } from "../../domain/leads.ts";
import { addLeadEvent, type LeadRow, lockLead, updateLead } from "../../models/leads.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";

export const LEAD_NOT_FOUND = "Lead not found";

export async function moveLead(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: { leadId: string; stage: LeadStage; reason: string | null },
): Promise<Outcome<{ lead: LeadRow }>> {
  if (input.stage === "closed" && !input.reason?.trim())
    return refuse(400, "Give a reason to close the lead", { reason: "Give a reason to close the lead" });
  return db.transaction(async (trx) => {
    const lead = await lockLead(trx, input.leadId);
    if (!lead) return refuse(404, LEAD_NOT_FOUND);
    if (lead.stage === input.stage && lead.closed_reason === (input.stage === "closed" ? input.reason : null)) return { ok: true, lead };
    const closedReason = input.stage === "closed" ? input.reason : null;
    const moved = await updateLead(trx, lead.id, { stage: input.stage, closed_reason: closedReason });
    await addLeadEvent(trx, {
      leadId: lead.id,
      kind: "stage",
      toStage: input.stage,
      actorId: actor.userId,
      details: closedReason ? { reason: closedReason } : {},
    });
    await auditAs(trx, actor, {
      action: "lead_stage_changed",
      subjectType: "lead",
      subjectId: lead.id,
      details: { from: lead.stage, to: input.stage, ...(closedReason ? { reason: closedReason } : {}) },
    });
    return { ok: true, lead: moved };
  });
}
