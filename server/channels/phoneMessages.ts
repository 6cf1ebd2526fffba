// Messages on the phone channels (WhatsApp, SMS), one row per message and channel, queued in the transaction of what
// they tell (the outbox's way) and sent by the job worker through the channel's module. Where a notice goes:
// WhatsApp to a client who chose it — a text when they wrote from that number within 24 hours, else the kind's
// template approved by Meta when the settings name one (outside that window WhatsApp takes only templates); SMS only for what is urgent (a document request due) or when WhatsApp failed; e-mail is
// sent as before in every case and stays the record. An SMS that is not urgent waits out the quiet hours (20:00–08:00
// Lagos). A message carries a link, never the words of the case (no passport number, date of birth or
// criminal-history answer).
import type { Knex } from "knex";
import type { Config } from "../config.ts";
import { type Channel, quietHoursEnd } from "../domain/channels.ts";
import { WITHDRAWN } from "../domain/status.ts";
import { currentConsents } from "../models/channels.ts";
import { addJob } from "../models/jobs.ts";
import type { PhoneChannel, StatusReport } from "./channel.ts";
import { termiiChannel } from "./termii.ts";
import { whatsappChannel } from "./whatsapp.ts";

export const PHONE_SEND_TASK = "phone_send";
/** The task name of WhatsApp sends queued before SMS existed: run by the same job. */
export const WHATSAPP_SEND_TASK = "whatsapp_send";
/** WhatsApp's customer service window: free-form messages only within 24 hours of the person's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60_000;

// biome-ignore lint/suspicious/noExplicitAny: each module takes its own channel's settings, looked up by the same name
const MODULES: Record<Channel, PhoneChannel<any>> = { whatsapp: whatsappChannel, sms: termiiChannel };

export type PhoneKind =
  | "staff_message"
  | "request_due"
  | "documents_requested"
  | "document_returned"
  | "case_update"
  | "payment_received"
  | "appointment";
/** Urgent: may go by SMS without WhatsApp having failed, and at any hour. */
const URGENT: Record<PhoneKind, boolean> = {
  staff_message: false,
  request_due: true,
  documents_requested: false,
  document_returned: false,
  case_update: false,
  payment_received: false,
  appointment: true,
};

/**
 * The e-mails to the applicant that also go on their phone channel, and as which kind: the outbox queues the phone
 * notice with the e-mail, in the same transaction, and it follows the e-mail (held as long, withdrawn with it).
 */
const PHONE_KIND_OF_MAIL: Record<string, PhoneKind | undefined> = {
  message_to_applicant: "staff_message",
  documents_reminder: "request_due",
  documents_requested: "documents_requested",
  document_sent_back: "document_returned",
  status_changed: "case_update",
  case_stage: "case_update",
  payment_received: "payment_received",
  appointment_reminder: "appointment",
};

/**
 * The text of each kind: the application's reference and a link, nothing of the case's content; short enough for one
 * SMS segment (160 characters) with a link to the portal. The business is named by the sender (the SMS sender ID, the
 * WhatsApp business profile).
 */
export function phoneText(kind: string, v: { reference: string; link: string; dueOn?: string; when?: string; centre?: string }): string {
  switch (kind) {
    case "appointment":
      return `Reminder: visa appointment ${v.when ?? "soon"}${v.centre ? ` at ${v.centre}` : ""}. What to bring: ${v.link}`;
    case "request_due":
      return `Document due${v.dueOn ? ` ${v.dueOn}` : ""} for application ${v.reference}. Send it here: ${v.link}`;
    case "documents_requested":
      return `Documents requested for your application ${v.reference}. See what is needed: ${v.link}`;
    case "document_returned":
      return `A document for your application ${v.reference} needs to be sent again. See why: ${v.link}`;
    case "case_update":
      return `There is an update on your application ${v.reference}. See it here: ${v.link}`;
    case "payment_received":
      return `Payment received for your application ${v.reference}. Your receipt: ${v.link}`;
    default:
      return `New message about your application ${v.reference}. Read it here: ${v.link}`;
  }
}

/**
 * The WhatsApp template of a kind, with its body parameters in the order of the words submitted to Meta
 * (docs/operating/whatsapp.md): new message {{1}} reference, {{2}} link; document due {{1}} date, {{2}} reference,
 * {{3}} link; every other kind the case update's {{1}} reference, {{2}} link.
 */
const templateKind = (kind: string) => (kind === "staff_message" || kind === "request_due" ? kind : "case_update");

function templateOf(config: Config, kind: string, v: { reference: string; link: string; dueOn?: string }) {
  const whatsapp = config.channels.whatsapp;
  const name = whatsapp?.templates[templateKind(kind)];
  if (!whatsapp || !name) return undefined;
  const parameters = kind === "request_due" ? [v.dueOn ?? "soon", v.reference, v.link] : [v.reference, v.link];
  return { name, language: whatsapp.templateLanguage, parameters };
}

