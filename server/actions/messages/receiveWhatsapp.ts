// A message a person sent to the consultancy's WhatsApp number, received once (by Meta's message id): a STOP ends the
// WhatsApp channel for that number at once; a text from a number one person opted in with (or, failing that, the
// profile phone of exactly one person) goes into that person's most recent open application's conversation, as their
// message "via WhatsApp", with the office's e-mail as for any message, and so does a photo or a document (its caption
// the words; its file fetched by the job worker, channels/whatsappMedia.ts); anything else waits in the staff inbox.
import type { Knex } from "knex";
import type { InboundMessage } from "../../channels/channel.ts";
import { queueMediaFetch } from "../../channels/whatsappMedia.ts";
import { isStop, STOP_WORDS } from "../../domain/channels.ts";
import { queueThreadMessage } from "../../mail/threadMessages.ts";
import { addConsent, endBookingConsents, optedInAt, recordInbound, settleInbound, usersWithPhone } from "../../models/channels.ts";
import { lockApplication } from "../../models/statusChanges.ts";
import { insertMessage } from "../../models/thread.ts";
import { MESSAGE_MAX } from "../../validation/messages.ts";
import { type ActionContext, type Actor, auditAs } from "../action.ts";

/** A file's message without a caption. */
const FILE_WORDS: Record<string, string> = { image: "Sent a photo on WhatsApp.", document: "Sent a document on WhatsApp." };

export type Received = "duplicate" | "conversation" | "inbox" | "stop";

const system = (userId: string | null): Actor => ({ userId, via: "system" });

/** The one person this number belongs to: the one who opted in with it, else the one whose profile phone it is. */
async function personOf(trx: Knex.Transaction, phone: string): Promise<string | undefined> {
  const opted = await optedInAt(trx, "whatsapp", phone);
  if (opted.length === 1) return opted[0];
  if (opted.length > 1) return undefined;
  const owners = await usersWithPhone(trx, phone);
  return owners.length === 1 ? owners[0] : undefined;
}

/** Their most recent application staff are working on (submitted, in review, or returned for changes). */
async function openApplicationOf(trx: Knex.Transaction, userId: string): Promise<string | undefined> {
  const row = await trx("visa_applications")
    .where({ user_id: userId })
    .whereNull("anonymised_at")
    .where((q) => q.whereIn("status", ["submitted", "under_review"]).orWhere((d) => d.where({ status: "draft" }).whereNotNull("submitted_at")))
    .orderBy([
      { column: "created_at", order: "desc" },
      { column: "id", order: "desc" },
    ])
    .first("id");
  return row?.id;
}

export async function receiveWhatsapp({ db, outbox, config }: ActionContext, message: InboundMessage): Promise<Received> {
  const phone = `+${message.from}`;
  return db.transaction(async (trx): Promise<Received> => {
    const id = await recordInbound(
      trx,
      {
        wamid: message.id,
        from_phone: phone,
        profile_name: message.profileName,
        kind: message.kind,
        body: message.body,
        sent_at: message.sentAt,
      },
      message.media,
    );
    if (!id) return "duplicate";
    // Fetched by the job worker once this transaction commits: Meta is answered without waiting for the file.
    if (message.media) await queueMediaFetch(trx, id);
    const words = message.body?.trim() ?? "";

    if (message.kind === "text" && isStop(words)) {
      const ended = await optedInAt(trx, "whatsapp", phone);
      for (const userId of ended) {
        await addConsent(trx, { user_id: userId, channel: "whatsapp", phone, opted_in: false, words: STOP_WORDS, source: "whatsapp_stop" });
        await auditAs(trx, system(userId), { action: "whatsapp_stopped", subjectType: "account", subjectId: userId });
      }
      // A choice given on a booking not yet linked to an account ends too: it is never carried to one.
      await endBookingConsents(trx, "whatsapp", phone);
      await settleInbound(trx, id, { outcome: "stop", user_id: ended.length === 1 ? ended[0] : null, message_id: null });
      return "stop";
    }

    const userId = await personOf(trx, phone);
    const applicationId = userId ? await openApplicationOf(trx, userId) : undefined;
    // Words fit a conversation, within a message's length, and a photo or a document (its caption the words, the file
    // shown to staff with it); a voice note or a video is seen in WhatsApp itself.
    const text = message.media ? (words || FILE_WORDS[message.kind] || FILE_WORDS.document).slice(0, MESSAGE_MAX) : words;
    const fits = (message.kind === "text" || Boolean(message.media)) && text.length > 0 && text.length <= MESSAGE_MAX;
    const row = userId && applicationId && fits ? await lockApplication(trx, applicationId) : undefined;
    if (!userId || !row || row.user_id !== userId) {
      await settleInbound(trx, id, { outcome: "inbox", user_id: userId ?? null, message_id: null });
      return "inbox";
    }
    const posted = await insertMessage(trx, { applicationId: row.id, authorId: userId, side: "applicant", body: text, channel: "whatsapp" });
    await queueThreadMessage(outbox, trx, { row, from: "applicant", staffInbox: config.mail.staffInbox });
    await auditAs(trx, system(userId), {
      action: "whatsapp_received",
      subjectType: "application",
      subjectId: row.id,
      details: { from: "applicant" },
    });
    await settleInbound(trx, id, { outcome: "conversation", user_id: userId, message_id: posted.id });
    return "conversation";
  });
}
