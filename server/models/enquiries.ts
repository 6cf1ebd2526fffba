// Enquiries from the contact form and staff's replies: the only module that reads or writes them.
import type { Knex } from "knex";
import { isUuid } from "./applications.ts";
import { likePattern } from "./likePattern.ts";

export interface EnquiryRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  package: string | null;
  status: "new" | "replied" | "closed";
  created_at: Date;
  updated_at: Date;
}

export interface ReplyRow {
  id: string;
  body: string;
  created_at: Date;
  author_name: string | null;
}

export async function createEnquiry(trx: Knex, input: Pick<EnquiryRow, "name" | "email" | "phone" | "message" | "package">): Promise<EnquiryRow> {
  const [row] = await trx<EnquiryRow>("enquiries").insert(input).returning("*");
  return row;
}

export async function listEnquiries(
  db: Knex,
  f: { status: string | null; q: string },
  limit = 50,
  offset = 0,
): Promise<{ rows: EnquiryRow[]; total: number }> {
  const base = db<EnquiryRow>("enquiries").modify((qb) => {
    if (f.status) qb.where("status", f.status);
    if (f.q) qb.whereRaw("(name || ' ' || email || ' ' || phone || ' ' || message) ILIKE ?", [likePattern(f.q)]);
  });
  const [rows, [{ n }]] = await Promise.all([
    base.clone().orderBy("created_at", "desc").orderBy("id").limit(limit).offset(offset).select("*"),
    base.clone().count({ n: "*" }),
  ]);
  return { rows, total: Number(n) };
}

export async function findEnquiry(db: Knex, id: string): Promise<EnquiryRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db<EnquiryRow>("enquiries").where({ id }).first();
}

export async function repliesFor(db: Knex, enquiryId: string): Promise<ReplyRow[]> {
  return db("enquiry_replies as r")
    .leftJoin("users as u", "u.id", "r.admin_id")
    .where("r.enquiry_id", enquiryId)
    .orderBy("r.created_at", "asc")
    .select("r.id", "r.body", "r.created_at", "u.full_name as author_name");
}

/** Records a reply and marks the enquiry replied, inside the caller's transaction (which queues the e-mail). */
export async function addReply(trx: Knex, input: { enquiryId: string; adminId: string; body: string }): Promise<void> {
  await trx("enquiry_replies").insert({ enquiry_id: input.enquiryId, admin_id: input.adminId, body: input.body });
  await trx("enquiries").where({ id: input.enquiryId }).update({ status: "replied", updated_at: trx.fn.now() });
}

/** Sets the status only while it is still `from` (what the person saw); undefined when it is not, or no such enquiry. */
export async function updateEnquiryStatus(
  db: Knex,
  id: string,
  change: { from: EnquiryRow["status"]; to: EnquiryRow["status"] },
): Promise<EnquiryRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db<EnquiryRow>("enquiries")
    .where({ id, status: change.from })
    .update({ status: change.to, updated_at: db.fn.now() })
    .returning("*");
  return row;
}

/** Every enquiry from an address (whatever its case), oldest first: a lead's conversation. */
export async function enquiriesFrom(db: Knex, email: string): Promise<EnquiryRow[]> {
  return db<EnquiryRow>("enquiries").whereRaw("lower(email) = lower(?)", [email]).orderBy("created_at", "asc").limit(100);
}
