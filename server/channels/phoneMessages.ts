// Messages on the phone channels (WhatsApp, SMS), one row per message and channel, sent by the job worker through the
// channel's module (phoneSend.ts). A notice of an e-mail is a job queued in the e-mail's transaction (the outbox's
// way), which records the message on its channel when the e-mail may leave (sendNoticeOfMail). Where a notice
// goes: WhatsApp to a client who chose it — a text when they wrote from that number within 24 hours, else the kind's
// template approved by Meta when the settings name one (outside that window WhatsApp takes only templates); SMS only
// for what is urgent (a document request due, an appointment, a consultation's reminder) or when WhatsApp failed;
// e-mail is sent as before in every case and stays the record. An SMS that is not urgent waits out the quiet hours
// (20:00–08:00 Lagos). A message carries a link, never the words of the case (no passport number, date of birth or
// criminal-history answer).
//
// A message is about an application (its owner's choices hold) or about a consultation's booking: a booking made
// without an account keeps the choices ticked on its form until it is linked to one, and the account's hold after.
import type { Knex } from "knex";
import type { Config } from "../config.ts";
import { type Channel, quietHoursEnd } from "../domain/channels.ts";
import { lagosShort, meetingPlace, type TypePlace } from "../domain/consultations.ts";
import { WITHDRAWN } from "../domain/status.ts";
import type { BookingRow } from "../models/bookings.ts";
import { currentConsents } from "../models/channels.ts";
import { addJob } from "../models/jobs.ts";
import { type PhoneKind, templateKind } from "./phoneTexts.ts";

export type { PhoneKind } from "./phoneTexts.ts";

export const PHONE_SEND_TASK = "phone_send";
/** The task name of WhatsApp sends queued before SMS existed: run by the same job. */
export const WHATSAPP_SEND_TASK = "whatsapp_send";
/** WhatsApp's customer service window: free-form messages only within 24 hours of the person's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60_000;

/** Urgent: may go by SMS without WhatsApp having failed, and at any hour. */
const URGENT: Record<PhoneKind, boolean> = {
  staff_message: false,
  request_due: true,
  documents_requested: false,
  document_returned: false,
  case_update: false,
  decision: false,
  payment_received: false,
  appointment: true,
  consultation_reminder: true,
  payment_due: false,
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
  instalment_due: "payment_due",
};

/** Whom a message is about: an application's owner, or a consultation's booking. */
export interface Target {
  userId: string | null;
  applicationId: string | null;
  bookingId: string | null;
}

/** A channel's choice for a message: opted in or not, at which number. */
export interface ChannelChoice {
  opted_in: boolean;
  phone: string;
}

/**
 * The choices that hold for a message now: a booking's own (ticked on its form, not ended by a STOP) until it is linked
 * to an account, then the account's; an application's owner's.
 */
export async function choicesFor(db: Knex | Knex.Transaction, target: Target): Promise<Partial<Record<Channel, ChannelChoice>>> {
  if (target.bookingId) {
    const booking = await db("bookings").where({ id: target.bookingId }).first("user_id");
    if (!booking) return {};
    if (booking.user_id) return currentConsents(db, booking.user_id);
    const rows: { channel: Channel; phone: string }[] = await db("booking_consents")
      .where({ booking_id: target.bookingId })
      .whereNull("ended_at")
      .whereNull("carried_at")
      .select("channel", "phone");
    return Object.fromEntries(rows.map((r) => [r.channel, { opted_in: true, phone: r.phone }]));
  }
  return target.userId ? currentConsents(db, target.userId) : {};
}

async function windowOpen(trx: Knex | Knex.Transaction, phone: string): Promise<boolean> {
  const recent = await trx("whatsapp_inbound")
    .where({ from_phone: phone })
    .where("received_at", ">", new Date(Date.now() - SERVICE_WINDOW_MS))
    .first("id");
  return Boolean(recent);
}

interface Queued extends Target {
  kind: PhoneKind;
  to: string;
  data: Record<string, string>;
  fallbackFor?: string;
}

/** Records the message and its send job; undefined when it is a fallback already queued. */
export async function queueOn(trx: Knex | Knex.Transaction, channel: Channel, q: Queued): Promise<string | undefined> {
  // An SMS that is not urgent not in quiet hours.
  const notBefore = channel === "sms" && !URGENT[q.kind] ? quietHoursEnd(new Date()) : undefined;
  // A fallback is queued once however often WhatsApp's failure is reported (the partial unique index).
  const { rows } = await trx.raw<{ rows: { id: string }[] }>(
    `INSERT INTO channel_messages (channel, kind, user_id, application_id, booking_id, to_phone, data, not_before, fallback_for)
     VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?)
     ON CONFLICT (fallback_for) WHERE fallback_for IS NOT NULL DO NOTHING
     RETURNING id`,
    [channel, q.kind, q.userId, q.applicationId, q.bookingId, q.to, JSON.stringify(q.data), notBefore ?? null, q.fallbackFor ?? null],
  );
  const id = rows[0]?.id;
  if (id) await addJob(trx, PHONE_SEND_TASK, { id }, { maxAttempts: 5, jobKey: `phone:${id}`, runAt: notBefore });
  return id;
}

type Channels = Config["channels"];

