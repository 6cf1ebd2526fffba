// /webhooks/whatsapp: Meta's GET handshake, and the signed deliveries of messages people send to the consultancy's
// WhatsApp number (no session, no CSRF token: the signature is the proof). Off (403, 401) without the settings.
import type { Request, Response } from "express";
import { receiveWhatsapp } from "../actions/messages/receiveWhatsapp.ts";
import { recordStatus } from "../channels/phoneSend.ts";
import { handshakeChallenge, parseDelivery, validSignature } from "../channels/whatsapp.ts";
import { ctx } from "../context.ts";
import { countWebhook } from "../metrics/index.ts";

/** GET /webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=…&hub.challenge=… */
export function whatsappHandshake(req: Request, res: Response): void {
  const challenge = handshakeChallenge(req.query as Record<string, unknown>, ctx(req).config.channels.whatsapp?.verifyToken);
  res.set("Cache-Control", "no-store");
  if (challenge === undefined) {
    countWebhook("whatsapp", "bad_verify_token");
    res.status(403).type("text/plain").send("Forbidden");
    return;
  }
  res.status(200).type("text/plain").send(challenge);
}

/** POST /webhooks/whatsapp — raw body; a missing or wrong signature is 401 and stores nothing. */
export async function whatsappWebhook(req: Request, res: Response): Promise<void> {
  const settings = ctx(req).config.channels.whatsapp;
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  if (!validSignature(body, req.get("x-hub-signature-256"), settings?.appSecret)) {
    countWebhook("whatsapp", "bad_signature");
    res.status(401).json({ error: { message: "Invalid signature" } });
    return;
  }
  const delivery = parseDelivery(body);
  if (!delivery) {
    countWebhook("whatsapp", "ignored");
    res.json({ received: true });
    return;
  }
  // One by one, each in its own transaction: a failure answers 500 so that Meta delivers again, and what was already
  // received is then recognised by its id and not stored twice.
  for (const message of delivery.messages) countWebhook("whatsapp", await receiveWhatsapp(ctx(req), message));
  for (const status of delivery.statuses) {
    countWebhook("whatsapp", (await recordStatus(ctx(req).db, ctx(req).config, "whatsapp", status)) ? "status" : "status_unknown");
  }
  res.json({ received: true });
}
