// An application's conversation between its applicant and staff: the messages, who read them, and unread counts.
import type { Knex } from "knex";
import { isUuid } from "./ids.ts";

/** Who wrote a message; the reader of a message is always the other side. */
export type Side = "applicant" | "staff";

export const otherSide = (side: Side): Side => (side === "applicant" ? "staff" : "applicant");

export interface ThreadMessageRow {
  id: string;
  application_id: string;
  author_role: Side;
  body: string;
  created_at: Date;
  read_at: Date | null;
  author_name: string | null;
  /** How it came: written on the site, or sent on WhatsApp by the applicant. */
  channel: "web" | "whatsapp";
}

/** The whole conversation, oldest first (people read it top to bottom, the newest last). */
export function listThread(db: Knex, applicationId: string): Promise<ThreadMessageRow[]> {
  return db("application_messages as m")
    .leftJoin("users as u", "u.id", "m.author_id")
    .where("m.application_id", applicationId)
    .orderBy([
      { column: "m.created_at", order: "asc" },
      { column: "m.id", order: "asc" },
    ])
    .select("m.id", "m.application_id", "m.author_role", "m.body", "m.created_at", "m.read_at", "m.channel", "u.full_name as author_name");
}

export async function insertMessage(
  trx: Knex.Transaction,
  input: { applicationId: string; authorId: string; side: Side; body: string; channel?: ThreadMessageRow["channel"] },
): Promise<ThreadMessageRow> {
  const [row] = await trx("application_messages")
    .insert({
      application_id: input.applicationId,
      author_id: input.authorId,
      author_role: input.side,
      body: input.body,
      channel: input.channel ?? "web",
    })
    .returning(["id", "application_id", "author_role", "body", "created_at", "read_at", "channel"]);
  const author = await trx("users").where({ id: input.authorId }).first("full_name");
  return { ...row, author_name: author?.full_name ?? null };
}

/** Marks the given messages the other side wrote as read by `readerId` (those shown to them); how many were unread. */
export function markRead(
  trx: Knex.Transaction,
  input: { applicationId: string; reader: Side; readerId: string; messageIds: string[] },
): Promise<number> {
  return trx("application_messages")
    .where({ application_id: input.applicationId, author_role: otherSide(input.reader) })
    .whereIn("id", input.messageIds)
    .whereNull("read_at")
    .update({ read_at: trx.fn.now(), read_by: input.readerId });
}

/**
 * Unread messages per application for one side (staff: the applicant's messages no staff member has read yet), for
 * a page of applications: one lookup in the partial index of unread messages.
 */
export async function unreadCounts(db: Knex, applicationIds: string[], reader: Side): Promise<Map<string, number>> {
  const ids = applicationIds.filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows: { application_id: string; n: number }[] = await db("application_messages")
    .whereIn("application_id", ids)
    .where("author_role", otherSide(reader))
    .whereNull("read_at")
    .groupBy("application_id")
    .select("application_id", db.raw("count(*)::int AS n"));
  return new Map(rows.map((r) => [r.application_id, r.n]));
}
