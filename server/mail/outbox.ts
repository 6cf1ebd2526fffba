// The outbox: every message recorded in email_messages and queued in the caller's transaction.
import type { Knex } from "knex";
import { buildContent, type MailData, type MailKind } from "./messages.ts";
import { addSendJob } from "./queue.ts";

export interface QueueInput {
  kind: MailKind;
  to: string;
  data: MailData;
  userId?: string | null;
  applicationId?: string | null;
  enquiryId?: string | null;
}

export interface MessageRow {
  id: string;
  kind: MailKind;
  to_address: string;
  subject: string;
  data: MailData;
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

/** From the configuration (config.mail): attempts before a message is failed, and whether mail is queued at all. */
export interface OutboxSettings {
  maxAttempts: number;
  queue: boolean;
}

/** The outbox of one application, in its context (`ctx.outbox`): queueing and staff's Retry under its settings. */
export interface Outbox {
  queue: (trx: Knex.Transaction | Knex, input: QueueInput) => Promise<string | null>;
  retry: (db: Knex, id: string) => Promise<boolean>;
}

export function createOutbox(settings: OutboxSettings): Outbox {
  return {
    queue: (trx, input) => queueMessage(settings, trx, input),
    retry: (db, id) => retryMessage(settings, db, id),
  };
}

/** Any control character (CR and LF above all) in a header value. */
const hasControl = (value: string) => [...value].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);
const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+$/;

/**
 * Records the message and queues its delivery inside `trx`: when the change that caused it rolls back, nothing is
 * sent. A recipient or subject with line breaks (header injection) is refused before anything is written.
 */
async function queueMessage(settings: OutboxSettings, trx: Knex.Transaction | Knex, input: QueueInput): Promise<string | null> {
  if (!settings.queue) return null;
  const subject = buildContent(input.kind, input.data, { url: (p) => p }).subject;
  if (!ADDRESS.test(input.to) || hasControl(input.to)) throw new Error(`Refused to queue a message to an invalid address (${input.kind})`);
  if (hasControl(subject)) throw new Error(`Refused to queue a message whose subject holds a line break (${input.kind})`);
  const [row] = await trx("email_messages")
    .insert({
      kind: input.kind,
      to_address: input.to,
      subject,
      data: JSON.stringify(input.data),
      user_id: input.userId ?? null,
      application_id: input.applicationId ?? null,
      enquiry_id: input.enquiryId ?? null,
    })
    .returning("id");
  await addSendJob(trx, row.id, settings.maxAttempts);
  return row.id;
}

export async function findMessage(db: Knex, id: string): Promise<MessageRow | undefined> {
  return db<MessageRow>("email_messages").where({ id }).first();
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

export async function messagesFor(db: Knex, where: { application_id: string } | { enquiry_id: string }): Promise<MessageRow[]> {
  return db<MessageRow>("email_messages").where(where).orderBy("created_at", "desc").limit(100);
}

export async function failedMessages(db: Knex, limit = 100): Promise<MessageRow[]> {
  return db<MessageRow>("email_messages").where({ status: "failed" }).orderBy("updated_at", "desc").limit(limit);
}

/** Staff's Retry: a failed message goes back to the queue with a fresh set of attempts. */
async function retryMessage(settings: OutboxSettings, db: Knex, id: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    const updated = await trx("email_messages")
      .where({ id, status: "failed" })
      .update({ status: "queued", error: null, attempts: 0, updated_at: trx.fn.now() });
    if (!updated) return false;
    await addSendJob(trx, id, settings.maxAttempts);
    return true;
  });
}
