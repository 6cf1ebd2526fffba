// Family groups: a lead applicant's application and the members' applications that name it (group_lead_id). The only
// module with SQL for the group's columns.
import type { Knex } from "knex";
import type { ApplicationFields } from "../domain/applicationFields.ts";
import type { SharedField } from "../domain/family.ts";
import { type ApplicationRow, isUuid } from "./applications.ts";

/** The members of a lead's group, oldest first. */
export async function membersOf(db: Knex, leadId: string): Promise<ApplicationRow[]> {
  if (!isUuid(leadId)) return [];
  return db<ApplicationRow>("visa_applications").where({ group_lead_id: leadId }).orderBy("created_at").orderBy("id").select("*");
}

/** How many members a lead's group has (under the applicant's lock when it decides whether one more may join). */
export async function memberCount(db: Knex, leadId: string): Promise<number> {
  const [{ n }] = await db("visa_applications").where({ group_lead_id: leadId }).count({ n: "*" });
  return Number(n);
}

/** Whether this application leads a group (has members). */
export async function leadsAGroup(db: Knex, id: string): Promise<boolean> {
  return Boolean(await db("visa_applications").where({ group_lead_id: id }).first("id"));
}

/**
 * In the lead's save's transaction: the members still in draft who follow the lead on a changed field get its new
 * value; a member who answered that field differently keeps theirs. One statement for all the fields.
 */
export async function followLead(trx: Knex.Transaction, leadId: string, changed: Partial<Pick<ApplicationFields, SharedField>>): Promise<number> {
  const keys = Object.keys(changed) as SharedField[];
  if (!keys.length) return 0;
  const set: Record<string, Knex.Raw> = { updated_at: trx.raw("now()") };
  for (const key of keys) set[key] = trx.raw("CASE WHEN ? = ANY(group_own_fields) THEN ?? ELSE ? END", [key, key, changed[key] ?? null]);
  return trx("visa_applications").where({ group_lead_id: leadId, status: "draft" }).update(set);
}

/** A member's shared fields answered differently from the lead (domain/family.ts#ownFieldsAfter). */
export async function setOwnFields(trx: Knex.Transaction, id: string, own: string[]): Promise<void> {
  await trx("visa_applications").where({ id }).update({ group_own_fields: own });
}

/** The officer of another submitted case of `row`'s family group (the earliest submitted), if any. */
export async function groupOfficerId(db: Knex, row: Pick<ApplicationRow, "id" | "group_lead_id">): Promise<string | undefined> {
  const lead = row.group_lead_id ?? row.id;
  const other = await db("visa_applications")
    .where((q) => q.where({ id: lead }).orWhere({ group_lead_id: lead }))
    .whereNot({ id: row.id })
    .whereNotNull("assignee_id")
    .orderBy([{ column: "submitted_at" }, { column: "id" }])
    .first("assignee_id");
  return other?.assignee_id ?? undefined;
}

/** The e-mail address of each member's own sign-in (for the lead's page), by account id. */
export async function memberAccounts(db: Knex, members: Pick<ApplicationRow, "member_user_id">[]): Promise<Map<string, string>> {
  const ids = members.map((m) => m.member_user_id).filter((id): id is string => Boolean(id));
  if (!ids.length) return new Map();
  const rows: { id: string; email: string }[] = await db("users").whereIn("id", ids).select("id", "email");
  return new Map(rows.map((r) => [r.id, r.email]));
}
