// Admin Outbox: messages that failed after their last attempt (e-mail, WhatsApp, SMS), each with Retry.
import type { Request, Response } from "express";
import { retryMessage } from "../../actions/outbox/retryMessage.ts";
import { retryPhoneMessage } from "../../actions/outbox/retryPhoneMessage.ts";
import { ctx } from "../../context.ts";
import { CHANNEL_NAMES, CHANNELS } from "../../domain/channels.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { failedPhoneMessages } from "../../models/channelMessages.ts";
import { failedMessages } from "../../models/emailMessages.ts";
import { messageEntry, phoneMessageEntry } from "../../presenters/messaging.ts";
import { renderPage } from "../../render/renderPage.ts";

export async function outboxPage(req: Request, res: Response): Promise<void> {
  const { db, config } = ctx(req);
  const [rows, phone] = await Promise.all([failedMessages(db), failedPhoneMessages(db)]);
  await renderPage(
    req,
    res,
    "admin/Outbox",
    {
      messages: rows.map(messageEntry),
      smtpConfigured: Boolean(config.mail.smtpUrl),
      phoneMessages: phone.map(phoneMessageEntry),
      phoneChannels: CHANNELS.filter((c) => config.channels[c]).map((c) => CHANNEL_NAMES[c]),
    },
    { title: "Outbox" },
  );
}

/** POST /api/admin/phone-messages/:id/retry: a failed WhatsApp or SMS message goes back to the queue. */
export async function retryPhoneApi(req: Request, res: Response): Promise<void> {
  orRefuse(await retryPhoneMessage(ctx(req), signedInActor(req, res), { messageId: String(req.params.id) }));
  res.json({ status: "queued" });
}

/** POST /api/admin/messages/:id/retry: a failed message goes back to the queue. */
export async function retryApi(req: Request, res: Response): Promise<void> {
  orRefuse(await retryMessage(ctx(req), signedInActor(req, res), { messageId: String(req.params.id) }));
  res.json({ status: "queued" });
}
