// A local Termii compatible server, written from Termii's published API reference: POST /api/sms/send with the API
// key, `to` in international digits, the sender ID, the text, type "plain" and a channel ("dnd", "generic") answers
// {code: "ok", message_id, message: "Successfully Sent", balance, user} and records what it received; a wrong key is
// 401, a sender ID it does not know or a malformed number 400, each with a message. GET /api/get-balance?api_key=…
// answers {user, balance, currency} (401 for a wrong key). And the reports Termii posts to
// the site's webhook (a delivery report, a text a person sent), signed as Termii signs them: X-Termii-Signature, the
// hex HMAC-SHA512 of the raw body keyed with the account's secret key.
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface SentSms {
  to: string;
  from: string;
  sms: string;
  channel: string;
  id: string;
}

export interface LocalTermii {
  env: { TERMII_API_URL: string; TERMII_API_KEY: string; TERMII_SENDER_ID: string; TERMII_SECRET_KEY: string };
  sent: SentSms[];
  /** Numbers (digits) it refuses with a 400, as for a number it cannot route. */
  refuse: Set<string>;
  /** The account's balance in naira: each message sent takes one. */
  balance(): number;
  setBalance(naira: number): void;
  /**
   * The account's sender IDs and their status as Termii lists them (GET /api/sender-id, 15 a page): "unblock" once
   * approved, "pending" while Termii and the networks review it, "block" when refused. The site's own starts approved,
   * after twenty others so that it is on the second page.
   */
  senderIds: Map<string, string>;
  stop(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const answer = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

export const termiiMessageId = () => String(BigInt(`0x${randomBytes(7).toString("hex")}`));

export async function startLocalTermii(): Promise<LocalTermii> {
  const env = {
    TERMII_API_URL: "",
    TERMII_API_KEY: `TL${randomBytes(24).toString("hex")}`,
    TERMII_SENDER_ID: "HorizonGate",
    TERMII_SECRET_KEY: randomBytes(24).toString("hex"),
  };
  const sent: SentSms[] = [];
  const refuse = new Set<string>();
  let balance = 5000;
  const senderIds = new Map<string, string>();
  for (let i = 1; i <= 20; i++) senderIds.set(`Other${i}`, "unblock");
  senderIds.set(env.TERMII_SENDER_ID, "unblock");
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://termii.local");
      if (req.method === "GET" && url.pathname === "/api/get-balance") {
        if (url.searchParams.get("api_key") !== env.TERMII_API_KEY) return answer(res, 401, { message: "Invalid API key" });
        return answer(res, 200, { user: "Horizon Gate", balance, currency: "NGN" });
      }
      if (req.method === "GET" && url.pathname === "/api/sender-id") {
        if (url.searchParams.get("api_key") !== env.TERMII_API_KEY) return answer(res, 401, { message: "Invalid API key" });
        const all = [...senderIds].map(([sender_id, status]) => ({ sender_id, status, company: "Horizon Gate", usecase: null, country: null }));
        const page = Math.max(1, Number(url.searchParams.get("page") ?? 1) || 1);
        const lastPage = Math.max(1, Math.ceil(all.length / 15));
        return answer(res, 200, {
          current_page: page,
          data: all.slice((page - 1) * 15, page * 15),
          last_page: lastPage,
          per_page: 15,
          total: all.length,
        });
      }
      if (req.method !== "POST" || req.url !== "/api/sms/send") return answer(res, 404, { message: "Not found" });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        return answer(res, 400, { message: "Invalid JSON" });
      }
      if (body.api_key !== env.TERMII_API_KEY) return answer(res, 401, { message: "Invalid API key" });
      const to = typeof body.to === "string" ? body.to : "";
      if (!/^\d{8,15}$/.test(to)) return answer(res, 400, { message: "Phone number must be in the international format" });
      if (body.from !== env.TERMII_SENDER_ID) return answer(res, 400, { message: "ApplicationSenderId not found for applicationId" });
      if (typeof body.sms !== "string" || body.sms.length === 0) return answer(res, 400, { message: "The sms field is required." });
      if (body.type !== "plain" || !["dnd", "generic", "whatsapp"].includes(String(body.channel))) {
        return answer(res, 400, { message: "Invalid type or channel" });
      }
      if (refuse.has(to)) return answer(res, 400, { message: "Unable to route message" });
      const id = termiiMessageId();
      balance -= 1;
      sent.push({ to, from: String(body.from), sms: body.sms, channel: String(body.channel), id });
      answer(res, 200, { code: "ok", message_id: id, message: "Successfully Sent", balance, user: "Horizon Gate" });
    })();
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  env.TERMII_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env,
    sent,
    refuse,
    balance: () => balance,
    setBalance: (naira) => {
      balance = naira;
    },
    senderIds,
    stop: () => new Promise((r) => server.close(() => r())),
  };
}

/** A delivery report of a message the site sent ("DELIVERED", "Message Failed", "DND Active on Phone Number"…). */
export function deliveryReport(input: { messageId: string; to: string; status: string; cost?: string }) {
  return {
    type: "outbound",
    id: termiiMessageId(),
    message_id: input.messageId,
    receiver: input.to,
    sender: "HorizonGate",
    message: "…",
    sent_at: new Date().toISOString().slice(0, 19).replace("T", " "),
    cost: input.cost ?? "4.00",
    status: input.status,
    channel: "dnd",
  };
}

/** A text a person sent to the consultancy's number. */
export function inboundSms(input: { from: string; text: string; messageId?: string }) {
  return {
    type: "inbound",
    id: termiiMessageId(),
    message_id: input.messageId ?? termiiMessageId(),
    receiver: "2348035550142",
    sender: input.from,
    message: input.text,
    received_at: new Date().toISOString(),
    cost: null,
    status: "Received",
    channel: null,
  };
}

export const termiiSign = (raw: string, secret: string) => createHmac("sha512", secret).update(raw).digest("hex");

/** Posts a report to the site's webhook as Termii does: `signature` false sends none, a string sends that header as is. */
export async function report(
  siteUrl: string,
  payload: unknown,
  opts: { secret: string; signature?: string | false },
): Promise<{ status: number; text: string }> {
  const raw = JSON.stringify(payload);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (opts.signature !== false) headers["x-termii-signature"] = opts.signature ?? termiiSign(raw, opts.secret);
  const res = await fetch(`${siteUrl}/webhooks/termii`, { method: "POST", headers, body: raw });
  return { status: res.status, text: await res.text() };
}
