// Staff take a lead or give it to another staff member (or nobody), and a new lead goes to the next staff member in
// turn: the owner, its event and the audit entry, together. An owner must act as staff (the role and two-factor sign-in).
import type { Knex } from "knex";
import { addLeadEvent, type LeadRow, lockLead, staffMembers, updateLead } from "../../models/leads.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { takeTurn } from "../staff/takeTurn.ts";
import { LEAD_NOT_FOUND } from "./moveLead.ts";

export const NOT_STAFF = "Choose a staff member";

export async function assignLead(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: { leadId: string; ownerId: string | null },
): Promise<Outcome<{ lead: LeadRow }>> {
  return db.transaction(async (trx) => {
    const lead = await lockLead(trx, input.leadId);
    if (!lead) return refuse(404, LEAD_NOT_FOUND);
    const owner = input.ownerId ? (await staffMembers(trx)).find((s) => s.id === input.ownerId) : null;
    if (owner === undefined) return refuse(400, NOT_STAFF, { ownerId: NOT_STAFF });
    if (lead.owner_id === input.ownerId) return { ok: true, lead };
    const assigned = await updateLead(trx, lead.id, { owner_id: input.ownerId });
    await addLeadEvent(trx, { leadId: lead.id, kind: "owner", actorId: actor.userId, details: { owner: owner?.full_name ?? null } });
    await auditAs(trx, actor, {
      action: "lead_owner_changed",
      subjectType: "lead",
      subjectId: lead.id,
      details: { from: lead.owner_id, to: input.ownerId },
    });
    return { ok: true, lead: assigned };
  });
}

/**
 * A new lead's step, in the transaction that created it: with the round-robin on, it goes to the next person who acts
 * as staff (the cases' rotation rule, with the leads' own place); otherwise it stays without an owner.
 */
export async function giveNewLeadInTurn(trx: Knex.Transaction, lead: LeadRow): Promise<LeadRow> {
  const owner = await takeTurn(trx, "leads");
  if (!owner) return lead;
  const assigned = await updateLead(trx, lead.id, { owner_id: owner.id });
  await addLeadEvent(trx, { leadId: lead.id, kind: "owner", details: { owner: owner.full_name, how: "round_robin" } });
  await auditAs(
    trx,
    { userId: null, via: "system" },
    { action: "lead_owner_changed", subjectType: "lead", subjectId: lead.id, details: { from: null, to: owner.id, how: "round_robin" } },
  );
  return assigned;
}