const ANCHORS: Record<string, string> = { staff_message: "#messages", appointment: "#after-approval" };
const linkOf = (kind: string, baseUrl: string, applicationId: string) => `${baseUrl}/application/${applicationId}${ANCHORS[kind] ?? ""}`;

async function windowOpen(trx: Knex | Knex.Transaction, phone: string): Promise<boolean> {
  const recent = await trx("whatsapp_inbound")
    .where({ from_phone: phone })
    .where("received_at", ">", new Date(Date.now() - SERVICE_WINDOW_MS))
    .first("id");
  return Boolean(recent);
}

interface Queued {
  userId: string;
  applicationId: string;
  kind: PhoneKind;
  to: string;
  data: Record<string, string>;
  fallbackFor?: string;
  after?: Date;
}

async function queueOn(trx: Knex | Knex.Transaction, channel: Channel, q: Queued): Promise<string | undefined> {
  // Not before its e-mail (held for an undo), and an SMS that is not urgent not in quiet hours.
  const after = q.after && q.after.getTime() > Date.now() ? q.after : undefined;
  const quiet = channel === "sms" && !URGENT[q.kind] ? quietHoursEnd(after ?? new Date()) : undefined;
  const notBefore = quiet ?? after;
  // A fallback is queued once however often WhatsApp's failure is reported (the partial unique index).
  const { rows } = await trx.raw<{ rows: { id: string }[] }>(
    `INSERT INTO channel_messages (channel, kind, user_id, application_id, to_phone, data, not_before, fallback_for)
     VALUES (?, ?, ?, ?, ?, ?::jsonb, ?, ?)
     ON CONFLICT (fallback_for) WHERE fallback_for IS NOT NULL DO NOTHING
     RETURNING id`,
    [channel, q.kind, q.userId, q.applicationId, q.to, JSON.stringify(q.data), notBefore ?? null, q.fallbackFor ?? null],
  );
  const id = rows[0]?.id;
  if (id) await addJob(trx, PHONE_SEND_TASK, { id }, { maxAttempts: 5, jobKey: `phone:${id}`, runAt: notBefore });
  return id;
}

type Channels = Config["channels"];

/** Queues a notice to the applicant on the channel it belongs on, if any: which channel, or undefined. */
export async function queuePhoneNotice(
  trx: Knex | Knex.Transaction,
  channels: Channels,
  input: { userId: string; applicationId: string; kind: PhoneKind; data?: Record<string, string>; after?: Date },
): Promise<Channel | undefined> {
  if (!channels.whatsapp && !channels.sms) return undefined;
  const consents = await currentConsents(trx, input.userId);
  const base = { userId: input.userId, applicationId: input.applicationId, kind: input.kind, data: input.data ?? {}, after: input.after };
  const wa = consents.whatsapp;
  const whatsapp = channels.whatsapp;
  if (whatsapp && wa?.opted_in) {
    // Inside the window a text; outside it the kind's approved template, when one is named.
    if (await windowOpen(trx, wa.phone)) {
      await queueOn(trx, "whatsapp", { ...base, to: wa.phone });
      return "whatsapp";
    }
    if (whatsapp.templates[templateKind(input.kind)]) {
      await queueOn(trx, "whatsapp", { ...base, to: wa.phone, data: { ...base.data, template: "yes" } });
      return "whatsapp";
    }
  }
  const sms = consents.sms;
  if (URGENT[input.kind] && channels.sms && sms?.opted_in) {
    await queueOn(trx, "sms", { ...base, to: sms.phone });
    return "sms";
  }
  return undefined;
}

/**
 * The outbox's hook: an e-mail to the applicant about their application, of a kind that also goes on the phone,
 * queues its phone notice (not before the e-mail leaves; withdrawn with it, see sendPhoneMessage).
 */
export async function queuePhoneNoticeOfMail(
  trx: Knex | Knex.Transaction,
  channels: Channels,
  mail: { id: string; kind: string; userId?: string | null; applicationId?: string | null; data: Record<string, unknown>; sendAt?: Date },
): Promise<void> {
  const kind = PHONE_KIND_OF_MAIL[mail.kind];
  if (!kind || !mail.userId || !mail.applicationId) return;
  const data: Record<string, string> = { emailId: mail.id };
  if (kind === "request_due" && typeof mail.data.due === "string") data.dueOn = mail.data.due;
  if (kind === "appointment") {
    if (typeof mail.data.when === "string") data.when = mail.data.when;
    if (typeof mail.data.centre === "string") data.centre = mail.data.centre;
  }
  await queuePhoneNotice(trx, channels, { userId: mail.userId, applicationId: mail.applicationId, kind, data, after: mail.sendAt });
}

