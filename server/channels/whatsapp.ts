// The WhatsApp Cloud API's webhook as Meta publishes it: the GET handshake, the X-Hub-Signature-256 header (hex
// HMAC-SHA256 of the raw body, keyed with the app secret), and the parts of a delivery the site reads.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../config.ts";
import {
  type InboundMedia,
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

/** The handshake's answer: the challenge when the mode is "subscribe" and the token is ours, else nothing (403). */
export function handshakeChallenge(query: Record<string, unknown>, verifyToken: string | undefined): string | undefined {
  const mode = query["hub.mode"];
  const token = query["hub.verify_token"];
  const challenge = query["hub.challenge"];
  if (!verifyToken || mode !== "subscribe" || typeof token !== "string" || typeof challenge !== "string") return undefined;
  if (!sameText(token, verifyToken)) return undefined;
  return challenge;
}

/** Constant-time comparison of two strings (their HMACs, so that the lengths do not tell either). */
function sameText(a: string, b: string): boolean {
  const key = "compare";
  return timingSafeEqual(createHmac("sha256", key).update(a).digest(), createHmac("sha256", key).update(b).digest());
}

export const signatureOf = (rawBody: Buffer | string, appSecret: string) => `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;

/** Whether `header` is `sha256=` and the hex HMAC-SHA256 of exactly these bytes with the app secret. */
export function validSignature(rawBody: Buffer, header: string | undefined, appSecret: string | undefined): boolean {
  // An unconfigured secret would let anyone sign: refuse rather than compare.
  if (!appSecret || typeof header !== "string" || !/^sha256=[0-9a-fA-F]{64}$/.test(header)) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(header.slice(7), "hex"));
}

const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter(isObject) : []);
const text = textOf;

/** The messages and status updates of a delivery ({object: "whatsapp_business_account", entry: [{changes: [{value}]}]}). */
export function parseDelivery(rawBody: Buffer): WebhookDelivery | undefined {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString("utf8"));
  } catch {
    return undefined;
  }
  if (!isObject(json) || json.object !== "whatsapp_business_account") return undefined;
  const messages: InboundMessage[] = [];
  const statuses: StatusReport[] = [];
  for (const entry of list(json.entry)) {
    for (const change of list(entry.changes)) {
      const value = change.value;
      if (change.field !== "messages" || !isObject(value)) continue;
      const names = new Map(list(value.contacts).map((c) => [text(c.wa_id), isObject(c.profile) ? text(c.profile.name) : null]));
      for (const m of list(value.messages)) {
        const wamid = text(m.id);
        const from = text(m.from);
        const kind = text(m.type) ?? "unknown";
        if (!wamid || !from || !/^\d{8,15}$/.test(from) || wamid.length > 200) continue;
        const seconds = Number(text(m.timestamp));
        const part = isObject(m[kind]) ? (m[kind] as Record<string, unknown>) : {};
        messages.push({
          id: wamid,
          from,
          profileName: names.get(from)?.slice(0, 200) ?? null,
          kind: kind.slice(0, 40),
          body: kind === "text" ? text(part.body) : text(part.caption),
          sentAt: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : null,
          media: mediaOf(kind, part),
        });
      }
      for (const s of list(value.statuses)) {
        const wamid = text(s.id);
        const state = text(s.status);
        if (!wamid || !state || !STATES.has(state)) continue;
        const errors = list(s.errors);
        const reason = errors.length ? (text(errors[0].title) ?? text(errors[0].message)) : null;
        statuses.push({ providerId: wamid, state: state as StatusReport["state"], reason: reason?.slice(0, 300) ?? null, cost: null });
      }
    }
  }
  return { messages, statuses };
}

/** A photo's or a document's media id (fetched later by the job worker) and what the message says of the file. */
function mediaOf(kind: string, part: Record<string, unknown>): InboundMedia | null {
  const id = text(part.id);
  if ((kind !== "image" && kind !== "document") || !id || id.length > 200) return null;
  const short = (v: unknown, n: number) => text(v)?.slice(0, n) ?? null;
  return { id, mimeType: short(part.mime_type, 100), sha256: short(part.sha256, 100), filename: short(part.filename, 255) };
}

const STATES = new Set(["sent", "delivered", "read", "failed"]);

type WhatsappSettings = NonNullable<Config["channels"]["whatsapp"]>;

/**
 * The Cloud API's text message (allowed inside the 24-hour window since the person's last message), or an approved
 * template with its body parameters (allowed at any time).
 */
async function send(settings: WhatsappSettings, to: string, message: PhoneMessage) {
  const content = message.template
    ? {
        type: "template",
        template: {
          name: message.template.name,
          language: { code: message.template.language },
          components: [{ type: "body", parameters: message.template.parameters.map((text) => ({ type: "text", text })) }],
        },
      }
    : { type: "text", text: { body: message.text, preview_url: false } };
  const { status, json } = await postJson(
    `${settings.apiUrl}/${settings.phoneNumberId}/messages`,
    { messaging_product: "whatsapp", recipient_type: "individual", to: to.replace(/^\+/, ""), ...content },
    { authorization: `Bearer ${settings.token}` },
  );
  const messages = Array.isArray(json.messages) ? json.messages : [];
  const id = isObject(messages[0]) ? textOf(messages[0].id) : null;
  if (status >= 200 && status < 300 && id) return { ok: true as const, providerId: id, cost: null };
  const error = isObject(json.error) ? textOf(json.error.message) : textOf(json.message);
  return { ok: false as const, error: `${status} ${error ?? "no message id"}`.slice(0, 500), permanent: refusedForGood(status) };
}

export const whatsappChannel: PhoneChannel<WhatsappSettings> = {
  name: "whatsapp",
  send,
  verifySignature: (rawBody, header, settings) => validSignature(rawBody, header, settings?.appSecret),
  parseWebhook: parseDelivery,
};
