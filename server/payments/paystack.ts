// Paystack's transaction API (initialize, verify, refund) over global fetch, and the check of its signed webhooks.
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

export interface PaystackSettings {
  secretKey: string;
  apiUrl: string;
}

export interface InitializeInput {
  email: string;
  amountMinor: number;
  currency: "NGN" | "USD";
  reference: string;
  callbackUrl: string;
  metadata?: Record<string, string>;
}

export interface Initialized {
  authorizationUrl: string;
  accessCode: string;
  reference: string;
}

const VERIFIED_STATUSES = ["success", "failed", "abandoned", "ongoing", "pending", "processing", "queued", "reversed"] as const;

export interface Verified {
  reference: string;
  /** Paystack's transaction id, as a string. */
  providerId: string;
  status: (typeof VERIFIED_STATUSES)[number];
  amountMinor: number;
  currency: string;
  paidAt: Date | null;
  channel: string | null;
  /** The customer Paystack filed the charge under (its customer_code), when it names one. */
  customerCode: string | null;
  /** On a transfer into a dedicated account (channel dedicated_nuban): the account number it was sent to. */
  receiverAccountNumber: string | null;
}

/** A Paystack customer: dedicated accounts are opened for one. */
export interface Customer {
  customerCode: string;
  id: string;
}

/** A dedicated virtual account: the applicant's own account number at a partner bank. */
export interface DedicatedAccount {
  id: string;
  accountNumber: string;
  accountName: string;
  bankName: string;
  bankSlug: string;
  customerCode: string;
  active: boolean;
}

export interface Refunded {
  providerRefundId: string;
  status: string;
  amountMinor: number;
}

export class PaystackError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
  ) {
    super(message);
    this.name = "PaystackError";
  }
}

export interface PaystackClient {
  initialize(input: InitializeInput): Promise<Initialized>;
  /** undefined when Paystack does not know the reference (its 400/404 "Transaction reference not found"). */
  verify(reference: string): Promise<Verified | undefined>;
  refund(input: { reference: string; amountMinor: number; reason: string }): Promise<Refunded>;
  /** POST /customer: Paystack answers the existing customer again for an e-mail it knows. */
  createCustomer(input: { email: string; firstName?: string; lastName?: string; phone?: string }): Promise<Customer>;
  /** POST /dedicated_account for a customer, at the preferred bank's slug. */
  createDedicatedAccount(input: { customerCode: string; preferredBank: string }): Promise<DedicatedAccount>;
  /** GET /dedicated_account?customer=…: the customer's accounts (to find one opened by an attempt whose answer was lost). */
  listDedicatedAccounts(input: { customerId: string }): Promise<DedicatedAccount[]>;
  /** GET /dedicated_account/available_providers: the banks dedicated accounts can be opened at for this key. */
  dedicatedAccountBanks(): Promise<Array<{ slug: string; name: string }>>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Paystack accepts only these characters in a reference we make; anything else would be refused or mangled in the URL path. */
const REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;
/**
 * A reference asked about (verify, refund) may also be one Paystack made itself: it names a transfer into a dedicated
 * account with '_' in it, which must be asked about like any other (the job once retried on it until it gave up).
 */
const KNOWN_REFERENCE = /^[A-Za-z0-9._=-]{1,100}$/;
const minorUnits = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const providerId = z.union([z.number().int(), z.string().min(1)]).transform(String);

const envelope = z.object({ status: z.boolean(), message: z.string().optional(), data: z.unknown().optional() });
const initializedData = z.object({
  authorization_url: z.url({ protocol: /^https?$/ }),
  access_code: z.string().min(1),
  reference: z.string().min(1),
});
const verifiedData = z.object({
  id: providerId,
  reference: z.string().min(1),
  status: z.enum(VERIFIED_STATUSES),
  amount: minorUnits,
  currency: z.string().min(1),
  paid_at: z.string().nullish(),
  channel: z.string().nullish(),
  authorization: z.object({ channel: z.string().nullish(), receiver_bank_account_number: z.string().nullish() }).nullish(),
  customer: z.object({ customer_code: z.string().nullish() }).nullish(),
  metadata: z.unknown().optional(),
});
const customerData = z.object({ id: providerId, customer_code: z.string().min(1) });
const dedicatedData = z.object({
  id: providerId,
  account_number: z.string().regex(/^\d{10}$/),
  account_name: z.string().min(1),
  active: z.boolean().optional(),
  bank: z.object({ name: z.string().min(1), slug: z.string().min(1) }),
  customer: z.object({ customer_code: z.string().min(1) }),
});
const providersData = z.array(z.object({ provider_slug: z.string().min(1), bank_name: z.string().min(1) }));
const refundedData = z.object({ id: providerId, status: z.string().min(1), amount: minorUnits });
const webhookEvent = z.object({
  event: z.string().min(1),
  data: z.object({ id: providerId, reference: z.string().min(1), amount: minorUnits, currency: z.string().min(1) }),
});

/** One line, bounded, and never the secret key, whatever the other side put in its message. */
function oneLine(text: string, secretKey: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const safe = secretKey ? flat.split(secretKey).join("[secret key]") : flat;
  return safe.length > 200 ? `${safe.slice(0, 199)}…` : safe;
}

export function createPaystackClient(settings: PaystackSettings, options?: { timeoutMs?: number }): PaystackClient {
  const timeoutMs = options?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const base = settings.apiUrl.replace(/\/+$/, "");
  const fail = (operation: string, detail: string, httpStatus: number | null) =>
    new PaystackError(oneLine(`Paystack ${operation}: ${detail}`, settings.secretKey), httpStatus);

  /** Calls Paystack and returns the `data` of a `status: true` answer; every other outcome throws a PaystackError. */
  async function call(operation: string, method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${settings.secretKey}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: "error",
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = error instanceof Error ? error.name : "";
      if (name === "TimeoutError" || name === "AbortError") throw fail(operation, `no answer within ${timeoutMs} ms`, null);
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const code = (cause as { code?: unknown })?.code;
      throw fail(
        operation,
        `could not reach ${base} (${typeof code === "string" ? code : cause instanceof Error ? cause.message : "network error"})`,
        null,
      );
    }
    let parsed: z.infer<typeof envelope>;
    try {
      parsed = envelope.parse(JSON.parse(text));
    } catch {
      throw fail(operation, `HTTP ${response.status} with an answer that is not Paystack's JSON envelope`, response.status);
    }
    if (!response.ok || !parsed.status) {
      throw fail(operation, `HTTP ${response.status}, "${parsed.message ?? "no message"}"`, response.status);
    }
    return parsed.data;
  }