interface MessageRow {
  id: string;
  channel: Channel;
  kind: PhoneKind;
  user_id: string | null;
  application_id: string | null;
  to_phone: string;
  data: Record<string, string>;
  state: string;
}

/** WhatsApp failed for good: the same notice by SMS, to a client who chose SMS too (once, by the unique index). */
async function fallBackToSms(db: Knex, config: Config, row: MessageRow): Promise<boolean> {
  if (row.channel !== "whatsapp" || !row.user_id || !row.application_id || !config.channels.sms) return false;
  const sms = (await currentConsents(db, row.user_id)).sms;
  if (!sms?.opted_in) return false;
  const { user_id: userId, application_id: applicationId } = row;
  return db.transaction(async (trx) =>
    Boolean(await queueOn(trx, "sms", { userId, applicationId, kind: row.kind, to: sms.phone, data: row.data, fallbackFor: row.id })),
  );
}

/**
 * The job: checks the consent again (a STOP may have come since), then sends. A failure that may pass (the network, a
 * 5xx, 429) throws so that the worker tries again; a refusal for good, or the last attempt, leaves the row failed with
 * the provider's words, and a WhatsApp message then falls back to SMS.
 */
export async function sendPhoneMessage(
  deps: { db: Knex; config: Config; baseUrl: string },
  id: string,
  attempt: { attempts: number; maxAttempts: number },
): Promise<void> {
  const { db, config } = deps;
  const row: MessageRow | undefined = await db("channel_messages").where({ id, state: "queued" }).first();
  if (!row) return;
  const settings = config.channels[row.channel];
  const consent = row.user_id ? (await currentConsents(db, row.user_id))[row.channel] : undefined;
  const app = row.application_id ? await db("visa_applications").where({ id: row.application_id }).first("reference_number") : undefined;
  const email = row.data.emailId ? await db("email_messages").where({ id: row.data.emailId }).first("status", "error") : undefined;
  const withdrawn = row.data.emailId !== undefined && (!email || (email.status === "not_sent" && email.error === WITHDRAWN));
  if (!settings || !consent?.opted_in || consent.phone !== row.to_phone || !app || !row.application_id || withdrawn) {
    await db("channel_messages").where({ id }).update({ state: "not_sent", updated_at: db.fn.now() });
    return;
  }
  const values = {
    reference: app.reference_number,
    link: linkOf(row.kind, deps.baseUrl, row.application_id),
    dueOn: row.data.dueOn,
    when: row.data.when,
    centre: row.data.centre,
  };
  const body = phoneText(row.kind, values);
  const template = row.channel === "whatsapp" && row.data.template ? templateOf(config, row.kind, values) : undefined;
  if (row.data.template && !template) {
    // The template's name was taken out of the settings since: nothing may go outside the window.
    await db("channel_messages").where({ id }).update({ state: "not_sent", error: "No template for this message", updated_at: db.fn.now() });
    return;
  }
  const outcome = await MODULES[row.channel].send(settings, row.to_phone, { text: body, template });
  if (outcome.ok) {
    await db("channel_messages")
      .where({ id })
      .update({ state: "sent", provider_id: outcome.providerId, body, cost: outcome.cost, error: null, updated_at: db.fn.now() });
    return;
  }
  const last = outcome.permanent || attempt.attempts >= attempt.maxAttempts;
  await db("channel_messages")
    .where({ id })
    .update({ error: outcome.error, ...(last ? { state: "failed" } : {}), updated_at: db.fn.now() });
  if (last) {
    await fallBackToSms(db, config, row);
    return;
  }
  throw new Error(`${row.channel} refused the message: ${outcome.error}`);
}

/** A provider's report: sent → delivered → read (never backwards), or failed (a failed WhatsApp falls back to SMS). */
const ORDER = ["queued", "sent", "delivered", "read"];
export async function recordStatus(db: Knex, config: Config, channel: Channel, report: StatusReport): Promise<boolean> {
  const mine = () => db("channel_messages").where({ channel, provider_id: report.providerId });
  const cost = report.cost === null ? {} : { cost: report.cost };
  if (report.state === "failed") {
    const failed: MessageRow[] = await mine()
      .whereNot({ state: "failed" })
      .update({ state: "failed", error: report.reason, ...cost, updated_at: db.fn.now() })
      .returning("*");
    for (const row of failed) await fallBackToSms(db, config, row);
    return failed.length > 0;
  }
  const rank = ORDER.indexOf(report.state);
  if (rank < 1) return false;
  const changed = await mine()
    .whereIn("state", ORDER.slice(0, rank))
    .update({ state: report.state, ...cost, updated_at: db.fn.now() });
  return changed > 0;
}
