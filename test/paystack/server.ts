// A local Paystack-compatible server (initialize, a checkout page, verify, refund, signed charge.success webhooks) for
// the tests and for trying the paystack provider without a Paystack account; written from Paystack's published API reference.
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { escapeHtml } from "../../server/render/serialize.ts";

interface Transaction {
  id: number;
  reference: string;
  accessCode: string;
  status: "abandoned" | "success";
  amountMinor: number;
  currency: string;
  email: string;
  callbackUrl: string;
  metadata: unknown;
  createdAt: Date;
  paidAt: Date | null;
  channel: string | null;
  refundedMinor: number;
}

export interface LocalPaystack {
  /** e.g. http://127.0.0.1:PORT: the PAYSTACK_API_URL. */
  url: string;
  /** The sk_test_… / pk_test_… keys it accepts (random per start unless given). */
  secretKey: string;
  publicKey: string;
  /** Where charge.success webhooks go (set after the app's address is known); none → no delivery. */
  setWebhookUrl(url: string | undefined): void;
  /** Test switches, all default false/undefined. */
  options: { dropWebhook: boolean; dropCallback: boolean; chargeAmountMinor?: number; chargeCurrency?: string };
  transactions(): Array<{ reference: string; status: string; amountMinor: number; currency: string; email: string; callbackUrl: string; id: string }>;
  /** Marks the transaction paid as if the customer paid (no browser), sends the webhook unless dropped. */
  pay(reference: string): Promise<void>;
  /** (Re)sends charge.success for a paid transaction, signed; returns the app's HTTP status. `sign: false` or a wrong key → a bad signature. */
  sendWebhook(reference: string, opts?: { secretKey?: string; sign?: boolean }): Promise<number>;
  stop(): Promise<void>;
}

const CURRENCIES = new Set(["NGN", "USD", "GHS", "ZAR", "KES"]);
const REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;
const BODY_LIMIT = 100_000;
const WEBHOOK_TIMEOUT_MS = 5_000;

class Refusal extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
  }
}

const randomKey = (prefix: string) => `${prefix}${randomBytes(20).toString("hex")}`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) reject(new Refusal(413, "Request body too large"));
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** Paystack takes JSON or a urlencoded form; both become one flat object here. */
async function readFields(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  if (!text) return {};
  if ((req.headers["content-type"] ?? "").includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {}
  throw new Refusal(400, "Invalid JSON body");
}

/** Minor units as Paystack takes them: an integer, or a string of digits. */
function minorUnits(value: unknown): number | undefined {
  const number = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

function formatMoney(amountMinor: number, currency: string): string {
  return new Intl.NumberFormat("en-NG", { style: "currency", currency }).format(amountMinor / 100);
}

function page(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  );
}

function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(value));
}

/** Where the browser goes back to, with the reference as Paystack adds it. */
function callbackFor(tx: Transaction): string {
  const url = new URL(tx.callbackUrl);
  url.searchParams.set("trxref", tx.reference);
  url.searchParams.set("reference", tx.reference);
  return url.toString();
}

/** The transaction as Paystack's verify answer and charge.success event describe it. */
function describe(tx: Transaction) {
  return {
    id: tx.id,
    domain: "test",
    status: tx.status,
    reference: tx.reference,
    amount: tx.amountMinor,
    message: null,
    gateway_response: tx.status === "success" ? "Successful" : "The transaction was not completed",
    paid_at: tx.paidAt?.toISOString() ?? null,
    created_at: tx.createdAt.toISOString(),
    channel: tx.channel,
    currency: tx.currency,
    metadata: tx.metadata,
    customer: { email: tx.email },
    paidAt: tx.paidAt?.toISOString() ?? null,
    createdAt: tx.createdAt.toISOString(),
  };
}