/** Queues a notice on the channel it belongs on, if any: which channel, or undefined. */
async function queueNotice(
  trx: Knex | Knex.Transaction,
  channels: Channels,
  input: Target & { kind: PhoneKind; data?: Record<string, string> },
): Promise<Channel | undefined> {
  if (!channels.whatsapp && !channels.sms) return undefined;
  const choices = await choicesFor(trx, input);
  const base = { ...input, data: input.data ?? {} };
  const wa = choices.whatsapp;
  const whatsapp = channels.whatsapp;
  if (whatsapp && wa?.opted_in) {
    // Inside the window a text; outside it the kind's approved template, when one is named.
    if (await windowOpen(trx, wa.phone)) {
      await queueOn(trx, "whatsapp", { ...base, to: wa.phone });
      return "whatsapp";
    }
    if (templateKind(whatsapp.templates, input.kind)) {
      await queueOn(trx, "whatsapp", { ...base, to: wa.phone, data: { ...base.data, template: "yes" } });
      return "whatsapp";
    }
  }
  const sms = choices.sms;
  if (URGENT[input.kind] && channels.sms && sms?.opted_in) {
    await queueOn(trx, "sms", { ...base, to: sms.phone });
    return "sms";
  }
  return undefined;
}

/** The task that decides, once an e-mail may leave, where its phone notice goes (`sendNoticeOfMail`). */
export const PHONE_NOTICE_TASK = "phone_notice";

/**
 * The outbox's hook: an e-mail to the applicant about their application, of a kind that also goes on the phone,
 * queues one job in the e-mail's transaction (a change that rolls back sends nothing) to run when the e-mail may leave.
 * Choosing the channel and recording the message are the job's (sendNoticeOfMail), not the staff's request: the
 * request pays for one row of the queue, and the choice is made after the undo window, with the person's choices then.
 */
export async function queuePhoneNoticeOfMail(
  trx: Knex | Knex.Transaction,
  channels: Channels,
  mail: { id: string; kind: string; userId?: string | null; applicationId?: string | null; data: Record<string, unknown>; sendAt?: Date },
): Promise<void> {
  // The embassy's decision is a stage of its own on the phone (its own template): the other stages are case updates.
  const kind = mail.kind === "case_stage" && mail.data.stage === "decision" ? "decision" : PHONE_KIND_OF_MAIL[mail.kind];
  if (!kind || !mail.userId || !mail.applicationId || (!channels.whatsapp && !channels.sms)) return;
  const data: Record<string, string> = { emailId: mail.id };
  if ((kind === "request_due" || kind === "payment_due") && typeof mail.data.due === "string") data.dueOn = mail.data.due;
  if (kind === "appointment") {
    if (typeof mail.data.when === "string") data.when = mail.data.when;
    if (typeof mail.data.centre === "string") data.centre = mail.data.centre;
  }
  const job: NoticeJob = { kind, userId: mail.userId, applicationId: mail.applicationId, data: JSON.stringify(data) };
  await addJob(trx, PHONE_NOTICE_TASK, { ...job }, { maxAttempts: 5, jobKey: `phone-notice:${mail.id}`, runAt: mail.sendAt });
}

export interface NoticeJob {
  kind: PhoneKind;
  userId: string;
  applicationId: string;
  /** The message's values as JSON: the e-mail's id, a due date, an appointment's time and centre. */
  data: string;
}

/**
 * The job: the phone notice of an e-mail, once however often the job runs, and none for an e-mail withdrawn by an
 * undo (or gone with its application): queued on the channel it belongs on, in one transaction.
 */
export async function sendNoticeOfMail(db: Knex, channels: Channels, job: NoticeJob): Promise<void> {
  const data = JSON.parse(job.data) as Record<string, string>;
  await db.transaction(async (trx) => {
    const email = await trx("email_messages").where({ id: data.emailId }).first("status", "error");
    if (!email || (email.status === "not_sent" && email.error === WITHDRAWN)) return;
    const queued = await trx("channel_messages").where({ user_id: job.userId }).whereRaw("data->>'emailId' = ?", [data.emailId]).first("id");
    if (queued) return;
    await queueNotice(trx, channels, { userId: job.userId, applicationId: job.applicationId, bookingId: null, kind: job.kind, data });
  });
}

/**
 * A consultation's reminder on the phone, beside its e-mail, to the number chosen on the booking form (or the account's
 * once linked): when ("tomorrow, Tue 1 Dec, 10:00 (Lagos time)") and the way in (the meeting link, the office, who
 * calls), which is what the visitor needs on the day. Urgent: by SMS when WhatsApp cannot take it.
 */
export function queueBookingReminder(
  trx: Knex | Knex.Transaction,
  channels: Channels,
  booking: Pick<BookingRow, "id" | "user_id" | "starts_at" | "phone">,
  type: TypePlace,
  inWords: string,
): Promise<Channel | undefined> {
  const place = meetingPlace(type, booking.phone, "visitor");
  const data = {
    when: `${inWords}, ${lagosShort.format(new Date(booking.starts_at)).replace(" at ", ", ")} (Lagos time)`,
    place: place.detail ? `${place.detail.label}: ${place.detail.text}` : place.where,
  };
  return queueNotice(trx, channels, { userId: booking.user_id, applicationId: null, bookingId: booking.id, kind: "consultation_reminder", data });
}
