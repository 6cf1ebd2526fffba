// Leads and their events: the only module that reads or writes leads and lead_events.
import type { Knex } from "knex";
import type { LeadSource, LeadStage } from "../domain/leads.ts";
import { isUuid } from "./applications.ts";
import { likePattern } from "./likePattern.ts";

export interface LeadRow {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  source: LeadSource;
  stage: LeadStage;
  closed_reason: string | null;
  owner_id: string | null;
  follow_up_on: string | null;
  user_id: string | null;
  created_at: Date;
  stage_changed_at: Date;
}

export type LeadListRow = LeadRow & { owner_name: string | null };

export interface LeadEventRow {
  id: number;
  kind: string;
  to_stage: LeadStage | null;
  actor_name: string | null;
  ref_table: string | null;
  ref_id: string | null;
  details: Record<string, unknown>;
  created_at: Date;
}

export interface NewLeadEvent {
  leadId: string;
  kind: string;
  toStage?: LeadStage | null;
  actorId?: string | null;
  refTable?: string | null;
  refId?: string | null;
  details?: Record<string, unknown>;
}

/** The lead of an address (any case), locked for the caller's transaction. */
export async function lockLeadByEmail(trx: Knex.Transaction, email: string): Promise<LeadRow | undefined> {
  return trx<LeadRow>("leads").whereRaw("lower(email) = lower(?)", [email.trim()]).forUpdate().first();
}

export async function lockLead(trx: Knex.Transaction, id: string): Promise<LeadRow | undefined> {
  if (!isUuid(id)) return undefined;
  return trx<LeadRow>("leads").where({ id }).forUpdate().first();
}

/** A new lead, or undefined when one for the address was created meanwhile (the caller then locks that one). */
export async function insertLeadUnlessTaken(
  trx: Knex.Transaction,
  input: Pick<LeadRow, "email" | "name" | "phone" | "source" | "user_id">,
): Promise<LeadRow | undefined> {
  const { rows } = (await trx.raw(
    `INSERT INTO leads (email, name, phone, source, user_id) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (lower(email)) DO NOTHING RETURNING *`,
    [input.email.trim(), input.name, input.phone, input.source, input.user_id],
  )) as { rows: LeadRow[] };
  return rows[0];
}

export async function updateLead(
  trx: Knex.Transaction,
  id: string,
  patch: Partial<Pick<LeadRow, "stage" | "closed_reason" | "owner_id" | "follow_up_on" | "user_id" | "phone">>,
): Promise<LeadRow> {
  const stageMoved = patch.stage ? { stage_changed_at: trx.fn.now() } : {};
  const [row] = await trx<LeadRow>("leads")
    .where({ id })
    .update({ ...patch, ...stageMoved } as never)
    .returning("*");
  return row;
}

export async function addLeadEvent(trx: Knex.Transaction, e: NewLeadEvent): Promise<void> {
  await trx("lead_events").insert({
    lead_id: e.leadId,
    kind: e.kind,
    to_stage: e.toStage ?? null,
    actor_id: e.actorId ?? null,
    ref_table: e.refTable ?? null,
    ref_id: e.refId ?? null,
    details: e.details ?? {},
  });
}

export interface LeadFilter {
  stage: LeadStage | null;
  /** Only the leads of this staff member whose follow-up is due on or before `dueOn`. */
  due: { ownerId: string; dueOn: string } | null;
  q: string;
}

const filtered = (db: Knex, f: LeadFilter) =>
  db("leads as l").modify((qb) => {
    if (f.stage) qb.where("l.stage", f.stage);
    if (f.due) qb.where("l.owner_id", f.due.ownerId).where("l.follow_up_on", "<=", f.due.dueOn).whereNot("l.stage", "closed");
    if (f.q) qb.whereRaw("(l.name || ' ' || l.email || ' ' || coalesce(l.phone, '')) ILIKE ?", [likePattern(f.q)]);
  });

export async function countLeads(db: Knex, f: LeadFilter): Promise<number> {
  const [{ n }] = await filtered(db, f).count({ n: "*" });
  return Number(n);
}

export async function listLeads(db: Knex, f: LeadFilter, limit: number, offset: number): Promise<{ rows: LeadListRow[]; total: number }> {
  const base = filtered(db, f);
  const [rows, total] = await Promise.all([
    base
      .clone()
      .leftJoin("users as o", "o.id", "l.owner_id")
      .orderBy(f.due ? "l.follow_up_on" : "l.created_at", f.due ? "asc" : "desc")
      .orderBy("l.id")
      .limit(limit)
      .offset(offset)
      .select("l.*", "o.full_name as owner_name"),
    countLeads(db, f),
  ]);
  return { rows, total };
}

/** How many leads are at each stage. */
export async function countByStage(db: Knex): Promise<Record<string, number>> {
  const rows: { stage: string; n: string }[] = await db("leads").groupBy("stage").select("stage", db.raw("count(*) AS n"));
  return Object.fromEntries(rows.map((r) => [r.stage, Number(r.n)]));
}

export async function findLead(db: Knex, id: string): Promise<LeadListRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db("leads as l").leftJoin("users as o", "o.id", "l.owner_id").where("l.id", id).first("l.*", "o.full_name as owner_name");
}

export async function findLeadIdByEmail(db: Knex, email: string): Promise<string | undefined> {
  const row = await db("leads").whereRaw("lower(email) = lower(?)", [email]).first("id");
  return row?.id;
}

export async function eventsOf(db: Knex, leadId: string): Promise<LeadEventRow[]> {
  return db("lead_events as e")
    .leftJoin("users as u", "u.id", "e.actor_id")
    .where("e.lead_id", leadId)
    .orderBy("e.created_at", "asc")
    .orderBy("e.id")
    .select("e.id", "e.kind", "e.to_stage", "e.ref_table", "e.ref_id", "e.details", "e.created_at", "u.full_name as actor_name");
}

/** The people who act as staff (a staff role, two-factor, not deactivated): who may own a lead. */
export async function staffMembers(db: Knex): Promise<{ id: string; full_name: string }[]> {
  return db("users as u")
    .join("user_roles as r", "r.user_id", "u.id")
    .whereNotNull("u.totp_enabled_at")
    .whereNull("u.deactivated_at")
    .orderBy("u.full_name")
    .select("u.id", "u.full_name");
}

/** The address of the lead linked to an account (it may differ from the account's address after a change of e-mail). */
export async function leadEmailOfUser(db: Knex, userId: string): Promise<string | undefined> {
  const row = await db("leads").where({ user_id: userId }).orderBy("created_at").first("email");
  return row?.email;
}
