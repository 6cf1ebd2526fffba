// The outbox: every message recorded in email_messages and queued in the caller's transaction.
import type { Knex } from "knex";
import { queuePhoneNoticeOfMail } from "../channels/phoneMessages.ts";
import type { Config } from "../config.ts";
import { type EmailMessageRow, insertMessage, requeueFailed } from "../models/emailMessages.ts";
import { buildContent, type MailData, type MailKind } from "./messages.ts";
import { addSendJob } from "./queue.ts";

export interface QueueInput {
  kind: MailKind;
  to: string;
  data: MailData;
  userId?: string | null;
  applicationId?: string | null;
  enquiryId?: string | null;
  /** When the message may leave (a message held back for an undo); now when not given. */
  sendAt?: Date;
}

/** A recorded message of one of the kinds the mail layer writes. */
export type MessageRow = EmailMessageRow<MailKind>;

/** From the configuration (config.mail): attempts before a message is failed, and whether mail is queued at all. */
export interface OutboxSettings {
  maxAttempts: number;
  queue: boolean;
}

/** The outbox of one application, in its context (`ctx.outbox`): queueing and staff's Retry under its settings. */
export interface Outbox {
  queue: (trx: Knex.Transaction | Knex, input: QueueInput) => Promise<string | null>;
  /** A failed message back to the queue, in the caller's transaction; false when no failed message has this id. */
  retry: (trx: Knex.Transaction, id: string) => Promise<boolean>;
}

/**
 * `channels`: the WhatsApp and SMS settings; with them, an e-mail to an applicant of a kind that also goes on the
 * phone queues its notice there too (server/channels/phoneMessages.ts).
 */
export function createOutbox(settings: OutboxSettings, channels?: Config["channels"]): Outbox {
  return {
    queue: async (trx, input) => {
      const id = await queueMessage(settings, trx, input);
      if (id && channels) await queuePhoneNoticeOfMail(trx, channels, { ...input, id });
      return id;
    },
    retry: (trx, id) => retryMessage(settings, trx, id),
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
  const id = await insertMessage(trx, {
    kind: input.kind,
    to_address: input.to,
    subject,
    data: input.data,
    user_id: input.userId ?? null,
    application_id: input.applicationId ?? null,
    enquiry_id: input.enquiryId ?? null,
  });
  await addSendJob(trx, id, settings.maxAttempts, input.sendAt);
  return id;
}

/** Staff's Retry: a failed message goes back to the queue with a fresh set of attempts. */
async function retryMessage(settings: OutboxSettings, trx: Knex.Transaction, id: string): Promise<boolean> {
  if (!(await requeueFailed(trx, id))) return false;
  await addSendJob(trx, id, settings.maxAttempts);
  return true;
}
