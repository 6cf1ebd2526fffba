// A local Paystack-compatible server (initialize, a checkout page, verify, refund, signed charge.success webhooks,
// customers and dedicated virtual accounts with a page to "transfer" into one) for the tests and for trying the
// paystack provider without a Paystack account; written from Paystack's published API reference.
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
  /** A transfer into a dedicated account: whose, and the account number it was sent to. */
  customerCode?: string;
  receiver?: { accountNumber: string; bankName: string };
}

interface Customer {
  id: number;
  code: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
}

interface Account {
  id: number;
  accountNumber: string;
  accountName: string;
  bank: { id: number; name: string; slug: string };
  customer: Customer;
  active: boolean;
  createdAt: Date;
}

/** The banks dedicated accounts open at, as Paystack's available_providers lists them (test-bank in test mode). */
const DEDICATED_BANKS = [
  { provider_slug: "test-bank", bank_id: 1, bank_name: "Test Bank", id: 1 },
  { provider_slug: "wema-bank", bank_id: 20, bank_name: "Wema Bank", id: 5 },
  { provider_slug: "titan-paystack", bank_id: 31, bank_name: "Titan Paystack", id: 6 },
];

export interface LocalPaystack {
  /** e.g. http://127.0.0.1:PORT: the PAYSTACK_API_URL. */
  url: string;
  /** The sk_test_… / pk_test_… keys it accepts (random per start unless given). */
  secretKey: string;
  publicKey: string;
  /** Where charge.success webhooks go (set after the app's address is known); none → no delivery. */
  setWebhookUrl(url: string | undefined): void;
  /** Test switches, all default false/undefined. `dedicatedUnavailable`: the business has no dedicated accounts. */
  options: { dropWebhook: boolean; dropCallback: boolean; chargeAmountMinor?: number; chargeCurrency?: string; dedicatedUnavailable?: boolean };
  /** The dedicated accounts opened, in order. */
  dedicatedAccounts(): Array<{ id: string; accountNumber: string; accountName: string; bankName: string; customerCode: string; email: string }>;
  /**
   * Someone transfers `amountMinor` (NGN) into a dedicated account: a successful dedicated_nuban transaction that
   * verify answers for, and its signed charge.success webhook (unless dropped). Returns Paystack's reference.
   */
  transfer(accountNumber: string, amountMinor: number): Promise<string>;
  transactions(): Array<{ reference: string; status: string; amountMinor: number; currency: string; email: string; callbackUrl: string; id: string }>;
  /** Marks the transaction paid as if the customer paid (no browser), sends the webhook unless dropped. */
  pay(reference: string): Promise<void>;
  /** (Re)sends charge.success for a paid transaction, signed; returns the app's HTTP status. `sign: false` or a wrong key → a bad signature. */
  sendWebhook(reference: string, opts?: { secretKey?: string; sign?: boolean }): Promise<number>;
  stop(): Promise<void>;
}

