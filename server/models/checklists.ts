// checklists and checklist_items: the only module with SQL for them.
import type { Knex } from "knex";
import { isUuid, lockApplicant } from "./applications.ts";

export const FIELD_TYPES = ["text", "email", "phone", "textarea"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface ChecklistItem {
  step_number: number;
  title: string;
  description: string | null;
  field_type: FieldType;
  value: string;
  is_completed: boolean;
}

export interface Checklist {
  id: string;
  title: string;
  description: string | null;
  status: "in_progress" | "completed";
  created_at: Date;
  items: ChecklistItem[];
}

/** The five default steps (SPEC §3). */
export const DEFAULT_ITEMS: Omit<ChecklistItem, "value" | "is_completed">[] = [
  { step_number: 1, title: "Personal Information", description: "Your full name as it appears on your passport", field_type: "text" },
  { step_number: 2, title: "Contact Email", description: "Where we can reach you about your application", field_type: "email" },
  { step_number: 3, title: "Phone Number", description: "A phone number we can call or WhatsApp", field_type: "phone" },
  { step_number: 4, title: "Travel Destination", description: "The country you plan to travel to", field_type: "text" },
  { step_number: 5, title: "Additional Notes", description: "Anything else your consultant should know", field_type: "textarea" },
];

export async function listChecklists(db: Knex, userId: string) {
  const rows = await db("checklists as c")
    .leftJoin("checklist_items as i", "i.checklist_id", "c.id")
    .where("c.user_id", userId)
    .groupBy("c.id")
    .orderBy("c.created_at", "desc")
    .select(
      "c.id",
      "c.title",
      "c.status",
      "c.created_at",
      "c.application_id",
      db.raw("count(i.*)::int AS total"),
      db.raw("count(i.*) FILTER (WHERE i.is_completed)::int AS done"),
    );
  return rows as { id: string; title: string; status: string; created_at: Date; application_id: string | null; total: number; done: number }[];
}

export async function findChecklist(db: Knex, id: string, userId: string): Promise<Checklist | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db("checklists").where({ id, user_id: userId }).first("id", "title", "description", "status", "created_at");
  if (!row) return undefined;
  const items = await db("checklist_items")
    .where({ checklist_id: id })
    .orderBy("step_number")
    .select("step_number", "title", "description", "field_type", "value", "is_completed");
  return { ...row, items };
}

/**
 * Inside the caller's transaction: a checklist with its items (in_progress until every item is complete); undefined
 * when the applicant already has `max` checklists.
 */
export async function createChecklist(
  trx: Knex.Transaction,
  userId: string,
  title: string,
  values: Record<number, string>,
  max: number,
): Promise<string | undefined> {
  // Counted under the applicant's lock, held until commit, so parallel creations cannot all pass the same count.
  await lockApplicant(trx, userId);
  const [{ n }] = await trx("checklists").where({ user_id: userId }).count({ n: "*" });
  if (Number(n) >= max) return undefined;
  const [row] = await trx("checklists")
    .insert({ user_id: userId, title, description: "Travel application checklist", status: "in_progress" })
    .returning("id");
  await writeItems(trx, row.id, values);
  return row.id as string;
}

/** Inside the caller's transaction: upserts the item values of a checklist this user owns; false when it is not theirs. */
export async function saveChecklist(trx: Knex.Transaction, id: string, userId: string, values: Record<number, string>): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await trx("checklists").where({ id, user_id: userId }).forUpdate().first("id");
  if (!row) return false;
  await writeItems(trx, id, values);
  return true;
}

async function writeItems(trx: Knex.Transaction, checklistId: string, values: Record<number, string>): Promise<void> {
  const items = DEFAULT_ITEMS.map((item) => {
    const value = (values[item.step_number] ?? "").trim();
    return { ...item, checklist_id: checklistId, value, is_completed: value !== "" };
  });
  await trx("checklist_items").insert(items).onConflict(["checklist_id", "step_number"]).merge(["value", "is_completed"]);
  const complete = items.every((i) => i.is_completed);
  await trx("checklists")
    .where({ id: checklistId })
    .update({ status: complete ? "completed" : "in_progress", updated_at: trx.fn.now() });
}

/**
 * Inside the caller's transaction: this user's checklist, locked until commit, with its answers by step number and
 * the application started from it; undefined when it is not theirs.
 */
export async function lockChecklist(
  trx: Knex.Transaction,
  id: string,
  userId: string,
): Promise<{ status: string; applicationId: string | null; values: Record<number, string> } | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await trx("checklists").where({ id, user_id: userId }).forUpdate().first("status", "application_id");
  if (!row) return undefined;
  const items: { step_number: number; value: string }[] = await trx("checklist_items").where({ checklist_id: id }).select("step_number", "value");
  return { status: row.status, applicationId: row.application_id, values: Object.fromEntries(items.map((i) => [i.step_number, i.value])) };
}

/** Inside the caller's transaction: records the application started from a checklist. */
export async function linkApplication(trx: Knex.Transaction, id: string, applicationId: string): Promise<void> {
  await trx("checklists").where({ id }).update({ application_id: applicationId, updated_at: trx.fn.now() });
}