  /** Our own mistakes are refused before anything reaches Paystack. */
  function checkInput(operation: string, reference: string, amountMinor?: number) {
    const ours = operation === "initialize";
    if (!(ours ? REFERENCE : KNOWN_REFERENCE).test(reference)) {
      throw fail(operation, `the reference may hold only letters, digits, '-', ${ours ? "" : "'_', "}'.' and '='`, null);
    }
    if (amountMinor !== undefined && (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)) {
      throw fail(operation, "the amount must be a positive whole number of minor units", null);
    }
  }

  function read<T>(operation: string, schema: z.ZodType<T>, data: unknown): T {
    const result = schema.safeParse(data);
    if (result.success) return result.data;
    const path = result.error.issues[0]?.path.join(".");
    throw fail(operation, `unexpected answer (${path ? `data.${path}` : "data"})`, 200);
  }

  return {
    async initialize(input) {
      checkInput("initialize", input.reference, input.amountMinor);
      const data = await call("initialize", "POST", "/transaction/initialize", {
        email: input.email,
        amount: input.amountMinor,
        currency: input.currency,
        reference: input.reference,
        callback_url: input.callbackUrl,
        ...(input.metadata ? { metadata: input.metadata } : {}),
      });
      const result = read("initialize", initializedData, data);
      // The app files the payment under its own reference: an answer about another one must not be used.
      if (result.reference !== input.reference) throw fail("initialize", "answered for another reference", 200);
      return { authorizationUrl: result.authorization_url, accessCode: result.access_code, reference: result.reference };
    },

    async verify(reference) {
      checkInput("verify", reference);
      let data: unknown;
      try {
        data = await call("verify", "GET", `/transaction/verify/${encodeURIComponent(reference)}`);
      } catch (error) {
        // Only Paystack's own "not found" means unknown; a 404 from a wrong PAYSTACK_API_URL must not look like "never paid".
        if (error instanceof PaystackError && (error.httpStatus === 400 || error.httpStatus === 404) && /reference not found/i.test(error.message)) {
          return undefined;
        }
        throw error;
      }
      const result = read("verify", verifiedData, data);
      if (result.reference !== reference) throw fail("verify", "answered for another reference", 200);
      const paidAt = result.paid_at ? new Date(result.paid_at) : null;
      if (paidAt && Number.isNaN(paidAt.getTime())) throw fail("verify", "unexpected answer (data.paid_at)", 200);
      // Paystack's reference puts the receiving account on the authorization; some answers carry it in the metadata.
      const meta = result.metadata && typeof result.metadata === "object" ? (result.metadata as Record<string, unknown>) : {};
      const receiver =
        result.authorization?.receiver_bank_account_number ??
        (typeof meta.receiver_account_number === "string" ? meta.receiver_account_number : null);
      return {
        reference: result.reference,
        providerId: result.id,
        status: result.status,
        amountMinor: result.amount,
        currency: result.currency,
        paidAt,
        channel: result.channel ?? result.authorization?.channel ?? null,
        customerCode: result.customer?.customer_code ?? null,
        receiverAccountNumber: receiver ?? null,
      };
    },

    async createCustomer(input) {
      const data = await call("create customer", "POST", "/customer", {
        email: input.email,
        ...(input.firstName ? { first_name: input.firstName } : {}),
        ...(input.lastName ? { last_name: input.lastName } : {}),
        ...(input.phone ? { phone: input.phone } : {}),
      });
      const result = read("create customer", customerData, data);
      return { customerCode: result.customer_code, id: result.id };
    },

    async createDedicatedAccount(input) {
      const data = await call("create dedicated account", "POST", "/dedicated_account", {
        customer: input.customerCode,
        preferred_bank: input.preferredBank,
      });
      const result = dedicatedOf(read("create dedicated account", dedicatedData, data));
      if (result.customerCode !== input.customerCode) throw fail("create dedicated account", "answered for another customer", 200);
      return result;
    },

    async listDedicatedAccounts(input) {
      const data = await call("list dedicated accounts", "GET", `/dedicated_account?customer=${encodeURIComponent(input.customerId)}&active=true`);
      return read("list dedicated accounts", z.array(dedicatedData), data).map(dedicatedOf);
    },

    async dedicatedAccountBanks() {
      const data = await call("dedicated account banks", "GET", "/dedicated_account/available_providers");
      return read("dedicated account banks", providersData, data).map((p) => ({ slug: p.provider_slug, name: p.bank_name }));
    },

    async refund(input) {
      checkInput("refund", input.reference, input.amountMinor);
      const data = await call("refund", "POST", "/refund", { transaction: input.reference, amount: input.amountMinor, merchant_note: input.reason });
      const result = read("refund", refundedData, data);
      return { providerRefundId: result.id, status: result.status, amountMinor: result.amount };
    },
  };
}

