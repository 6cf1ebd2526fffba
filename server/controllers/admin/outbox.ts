// Admin Outbox: messages that failed after their last attempt, each with Retry.
import type { Request, Response } from "express";
import { ctx } from "../../context.ts";
import { failedMessages } from "../../mail/outbox.ts";
import { audit } from "../../middleware/audit.ts";
import { HttpError } from "../../middleware/errors.ts";
import { isUuid } from "../../models/applications.ts";
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
  const id = String(req.params.id);
  if (!isUuid(id) || !(await ctx(req).outbox.retry(ctx(req).db, id))) throw new HttpError(404, "No failed message with this id");
  await audit(req, { action: "message_retried", subjectType: "message", subjectId: id });
  res.json({ status: "queued" });
}