const CURRENCIES = new Set(["NGN", "USD", "GHS", "ZAR", "KES"]);
/** What Paystack takes in a reference it is given (it makes its own with '_' too: a transfer into a dedicated account). */
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
    metadata: tx.receiver ? { receiver_account_number: tx.receiver.accountNumber, receiver_bank: tx.receiver.bankName } : tx.metadata,
    authorization: tx.receiver
      ? {
          authorization_code: `AUTH_${tx.id}`,
          channel: "dedicated_nuban",
          bank: null,
          country_code: "NG",
          reusable: false,
          receiver_bank_account_number: tx.receiver.accountNumber,
          receiver_bank: tx.receiver.bankName,
        }
      : null,
    customer: { email: tx.email, customer_code: tx.customerCode ?? null },
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
  const customers = new Map<string, Customer>();
  const accounts: Account[] = [];
  let nextCustomerId = 200_000_000 + Math.floor(Math.random() * 1_000_000);
  let nextAccountId = 90_000 + Math.floor(Math.random() * 1_000);
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

  /** POST /customer: an e-mail Paystack knows answers its customer again. */
  async function createCustomer(req: IncomingMessage, res: ServerResponse) {
    const fields = await readFields(req);
    const email = typeof fields.email === "string" ? fields.email.trim().toLowerCase() : "";
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Refusal(400, "Invalid Email Address Passed");
    const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
    let customer = customers.get(email);
    if (!customer) {
      const id = nextCustomerId++;
      customer = {
        id,
        code: `CUS_${randomBytes(8).toString("hex")}`,
        email,
        firstName: text(fields.first_name),
        lastName: text(fields.last_name),
        phone: text(fields.phone),
      };
      customers.set(email, customer);
    }
    json(res, 200, { status: true, message: "Customer created", data: describeCustomer(customer) });
  }

  function describeCustomer(c: Customer) {
    return {
      id: c.id,
      email: c.email,
      first_name: c.firstName,
      last_name: c.lastName,
      phone: c.phone,
      customer_code: c.code,
      metadata: {},
      risk_action: "default",
    };
  }

  function describeAccount(a: Account) {
    return {
      id: a.id,
      bank: a.bank,
      account_name: a.accountName,
      account_number: a.accountNumber,
      assigned: true,
      currency: "NGN",
      metadata: null,
      active: a.active,
      split_config: null,
      created_at: a.createdAt.toISOString(),
      updated_at: a.createdAt.toISOString(),
      assignment: {
        assignee_id: a.customer.id,
        assignee_type: "Customer",
        account_type: "PAY-WITH-TRANSFER-RECURRING",
        integration: 100001,
        expired: false,
        assigned_at: a.createdAt.toISOString(),
        expired_at: null,
      },
      customer: describeCustomer(a.customer),
    };
  }

  function requireDedicated() {
    if (options.dedicatedUnavailable) throw new Refusal(400, "Dedicated NUBAN not available for this integration");
  }

  /** POST /dedicated_account {customer, preferred_bank}: one active account per customer and bank. */
  async function createAccount(req: IncomingMessage, res: ServerResponse) {
    requireDedicated();
    const fields = await readFields(req);
    const code = typeof fields.customer === "string" ? fields.customer : String(fields.customer ?? "");
    const customer = [...customers.values()].find((c) => c.code === code || String(c.id) === code);
    if (!customer) throw new Refusal(400, "Customer not found");
    const slug = fields.preferred_bank === undefined ? "test-bank" : fields.preferred_bank;
    const bank = DEDICATED_BANKS.find((b) => b.provider_slug === slug);
    if (!bank) throw new Refusal(400, "Invalid preferred bank");
    if (accounts.some((a) => a.customer === customer && a.active && a.bank.slug === bank.provider_slug)) {
      throw new Refusal(400, "Customer already has an active dedicated virtual account with this bank");
    }
    let accountNumber: string;
    do accountNumber = String(9_000_000_000 + Math.floor(Math.random() * 999_999_999));
    while (accounts.some((a) => a.accountNumber === accountNumber));
    const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ") || customer.email;
    const account: Account = {
      id: nextAccountId++,
      accountNumber,
      accountName: `HORIZON GATE/${name.toUpperCase()}`,
      bank: { id: bank.bank_id, name: bank.bank_name, slug: bank.provider_slug },
      customer,
      active: true,
      createdAt: new Date(),
    };
    accounts.push(account);
    json(res, 200, { status: true, message: "NUBAN successfully created", data: describeAccount(account) });
  }

  function listAccounts(res: ServerResponse, query: URLSearchParams) {
    requireDedicated();
    const customer = query.get("customer");
    const active = query.get("active");
    const listed = accounts.filter((a) => (!customer || String(a.customer.id) === customer) && (active === null || String(a.active) === active));
    json(res, 200, {
      status: true,
      message: "Managed accounts successfully retrieved",
      data: listed.map(describeAccount),
      meta: { total: listed.length, perPage: 50, page: 1 },
    });
  }

  function fetchAccount(res: ServerResponse, id: string) {
    requireDedicated();
    const account = accounts.find((a) => String(a.id) === id);
    if (!account) throw new Refusal(404, "Dedicated account not found");
    json(res, 200, { status: true, message: "Customer retrieved", data: describeAccount(account) });
  }

  /** Money arrives on a dedicated account: a paid dedicated_nuban transaction of its customer, then the webhook. */
  async function transfer(accountNumber: string, amountMinor: number): Promise<string> {
    const account = accounts.find((a) => a.accountNumber === accountNumber && a.active);
    if (!account) throw new Refusal(404, "No active dedicated account with this number");
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new Refusal(400, "Invalid Amount Sent");
    // Paystack names the transactions it makes with '_' in them.
    const reference = `${Date.now()}_${randomBytes(6).toString("hex")}`;
    const tx: Transaction = {
      id: nextId++,
      reference,
      accessCode: randomBytes(10).toString("hex"),
      status: "success",
      amountMinor,
      currency: "NGN",
      email: account.customer.email,
      callbackUrl: "",
      metadata: null,
      createdAt: new Date(),
      paidAt: new Date(),
      channel: "dedicated_nuban",
      refundedMinor: 0,
      customerCode: account.customer.code,
      receiver: { accountNumber: account.accountNumber, bankName: account.bank.name },
    };
    byReference.set(reference, tx);
    byId.set(tx.id, tx);
    if (webhookUrl && !options.dropWebhook) await sendWebhook(reference).catch(() => undefined);
    return reference;
  }

  /** GET /transfer: a page to send money into a dedicated account by hand (for trying it on a developer's machine). */
  function transferPage(res: ServerResponse, done?: string) {
    page(
      res,
      200,
      "Test transfer",
      `<p>Local Paystack: send money into an applicant's own account number. No money moves.</p>` +
        (done ? `<p role="status">${escapeHtml(done)}</p>` : "") +
        `<form method="post" action="/transfer"><p><label>Account number <input name="account_number" inputmode="numeric" required></label></p>` +
        `<p><label>Amount in kobo <input name="amount" inputmode="numeric" required></label></p><button type="submit">Transfer</button></form>`,
    );
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
    const { pathname, searchParams } = new URL(req.url ?? "/", "http://localhost");
    let parts: string[];
    try {
      parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
    } catch {
      throw new Refusal(400, "Malformed path");
    }
    const method = req.method ?? "GET";
    // Browsers ask every origin for its icon; the checkout has none.
    if (pathname === "/favicon.ico") {
      res.writeHead(204).end();
      return;
    }

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
    if (method === "POST" && pathname === "/customer") {
      requireKey(req);
      return createCustomer(req, res);
    }
    if (parts[0] === "dedicated_account") {
      requireKey(req);
      if (method === "POST" && parts.length === 1) return createAccount(req, res);
      if (method === "GET" && parts.length === 1) return listAccounts(res, searchParams);
      if (method === "GET" && parts.length === 2 && parts[1] === "available_providers") {
        requireDedicated();
        return json(res, 200, { status: true, message: "Dedicated account providers retrieved", data: DEDICATED_BANKS });
      }
      if (method === "GET" && parts.length === 2) return fetchAccount(res, parts[1]);
    }
    if (pathname === "/transfer" && method === "GET") return transferPage(res);
    if (pathname === "/transfer" && method === "POST") {
      const fields = await readFields(req);
      const amount = minorUnits(fields.amount);
      if (amount === undefined) throw new Refusal(400, "Invalid Amount Sent");
      const reference = await transfer(String(fields.account_number ?? "").trim(), amount);
      return transferPage(res, `Sent ${formatMoney(amount, "NGN")} (reference ${reference}).`);
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
    dedicatedAccounts: () =>
      accounts.map((a) => ({
        id: String(a.id),
        accountNumber: a.accountNumber,
        accountName: a.accountName,
        bankName: a.bank.name,
        customerCode: a.customer.code,
        email: a.customer.email,
      })),
    transfer,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
