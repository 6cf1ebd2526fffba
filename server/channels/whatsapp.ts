// The WhatsApp Cloud API's webhook as Meta publishes it: the GET handshake, the X-Hub-Signature-256 header (hex
// HMAC-SHA256 of the raw body, keyed with the app secret), and the parts of a delivery the site reads.
import { createHmac, timingSafeEqual } from "node:crypto";

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

/** One message a person sent to the consultancy's WhatsApp number. */
export interface InboundMessage {
  wamid: string;
  /** The sender's WhatsApp id: their number's digits, country code first, no "+". */
  from: string;
  profileName: string | null;
  /** text, image, document, audio, … */
  kind: string;
  /** A text message's words; null for the other kinds (a caption, when there is one). */
  body: string | null;
  sentAt: Date | null;
}

/** What happened to a message the site sent (sent, delivered, read, failed). */
export interface StatusUpdate {
  wamid: string;
  status: string;
  recipient: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter(isObject) : []);
const text = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** The messages and status updates of a delivery ({object: "whatsapp_business_account", entry: [{changes: [{value}]}]}). */
export function parseDelivery(rawBody: Buffer): { messages: InboundMessage[]; statuses: StatusUpdate[] } | undefined {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString("utf8"));
  } catch {
    return undefined;
  }
  if (!isObject(json) || json.object !== "whatsapp_business_account") return undefined;
  const messages: InboundMessage[] = [];
  const statuses: StatusUpdate[] = [];
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
          wamid,
          from,
          profileName: names.get(from)?.slice(0, 200) ?? null,
          kind: kind.slice(0, 40),
          body: kind === "text" ? text(part.body) : text(part.caption),
          sentAt: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : null,
        });
      }
      for (const s of list(value.statuses)) {
        const wamid = text(s.id);
        const status = text(s.status);
        if (wamid && status) statuses.push({ wamid, status, recipient: text(s.recipient_id) ?? "" });
      }
    }
  }
  return { messages, statuses };
}
