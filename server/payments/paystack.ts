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
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Paystack accepts only these characters in a reference; anything else would be refused or mangled in the URL path. */
const REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;
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
});
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
    if (!REFERENCE.test(reference)) throw fail(operation, "the reference may hold only letters, digits, '-', '.' and '='", null);
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
      return {
        reference: result.reference,
        providerId: result.id,
        status: result.status,
        amountMinor: result.amount,
        currency: result.currency,
        paidAt,
        channel: result.channel ?? null,
      };
    },

    async refund(input) {
      checkInput("refund", input.reference, input.amountMinor);
      const data = await call("refund", "POST", "/refund", { transaction: input.reference, amount: input.amountMinor, merchant_note: input.reason });
      const result = read("refund", refundedData, data);
      return { providerRefundId: result.id, status: result.status, amountMinor: result.amount };
    },
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
