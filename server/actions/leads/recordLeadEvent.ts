// Something happened to a person the office is winning (an enquiry, a booking, an account, a submission, a payment):
// their lead, found by e-mail address whatever its case or created now (an account only joins an existing one; a new
// lead goes round the staff), gets the event and moves forward if the event takes it further — never backwards. Runs inside the caller's transaction, so the lead moves with the thing itself.
import type { Knex } from "knex";
import { automaticMove, type LeadEventKind, type LeadSource } from "../../domain/leads.ts";
import { lockAssignmentSettings } from "../../models/assignments.ts";
import { addLeadEvent, insertLeadUnlessTaken, type LeadRow, leadEmailOfUser, lockLeadByEmail, updateLead } from "../../models/leads.ts";
import { findUserByEmail, findUserContact } from "../../models/users.ts";
import { giveNewLeadInTurn } from "./assignLead.ts";

export interface LeadEvent {
  email: string;
  name?: string | null;
  phone?: string | null;
  kind: LeadEventKind;
  /** Where a new lead came from (an existing lead keeps its first source). */
  source: LeadSource;
  refTable?: string | null;
  refId?: string | null;
  /** Staff who caused it (a reply), or none when it happened by itself. */
  actorId?: string | null;
  /** What the history line needs to say more (a moved booking's new time). */
  details?: Record<string, unknown>;
}

/** The lead after the event; null for an account whose address never enquired, booked or applied (no lead for it). */
export async function recordLeadEvent(trx: Knex.Transaction, e: LeadEvent): Promise<LeadRow | null> {
  const found = await lockLeadByEmail(trx, e.email);
  if (!found && e.kind === "account") return null;
  const lead = found ?? (await createLead(trx, e));
  const to = automaticMove(lead.stage, e.kind);
  const patch = {
    ...(to ? { stage: to } : {}),
    ...(e.kind === "account" && e.refId ? { user_id: e.refId } : {}),
    ...(!lead.phone && e.phone ? { phone: e.phone } : {}),
  };
  const moved = Object.keys(patch).length ? await updateLead(trx, lead.id, patch) : lead;
  await addLeadEvent(trx, {
    leadId: lead.id,
    kind: e.kind,
    toStage: to,
    actorId: e.actorId,
    refTable: e.refTable,
    refId: e.refId,
    details: e.details,
  });
  return moved;
}

/** A new lead at "new", linked to the account of its address if there is one, and given to the next staff member in turn. */
async function createLead(trx: Knex.Transaction, e: LeadEvent): Promise<LeadRow> {
  // The rotation's row before the lead's, in the order a submission takes them, so the two never wait on each other;
  // and a creation that loses the race for the address takes no turn.
  await lockAssignmentSettings(trx);
  const user = await findUserByEmail(trx, e.email);
  const created = await insertLeadUnlessTaken(trx, {
    email: e.email,
    name: e.name?.trim() || user?.full_name || e.email,
    phone: e.phone ?? null,
    source: e.source,
    user_id: user?.id ?? null,
  });
  if (created) {
    await addLeadEvent(trx, { leadId: created.id, kind: "stage", toStage: "new", details: { source: e.source } });
    return giveNewLeadInTurn(trx, created);
  }
  // Created by a transaction that raced this one: take that lead, now committed.
  return (await lockLeadByEmail(trx, e.email)) as LeadRow;
}

/** An applicant's step (submission, payment) on their lead: the one linked to the account, else the account's address. */
export async function recordApplicantEvent(
  trx: Knex.Transaction,
  input: { userId: string; kind: "submitted" | "paid"; applicationId: string },
): Promise<void> {
  const user = await findUserContact(trx, input.userId);
  if (!user) return;
  const email = (await leadEmailOfUser(trx, user.id)) ?? user.email;
  await recordLeadEvent(trx, {
    email,
    name: user.full_name,
    kind: input.kind,
    source: "portal",
    refTable: "visa_applications",
    refId: input.applicationId,
  });
}