export async function startLocalPaystack(opts?: { port?: number; secretKey?: string; publicKey?: string }): Promise<LocalPaystack> {
  const secretKey = opts?.secretKey ?? randomKey("sk_test_");
  const publicKey = opts?.publicKey ?? randomKey("pk_test_");
  const byReference = new Map<string, Transaction>();
  const byAccessCode = new Map<string, Transaction>();
  const byId = new Map<number, Transaction>();
  let nextId = 4_000_000_000 + Math.floor(Math.random() * 1_000_000);
  let nextRefundId = 3_000_000 + Math.floor(Math.random() * 1_000_000);
  let webhookUrl: string | undefined;
  const options: LocalPaystack["options"] = { dropWebhook: false, dropCallback: false };
  let url = "";

  async function sendWebhook(reference: string, sendOpts?: { secretKey?: string; sign?: boolean }): Promise<number> {
    const tx = byReference.get(reference);
    if (tx?.status !== "success") throw new Error(`No paid transaction with the reference ${reference}`);
    if (!webhookUrl) throw new Error("No webhook URL set");
    const body = JSON.stringify({ event: "charge.success", data: describe(tx) });
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (sendOpts?.sign !== false) {
      headers["x-paystack-signature"] = createHmac("sha512", sendOpts?.secretKey ?? secretKey)
        .update(body)
        .digest("hex");
    }
    const response = await fetch(webhookUrl, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) });
    await response.arrayBuffer();
    return response.status;
  }

  /** The customer paid: the charge takes the test switches' amount/currency when set, then the webhook goes out. */
  async function complete(tx: Transaction): Promise<void> {
    tx.status = "success";
    tx.amountMinor = options.chargeAmountMinor ?? tx.amountMinor;
    tx.currency = options.chargeCurrency ?? tx.currency;
    tx.paidAt = new Date();
    tx.channel = "card";
    // Like Paystack, a failed delivery does not undo the payment: the app must still find it by verifying.
    if (webhookUrl && !options.dropWebhook) await sendWebhook(tx.reference).catch(() => undefined);
  }

  async function initialize(req: IncomingMessage, res: ServerResponse) {
    const fields = await readFields(req);
    const email = typeof fields.email === "string" ? fields.email.trim() : "";
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Refusal(400, "Invalid Email Address Passed");
    const amountMinor = minorUnits(fields.amount);
    if (amountMinor === undefined) throw new Refusal(400, "Invalid Amount Sent");
    const currency = fields.currency === undefined ? "NGN" : fields.currency;
    if (typeof currency !== "string" || !CURRENCIES.has(currency)) throw new Refusal(400, "Currency not supported by merchant");
    const reference = fields.reference === undefined ? randomBytes(8).toString("hex") : fields.reference;
    if (typeof reference !== "string" || !REFERENCE.test(reference)) throw new Refusal(400, "Invalid transaction reference");
    if (byReference.has(reference)) throw new Refusal(400, "Duplicate Transaction Reference");
    const callbackUrl = typeof fields.callback_url === "string" ? fields.callback_url : "";
    if (callbackUrl && !URL.canParse(callbackUrl)) throw new Refusal(400, "Invalid callback_url");
    let metadata = fields.metadata ?? "";
    if (typeof metadata === "string" && metadata) {
      try {
        metadata = JSON.parse(metadata);
      } catch {
        throw new Refusal(400, "Invalid metadata");
      }
    }
    const accessCode = randomBytes(10).toString("hex");
    // Paystack reports a transaction nobody has paid yet as "abandoned"; it can still be paid later.
    const tx: Transaction = {
      id: nextId++,
      reference,
      accessCode,
      status: "abandoned",
      amountMinor,
      currency,
      email,
      callbackUrl,
      metadata,
      createdAt: new Date(),
      paidAt: null,
      channel: null,
      refundedMinor: 0,
    };
    byReference.set(reference, tx);
    byAccessCode.set(accessCode, tx);
    byId.set(tx.id, tx);
    json(res, 200, {
      status: true,
      message: "Authorization URL created",
      data: { authorization_url: `${url}/checkout/${accessCode}`, access_code: accessCode, reference },
    });
  }

  function verify(res: ServerResponse, reference: string) {
    const tx = byReference.get(reference);
    if (!tx) throw new Refusal(400, "Transaction reference not found");
    json(res, 200, { status: true, message: "Verification successful", data: describe(tx) });
  }

  async function refund(req: IncomingMessage, res: ServerResponse) {
    const fields = await readFields(req);
    const key = String(fields.transaction ?? "");
    const tx = byReference.get(key) ?? (/^\d+$/.test(key) ? byId.get(Number(key)) : undefined);
    if (!tx) throw new Refusal(400, "Transaction not found");
    if (tx.status !== "success") throw new Refusal(400, "Cannot refund a transaction that has not been paid");
    const remaining = tx.amountMinor - tx.refundedMinor;
    const amountMinor = fields.amount === undefined ? remaining : minorUnits(fields.amount);
    if (amountMinor === undefined || amountMinor > remaining) throw new Refusal(400, "Refund amount cannot be more than the amount left to refund");
    if (amountMinor === 0) throw new Refusal(400, "Transaction has been fully refunded");
    tx.refundedMinor += amountMinor;
    json(res, 200, {
      status: true,
      message: "Refund has been queued for processing",
      data: {
        id: nextRefundId++,
        transaction: { id: tx.id, reference: tx.reference, amount: tx.amountMinor, currency: tx.currency },
        status: "pending",
        amount: amountMinor,
        currency: tx.currency,
        merchant_note: typeof fields.merchant_note === "string" ? fields.merchant_note : "",
        customer_note: typeof fields.customer_note === "string" ? fields.customer_note : "",
      },
    });
  }

  function checkout(res: ServerResponse, tx: Transaction) {
    if (tx.status === "success") {
      page(res, 409, "Already paid", `<p>This transaction (${escapeHtml(tx.reference)}) has already been paid.</p>`);
      return;
    }
    const action = `/checkout/${tx.accessCode}`;
    page(
      res,
      200,
      "Test checkout",
      `<p>Local Paystack test checkout: no money moves.</p>` +
        `<p>Amount: <strong>${escapeHtml(formatMoney(tx.amountMinor, tx.currency))}</strong></p>` +
        `<p>E-mail: ${escapeHtml(tx.email)}</p>` +
        `<p>Reference: ${escapeHtml(tx.reference)}</p>` +
        `<form method="post" action="${action}/pay"><button type="submit">Pay</button></form>` +
        `<form method="post" action="${action}/cancel"><button type="submit">Cancel</button></form>`,
    );
  }

  /** After Pay or Cancel the browser goes back to the callback, unless the test drops it (the customer closed the window). */
  function returnToMerchant(res: ServerResponse, tx: Transaction, closing: string) {
    if (tx.callbackUrl && !options.dropCallback) {
      res.writeHead(302, { location: callbackFor(tx), "cache-control": "no-store" });
      res.end();
    } else {
      page(res, 200, closing, "<p>You may close this window.</p>");
    }
  }

  function requireKey(req: IncomingMessage) {
    if (req.headers.authorization !== `Bearer ${secretKey}`) throw new Refusal(401, "Invalid key");
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const { pathname } = new URL(req.url ?? "/", "http://localhost");
    let parts: string[];
    try {
      parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
    } catch {
      throw new Refusal(400, "Malformed path");
    }
    const method = req.method ?? "GET";

    if (parts[0] === "checkout" && parts.length >= 2) {
      const tx = byAccessCode.get(parts[1]);
      if (!tx) return page(res, 404, "Checkout not found", "<p>This payment link is not known.</p>");
      const step = method === "GET" && parts.length === 2 ? "show" : method === "POST" && parts.length === 3 ? parts[2] : "";
      if (step === "show" || (tx.status === "success" && (step === "pay" || step === "cancel"))) return checkout(res, tx);
      if (step === "pay") {
        await complete(tx);
        return returnToMerchant(res, tx, "Payment complete");
      }
      if (step === "cancel") return returnToMerchant(res, tx, "Payment cancelled");
      return page(res, 404, "Not found", "<p>Not found.</p>");
    }
    if (method === "POST" && pathname === "/transaction/initialize") {
      requireKey(req);
      return initialize(req, res);
    }
    if (method === "GET" && parts.length === 3 && parts[0] === "transaction" && parts[1] === "verify") {
      requireKey(req);
      return verify(res, parts[2]);
    }
    if (method === "POST" && pathname === "/refund") {
      requireKey(req);
      return refund(req, res);
    }
    throw new Refusal(404, "Not found");
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof Refusal) return json(res, error.httpStatus, { status: false, message: error.message });
      json(res, 500, { status: false, message: "Local Paystack failed" });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts?.port ?? 0, "127.0.0.1", resolve);
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    secretKey,
    publicKey,
    setWebhookUrl: (next) => {
      webhookUrl = next;
    },
    options,
    transactions: () =>
      [...byReference.values()].map((tx) => ({
        reference: tx.reference,
        status: tx.status,
        amountMinor: tx.amountMinor,
        currency: tx.currency,
        email: tx.email,
        callbackUrl: tx.callbackUrl,
        id: String(tx.id),
      })),
    pay: async (reference) => {
      const tx = byReference.get(reference);
      if (!tx) throw new Error(`No transaction with the reference ${reference}`);
      if (tx.status === "success") throw new Error(`The transaction ${reference} is already paid`);
      await complete(tx);
    },
    sendWebhook,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
