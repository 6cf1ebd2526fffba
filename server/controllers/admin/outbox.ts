// Admin Outbox: messages that failed after their last attempt, each with Retry.
import type { Request, Response } from "express";
import { retryMessage } from "../../actions/outbox/retryMessage.ts";
import { ctx } from "../../context.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { failedMessages } from "../../models/emailMessages.ts";
import { messageEntry } from "../../presenters/messaging.ts";
import { renderPage } from "../../render/renderPage.ts";

export async function outboxPage(req: Request, res: Response): Promise<void> {
  const rows = await failedMessages(ctx(req).db);
  await renderPage(
    req,
    res,
    "admin/Outbox",
    { messages: rows.map(messageEntry), smtpConfigured: Boolean(ctx(req).config.mail.smtpUrl) },
    { title: "Outbox" },
  );
}

/** POST /api/admin/messages/:id/retry: a failed message goes back to the queue. */
export async function retryApi(req: Request, res: Response): Promise<void> {
  orRefuse(await retryMessage(ctx(req), signedInActor(req, res), { messageId: String(req.params.id) }));
  res.json({ status: "queued" });
}
