// A local WhatsApp Cloud API compatible server, written from Meta's published reference: POST
// /{version}/{phone-number-id}/messages with a Bearer token answers {messaging_product, contacts:[{input, wa_id}],
// messages:[{id}]} and records what it received; GET /{version}/{phone-number-id} answers the number's
// display_phone_number and verified_name; media as Meta serves a received file (GET /{version}/{media-id} answers
// {messaging_product, url, mime_type, sha256, file_size, id}, and GET of that short-lived url answers the bytes, both
// with the Bearer token). 401 and code 190 for another token; 400 and code 100 for an ID that is neither (as the Graph
// API answers an object the token cannot see), 404 for an unknown download address; and deliveries of signed webhooks
// (a message, a status) to the site,
// as Meta sends them (X-Hub-Signature-256: sha256= and the hex HMAC-SHA256 of the raw body with the app secret).
import { createHash, createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface SentMessage {
  phoneNumberId: string;
  to: string;
  type: string;
  body: unknown;
  id: string;
}

export interface LocalWhatsApp {
  /** The WHATSAPP_API_URL, e.g. http://127.0.0.1:PORT/v21.0 */
  apiUrl: string;
  /** The settings a site needs to use this server (random per start). */
  env: {
    WHATSAPP_API_URL: string;
    WHATSAPP_TOKEN: string;
    WHATSAPP_PHONE_NUMBER_ID: string;
    WHATSAPP_APP_SECRET: string;
    WHATSAPP_VERIFY_TOKEN: string;
  };
  sent: SentMessage[];
  /** Recipients (digits) whose messages the server refuses, as Meta refuses an undeliverable number (code 131026). */
  refuse: Set<string>;
  /** Template names (with their language "en") Meta has approved for the business: others are refused (132001). */
  templates: Set<string>;
  /** What a GET of the phone number ID answers: the number as shown to people and the business's verified name. */
  number: { display_phone_number: string; verified_name: string };
  /** Registers a file as if a person had sent it: its media id and sha256 (hex), for a message's webhook. */
  addMedia(bytes: Buffer, mimeType: string): { id: string; sha256: string };
  /** Every media request received (details and downloads), with whether its token was right. */
  mediaRequests: { path: string; authorised: boolean }[];
  /** Where the media's download URL points (this server by default): another origin, to see the token is kept. */
  mediaBase: { url: string | null };
  stop(): Promise<void>;
}

const VERSION = "v21.0";

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** Graph API errors have this shape; 190 is an invalid access token, 100 an invalid parameter. */
function graphError(res: ServerResponse, status: number, code: number, message: string) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ error: { message, type: "OAuthException", code } }));
}

export const wamid = () => `wamid.${randomBytes(24).toString("base64url")}`;

