// SMS through Termii, the Nigerian gateway, as its published API reference describes it: POST {base}/api/sms/send with
// the API key, the number in international digits, the approved sender ID and the text, on the "dnd" route (the one
// meant for transactional messages: it reaches numbers on Do-Not-Disturb, which the "generic" promotional route does
// not); it answers the message's id. Termii's webhook carries delivery reports ("outbound": DELIVERED, Message Failed,
// DND Active on Phone Number…, with their cost) and messages people send ("inbound"), each signed in X-Termii-Signature
// as the hex HMAC-SHA512 of the raw body keyed with the account's secret key.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../config.ts";
import {
  type InboundMessage,
  isObject,
  type PhoneChannel,
  type PhoneMessage,
  postJson,
  refusedForGood,
  type StatusReport,
  textOf,
  type WebhookDelivery,
} from "./channel.ts";

type SmsSettings = NonNullable<Config["channels"]["sms"]>;

export const termiiSignature = (rawBody: Buffer | string, secretKey: string) => createHmac("sha512", secretKey).update(rawBody).digest("hex");

function verifySignature(rawBody: Buffer, header: string | undefined, settings: SmsSettings | undefined): boolean {
  // Without a secret anyone could sign: refuse rather than compare.
  if (!settings?.secretKey || typeof header !== "string" || !/^[0-9a-fA-F]{128}$/.test(header)) return false;
  return timingSafeEqual(Buffer.from(termiiSignature(rawBody, settings.secretKey), "hex"), Buffer.from(header, "hex"));
}

async function send(settings: SmsSettings, to: string, message: PhoneMessage) {
  const { status, json } = await postJson(`${settings.apiUrl}/api/sms/send`, {
    api_key: settings.apiKey,
    to: to.replace(/^\+/, ""),
    from: settings.senderId,
    sms: message.text,
    type: "plain",
    channel: "dnd",
  });
  const id = textOf(json.message_id) ?? (typeof json.message_id === "number" ? String(json.message_id) : null);
  if (status >= 200 && status < 300 && id) return { ok: true as const, providerId: id, cost: null };
  return { ok: false as const, error: `${status} ${textOf(json.message) ?? "no message id"}`.slice(0, 500), permanent: refusedForGood(status) };
}

/**
 * Termii's report words, mapped to the site's states: "DELIVERED" (or "Delivered", "DELIVERED | Message delivered to
 * handset") is delivered; "Message Sent" (its first state) is sent; anything naming a failure, a rejection, an expiry
 * or DND is failed, with Termii's words kept as the reason. Words it may add later are left unread (undefined).
 */
export function stateOfReport(status: string): StatusReport["state"] | undefined {
  const s = status.trim().toLowerCase();
  if (s.startsWith("delivered")) return "delivered";
  if (s === "message sent" || s === "sent" || s === "accepted") return "sent";
  if (/fail|reject|expire|undeliver|dnd/.test(s)) return "failed";
  return undefined;
}

const digits = (v: unknown): string | null => {
  const t = textOf(v) ?? (typeof v === "number" ? String(v) : null);
  return t && /^\+?\d{8,15}$/.test(t.trim()) ? t.trim().replace(/^\+/, "") : null;
};

function parseWebhook(rawBody: Buffer): WebhookDelivery | undefined {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString("utf8"));
  } catch {
    return undefined;
  }
  if (!isObject(json)) return undefined;
  const id = textOf(json.message_id) ?? (typeof json.message_id === "number" ? String(json.message_id) : null);
  if (!id || id.length > 200) return undefined;
  if (json.type === "inbound") {
    const from = digits(json.sender);
    if (!from) return undefined;
    const received = textOf(json.received_at);
    const at = received ? new Date(received) : null;
    const message: InboundMessage = {
      id,
      from,
      profileName: null,
      kind: "text",
      body: textOf(json.message),
      sentAt: at && !Number.isNaN(at.getTime()) ? at : null,
    };
    return { messages: [message], statuses: [] };
  }
  const status = textOf(json.status);
  const state = status ? stateOfReport(status) : undefined;
  if (!status || !state) return { messages: [], statuses: [] };
  const cost = Number(textOf(json.cost) ?? json.cost);
  return {
    messages: [],
    statuses: [
      { providerId: id, state, reason: state === "failed" ? status.slice(0, 300) : null, cost: Number.isFinite(cost) && cost >= 0 ? cost : null },
    ],
  };
}

export const termiiChannel: PhoneChannel<SmsSettings> = { name: "sms", send, verifySignature, parseWebhook };
