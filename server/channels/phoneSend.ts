// Sending a queued phone message (the job worker's `phone_send`), falling back to SMS when WhatsApp fails for good, and
// the providers' delivery reports moving a message on.
import type { Knex } from "knex";
import type { Config } from "../config.ts";
import type { Channel } from "../domain/channels.ts";
import { WITHDRAWN } from "../domain/status.ts";
import type { PhoneChannel, StatusReport } from "./channel.ts";
import { choicesFor, queueOn, type Target } from "./phoneMessages.ts";
import { linkOf, type PhoneKind, phoneText, type TextValues, templateOf } from "./phoneTexts.ts";
import { termiiChannel } from "./termii.ts";
import { whatsappChannel } from "./whatsapp.ts";

// biome-ignore lint/suspicious/noExplicitAny: each module takes its own channel's settings, looked up by the same name
const MODULES: Record<Channel, PhoneChannel<any>> = { whatsapp: whatsappChannel, sms: termiiChannel };

interface MessageRow {
  id: string;
  channel: Channel;
  kind: PhoneKind;
  user_id: string | null;
  application_id: string | null;
  booking_id: string | null;
  to_phone: string;
  data: Record<string, string>;
  state: string;
}

const targetOf = (row: MessageRow): Target => ({ userId: row.user_id, applicationId: row.application_id, bookingId: row.booking_id });

/** The message's values for its SMS: an SMS is a text, never a WhatsApp template (the flag would stop it). */
function smsData(data: Record<string, string>): Record<string, string> {
  const { template: _template, ...rest } = data;
  return rest;
}

/** WhatsApp failed for good: the same notice by SMS, to a client who chose SMS too (once, by the unique index). */
async function fallBackToSms(db: Knex, config: Config, row: MessageRow): Promise<boolean> {
  if (row.channel !== "whatsapp" || !(row.application_id || row.booking_id) || !config.channels.sms) return false;
  const sms = (await choicesFor(db, targetOf(row))).sms;
  if (!sms?.opted_in) return false;
  return db.transaction(async (trx) =>
    Boolean(await queueOn(trx, "sms", { ...targetOf(row), kind: row.kind, to: sms.phone, data: smsData(row.data), fallbackFor: row.id })),
  );
}

/**
 * What the message says now, or undefined when it is no longer to be sent: its application gone, its booking no longer
 * confirmed or already begun, its e-mail withdrawn (an undo).
 */
async function valuesOf(db: Knex, baseUrl: string, row: MessageRow): Promise<TextValues | undefined> {
  if (row.booking_id) {
    const booking = await db("bookings").where({ id: row.booking_id }).first("status", "starts_at");
    if (booking?.status !== "confirmed" || new Date(booking.starts_at).getTime() <= Date.now()) return undefined;
    return { reference: "", link: "", when: row.data.when, place: row.data.place };
  }
  const app = row.application_id ? await db("visa_applications").where({ id: row.application_id }).first("reference_number") : undefined;
  if (!app || !row.application_id) return undefined;
  const email = row.data.emailId ? await db("email_messages").where({ id: row.data.emailId }).first("status", "error") : undefined;
  if (row.data.emailId !== undefined && (!email || (email.status === "not_sent" && email.error === WITHDRAWN))) return undefined;
  return {
    reference: app.reference_number,
    link: linkOf(row.kind, baseUrl, row.application_id),
    dueOn: row.data.dueOn,
    when: row.data.when,
    centre: row.data.centre,
  };
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
  const choice = (await choicesFor(db, targetOf(row)))[row.channel];
  const values = await valuesOf(db, deps.baseUrl, row);
  if (!settings || !choice?.opted_in || choice.phone !== row.to_phone || !values) {
    await db("channel_messages").where({ id }).update({ state: "not_sent", updated_at: db.fn.now() });
    return;
  }
  const body = phoneText(row.kind, values);
  const template = row.channel === "whatsapp" && row.data.template ? templateOf(config, row.kind, values) : undefined;
  if (row.channel === "whatsapp" && row.data.template && !template) {
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
