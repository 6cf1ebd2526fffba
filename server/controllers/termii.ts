// /webhooks/termii: Termii's signed reports — delivery states of the SMS the site sent, and texts people sent (a STOP
// ends their SMS channel). No session, no CSRF token: the signature (X-Termii-Signature) is the proof; without the
// settings, or with a wrong signature, 401 and nothing changes.
import type { Request, Response } from "express";
import { receiveSms } from "../actions/messages/receiveSms.ts";
import { recordStatus } from "../channels/phoneSend.ts";
import { termiiChannel } from "../channels/termii.ts";
import { ctx } from "../context.ts";
import { countWebhook } from "../metrics/index.ts";

export async function termiiWebhook(req: Request, res: Response): Promise<void> {
  const c = ctx(req);
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  if (!termiiChannel.verifySignature(body, req.get("x-termii-signature"), c.config.channels.sms)) {
    countWebhook("termii", "bad_signature");
    res.status(401).json({ message: "Invalid signature" });
    return;
  }
  const delivery = termiiChannel.parseWebhook(body);
  if (!delivery) {
    countWebhook("termii", "ignored");
    res.json({ received: true });
    return;
  }
  for (const message of delivery.messages) countWebhook("termii", await receiveSms(c, message));
  for (const status of delivery.statuses) {
    countWebhook("termii", (await recordStatus(c.db, c.config, "sms", status)) ? "status" : "status_unknown");
  }
  res.json({ received: true });
}