function dedicatedOf(d: z.infer<typeof dedicatedData>): DedicatedAccount {
  return {
    id: d.id,
    accountNumber: d.account_number,
    accountName: d.account_name,
    bankName: d.bank.name,
    bankSlug: d.bank.slug,
    customerCode: d.customer.customer_code,
    active: d.active ?? true,
  };
}

/** Constant-time compare of the hex HMAC-SHA512 of the raw body under the secret key with the header; false for a missing/odd header. */
export function validWebhookSignature(rawBody: Buffer, header: string | undefined, secretKey: string): boolean {
  // An unconfigured (empty) key would let anyone sign: refuse rather than compare.
  if (!secretKey || typeof header !== "string" || !/^[0-9a-fA-F]{128}$/.test(header)) return false;
  const expected = createHmac("sha512", secretKey).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(header, "hex"));
}

/** The parts of a webhook event the app reads; undefined for a body that is not an event we know. */
export function parseWebhookEvent(
  rawBody: Buffer,
): { event: string; reference: string; amountMinor: number; currency: string; providerId: string } | undefined {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString("utf8"));
  } catch {
    return undefined;
  }
  const result = webhookEvent.safeParse(json);
  if (!result.success) return undefined;
  const { event, data } = result.data;
  return { event, reference: data.reference, amountMinor: data.amount, currency: data.currency, providerId: data.id };
}
