// Recorded messages (email_messages): the only module that reads or writes them. What they say is the mail layer's.
import type { Knex } from "knex";
import { isUuid } from "./ids.ts";

/** One recorded message; the mail layer names its kinds (`Kind`), the table stores them as text. */
export interface EmailMessageRow<Kind extends string = string> {
  id: string;
  kind: Kind;
  to_address: string;
  subject: string;
  data: Record<string, string | number | null>;
  user_id: string | null;
  application_id: string | null;
  enquiry_id: string | null;
  status: "queued" | "sent" | "failed" | "not_sent";
  error: string | null;
  attempts: number;
  created_at: Date;
  updated_at: Date;
  sent_at: Date | null;
}

export type NewEmailMessage = Pick<EmailMessageRow, "kind" | "to_address" | "subject" | "data" | "user_id" | "application_id" | "enquiry_id">;

/** Records a queued message in the caller's transaction and returns its id. */
export async function insertMessage(trx: Knex | Knex.Transaction, message: NewEmailMessage): Promise<string> {
  const [row] = await trx("email_messages")
    .insert({ ...message, data: JSON.stringify(message.data) })
    .returning("id");
  return row.id;
}

export async function findMessage<Kind extends string>(db: Knex, id: string): Promise<EmailMessageRow<Kind> | undefined> {
  return db<EmailMessageRow<Kind>>("email_messages").where({ id }).first();
}

export async function markSent(db: Knex, id: string, attempts: number): Promise<void> {
  await db("email_messages").where({ id }).update({ status: "sent", error: null, attempts, sent_at: db.fn.now(), updated_at: db.fn.now() });
}

export async function markNotSent(db: Knex, id: string, reason: string): Promise<void> {
  await db("email_messages").where({ id }).update({ status: "not_sent", error: reason, attempts: 1, updated_at: db.fn.now() });
}

/** A failed attempt: the message stays queued for the next try, or is failed after the last one. */
export async function markAttemptFailed(db: Knex, id: string, error: string, attempts: number, last: boolean): Promise<void> {
  await db("email_messages")
    .where({ id })
    .update({ status: last ? "failed" : "queued", error: error.slice(0, 500), attempts, updated_at: db.fn.now() });
}

/** A failed message back to queued with a fresh set of attempts; false when no failed message has this id. */
export async function requeueFailed(trx: Knex.Transaction, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const updated = await trx("email_messages")
    .where({ id, status: "failed" })
    .update({ status: "queued", error: null, attempts: 0, updated_at: trx.fn.now() });
  return updated > 0;
}

export async function messagesFor(db: Knex, where: { application_id: string } | { enquiry_id: string }): Promise<EmailMessageRow[]> {
  return db<EmailMessageRow>("email_messages").where(where).orderBy("created_at", "desc").limit(100);
}

export async function failedMessages(db: Knex, limit = 100): Promise<EmailMessageRow[]> {
  return db<EmailMessageRow>("email_messages").where({ status: "failed" }).orderBy("updated_at", "desc").limit(limit);
}

export interface OutboxHealth {
  /** Messages waiting to be sent (queued, whether or not an attempt already failed). */
  waiting: number;
  /** Of those, messages whose last attempt failed and which wait for their next try. */
  retrying: number;
  /** Seconds since the oldest waiting message was queued; 0 when none waits. */
  oldestWaitingSeconds: number;
  /** Messages given up after their last attempt (staff can retry them from the outbox page). */
  failed: number;
}

/** The outbox at a glance, for /metrics: two partial indexes keep it cheap however many messages were ever sent. */
export async function outboxHealth(db: Knex): Promise<OutboxHealth> {
  const { rows } = await db.raw<{ rows: OutboxHealth[] }>(`
    SELECT (SELECT count(*) FROM email_messages WHERE status = 'queued')::int AS waiting,
           (SELECT count(*) FROM email_messages WHERE status = 'queued' AND attempts > 0)::int AS retrying,
           coalesce(extract(epoch FROM now() - (SELECT min(created_at) FROM email_messages WHERE status = 'queued')), 0)::float8 AS "oldestWaitingSeconds",
           (SELECT count(*) FROM email_messages WHERE status = 'failed')::int AS failed`);
  return rows[0];
}