export async function startLocalWhatsApp(): Promise<LocalWhatsApp> {
  const env = {
    WHATSAPP_API_URL: "",
    WHATSAPP_TOKEN: `EAAG${randomBytes(24).toString("hex")}`,
    WHATSAPP_PHONE_NUMBER_ID: String(100000000000000 + Math.floor(Math.random() * 1e12)),
    WHATSAPP_APP_SECRET: randomBytes(16).toString("hex"),
    WHATSAPP_VERIFY_TOKEN: randomBytes(16).toString("hex"),
  };
  const sent: SentMessage[] = [];
  const refuse = new Set<string>();
  const templates = new Set<string>();
  const number = { display_phone_number: "+234 803 555 0142", verified_name: "Horizon Gate Travel" };
  const media = new Map<string, { bytes: Buffer; mimeType: string; sha256: string }>();
  const mediaRequests: LocalWhatsApp["mediaRequests"] = [];
  let base = "";
  const mediaBase: LocalWhatsApp["mediaBase"] = { url: null };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const read = /^\/(v\d+\.\d+)\/(\d+)$/.exec(url.pathname);
      const download = /^\/download\/media\/(\d{6,})$/.exec(url.pathname);
      if (req.method === "GET" && download) {
        const authorised = req.headers.authorization === `Bearer ${env.WHATSAPP_TOKEN}`;
        mediaRequests.push({ path: url.pathname, authorised });
        if (!authorised) return graphError(res, 401, 190, "Invalid OAuth access token");
        const file = media.get(download[1]);
        if (!file) return graphError(res, 404, 100, "Unsupported get request. Object does not exist");
        return res.writeHead(200, { "content-type": file.mimeType, "content-length": file.bytes.length }).end(file.bytes);
      }
      if (req.method === "GET" && read) {
        const authorised = req.headers.authorization === `Bearer ${env.WHATSAPP_TOKEN}`;
        const file = media.get(read[2]);
        if (read[2] !== env.WHATSAPP_PHONE_NUMBER_ID) mediaRequests.push({ path: url.pathname, authorised });
        if (!authorised) return graphError(res, 401, 190, "Invalid OAuth access token - Cannot parse access token");
        if (read[2] === env.WHATSAPP_PHONE_NUMBER_ID) {
          return res
            .writeHead(200, { "content-type": "application/json" })
            .end(JSON.stringify({ ...number, quality_rating: "GREEN", id: env.WHATSAPP_PHONE_NUMBER_ID }));
        }
        if (!file) {
          return graphError(
            res,
            400,
            100,
            `Unsupported get request. Object with ID '${read[2]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
          );
        }
        return res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            messaging_product: "whatsapp",
            url: `${mediaBase.url ?? base}/download/media/${read[2]}?ext=${Date.now()}&hash=${randomBytes(8).toString("hex")}`,
            mime_type: file.mimeType,
            sha256: file.sha256,
            file_size: String(file.bytes.length),
            id: read[2],
          }),
        );
      }
      const match = /^\/(v\d+\.\d+)\/(\d+)\/messages$/.exec(req.url ?? "");
      if (req.method !== "POST" || !match) return graphError(res, 404, 100, "Unsupported request");
      if (req.headers.authorization !== `Bearer ${env.WHATSAPP_TOKEN}`) return graphError(res, 401, 190, "Invalid OAuth access token");
      if (match[2] !== env.WHATSAPP_PHONE_NUMBER_ID) return graphError(res, 400, 100, "Unknown phone number ID");
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        return graphError(res, 400, 100, "Invalid JSON");
      }
      const to = typeof body.to === "string" ? body.to : "";
      if (body.messaging_product !== "whatsapp" || !/^\+?\d{8,15}$/.test(to)) return graphError(res, 400, 100, "Invalid parameter");
      if (refuse.has(to.replace(/^\+/, ""))) return graphError(res, 400, 131026, "Message undeliverable");
      if (body.type === "template") {
        const template = (body.template ?? {}) as { name?: unknown; language?: { code?: unknown } };
        if (typeof template.name !== "string" || typeof template.language?.code !== "string") return graphError(res, 400, 100, "Invalid parameter");
        if (!templates.has(template.name) || template.language.code !== "en") {
          return graphError(res, 404, 132001, "Template name does not exist in the translation");
        }
      } else if (body.type !== "text") return graphError(res, 400, 100, "Invalid parameter");
      const id = wamid();
      sent.push({ phoneNumberId: match[2], to, type: String(body.type ?? "text"), body, id });
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to.replace(/^\+/, "") }], messages: [{ id }] }));
    })();
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const apiUrl = `${base}/${VERSION}`;
  env.WHATSAPP_API_URL = apiUrl;
  const addMedia = (bytes: Buffer, mimeType: string) => {
    const id = String(1_000_000_000_000_000 + Math.floor(Math.random() * 1e15));
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    media.set(id, { bytes, mimeType, sha256 });
    return { id, sha256 };
  };
  return {
    apiUrl,
    env,
    sent,
    refuse,
    templates,
    number,
    addMedia,
    mediaRequests,
    mediaBase,
    stop: () => new Promise((r) => server.close(() => r())),
  };
}

/** A photo's or a document's part of a message: its media id and what the message says of the file. */
export interface MediaPart {
  id: string;
  mime_type?: string;
  sha256?: string;
  filename?: string;
  caption?: string;
}

/**
 * A delivery of one person's message to the business number, as the webhook's JSON: a text, or with `media` an image
 * or a document (`type`) carrying its media id, type, sha256, caption and (a document's) file name.
 */
export function messageDelivery(input: {
  from: string;
  text?: string;
  type?: string;
  id?: string;
  name?: string;
  phoneNumberId?: string;
  media?: MediaPart;
}) {
  const type = input.type ?? "text";
  const message: Record<string, unknown> = {
    from: input.from,
    id: input.id ?? wamid(),
    timestamp: String(Math.floor(Date.now() / 1000)),
    type,
  };
  if (type === "text") message.text = { body: input.text ?? "" };
  else message[type] = input.media ?? { id: randomBytes(8).toString("hex"), mime_type: "image/jpeg" };
  return envelope(input.phoneNumberId, { contacts: [{ profile: { name: input.name ?? "Client" }, wa_id: input.from }], messages: [message] });
}

/** A status update (sent, delivered, read, failed) of a message the site sent. */
export function statusDelivery(input: { id: string; status: string; recipient: string; phoneNumberId?: string }) {
  return envelope(input.phoneNumberId, {
    statuses: [{ id: input.id, status: input.status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: input.recipient }],
  });
}

function envelope(phoneNumberId: string | undefined, value: Record<string, unknown>) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "2348035550142", phone_number_id: phoneNumberId ?? "0" },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

export const sign = (raw: string, appSecret: string) => `sha256=${createHmac("sha256", appSecret).update(raw).digest("hex")}`;

/**
 * Posts a delivery to the site's webhook as Meta does: `signature` false sends none, a string sends that header as is,
 * otherwise it is signed with `appSecret`. Answers the site's status.
 */
export async function deliver(
  siteUrl: string,
  payload: unknown,
  opts: { appSecret: string; signature?: string | false },
): Promise<{ status: number; text: string }> {
  const raw = JSON.stringify(payload);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (opts.signature !== false) headers["x-hub-signature-256"] = opts.signature ?? sign(raw, opts.appSecret);
  const res = await fetch(`${siteUrl}/webhooks/whatsapp`, { method: "POST", headers, body: raw });
  return { status: res.status, text: await res.text() };
}
