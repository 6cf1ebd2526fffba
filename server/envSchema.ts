// The environment variables the site reads and what each may be (its type, bounds and default); how they combine
// into the settings the modules use is config.ts's.
import { z } from "zod";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** A URL setting: https only (plain http only for this machine's own loopback, for local runs). */
const httpsUrl = z
  .string()
  .url()
  .refine((v) => {
    // Zod runs this check even when .url() failed: a value that is no URL at all must fail here, not throw.
    if (!URL.canParse(v)) return false;
    const u = new URL(v);
    return u.protocol === "https:" || (u.protocol === "http:" && LOOPBACK.has(u.hostname));
  }, "must be an https: URL");

/**
 * Express `trust proxy`: a hop count, addresses/subnets or a named range (loopback, linklocal, uniquelocal). `true`
 * is refused: Express would then take the client's own X-Forwarded-For as its address, so rate limits and the audit
 * trail could be dodged by writing that header.
 */
const trustProxySetting = z
  .string()
  .refine((v) => v !== "true", "true is not accepted: give the number of proxies in front (e.g. 1) or their addresses")
  .transform((v): false | number | string => (v === "false" ? false : /^\d+$/.test(v) ? Number(v) : v));

/** A WhatsApp template's name as Meta approved it. */
const templateName = z
  .string()
  .regex(/^[a-z0-9_]{1,512}$/, "must be the template's name as approved by Meta (lower case, digits, _)")
  .optional();
const bool = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: httpsUrl.optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(".data"),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).optional(),
  EMBEDDED_PG_DIR: z.string().optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** The server's JavaScript heap in MB (node --max-old-space-size), for the start command and the systemd units. */
  NODE_HEAP_MB: z.coerce.number().int().min(64).max(16_384).default(256),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  SESSION_SECRET: z.string().min(32).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  TRUST_PROXY: trustProxySetting.default("loopback"),
  UPLOAD_DIR: z.string().default("uploads"),
  MAX_OPEN_DRAFTS: z.coerce.number().int().min(1).default(20),
  MAX_STORAGE_MB: z.coerce.number().int().min(1).default(200),
  STORAGE: z.enum(["disk", "s3"]).default("disk"),
  S3_ENDPOINT: httpsUrl.optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  CLIENT_DIR: z.string().default("dist/client"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(30_000).default(1000),
  PAYMENT_DELAY_MS: z.coerce.number().int().min(0).max(60000).default(2000),
  RATE_LIMIT_DISABLED: bool.default(false),
  SITE_NAME: z.string().default("Horizon Gate Travel & Visa Consultants"),
  SITE_PHONE: z.string().default("+234 803 555 0142"),
  SITE_EMAIL_INFO: z.string().email().default("info@horizongatetravel.ng"),
  SITE_EMAIL_SUPPORT: z.string().email().default("support@horizongatetravel.ng"),
  SITE_ADDRESS_STREET: z.string().default("14 Allen Avenue"),
  SITE_ADDRESS_LOCALITY: z.string().default("Ikeja"),
  SITE_ADDRESS_REGION: z.string().default("Lagos"),
  SITE_ADDRESS_COUNTRY: z.string().default("NG"),
  SITE_WHATSAPP: z.string().default("2348035550142"),
  SOCIAL_FACEBOOK: httpsUrl.optional(),
  SOCIAL_INSTAGRAM: httpsUrl.optional(),
  SOCIAL_TWITTER: httpsUrl.optional(),
  SOCIAL_LINKEDIN: httpsUrl.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().optional(),
  STAFF_NOTIFY_EMAIL: z.string().email().optional(),
  MAIL_DIR: z.string().optional(),
  MAIL_WORKER: bool.default(true),
  MAIL_QUEUE: bool.default(true),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(25).default(8),
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(2),
  PAYMENT_PROVIDERS: z
    .string()
    .default("demo")
    .transform((v) => [
      ...new Set(
        v
          .split(",")
          .map((p) => p.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.enum(["demo", "paystack", "bank_transfer"], { error: "each must be demo, paystack or bank_transfer" })).min(1)),
  PAYMENT_CURRENCY: z.enum(["NGN", "USD"]).default("NGN"),
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_\w+$/, "must be a Paystack secret key (sk_test_… or sk_live_…)")
    .optional(),
  PAYSTACK_PUBLIC_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, "must be a Paystack public key (pk_test_… or pk_live_…)")
    .optional(),
  PAYSTACK_API_URL: httpsUrl.default("https://api.paystack.co"),
  /** Each applicant's own Paystack account number (docs/operating/payments.md): only where Paystack enabled them for the business. */
  PAYSTACK_DEDICATED_ACCOUNTS: bool.default(false),
  /** The bank Paystack opens those accounts at: its slug (wema-bank, titan-paystack; test-bank with a test key). */
  PAYSTACK_DEDICATED_BANK: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be the bank's slug as Paystack lists it, e.g. wema-bank or titan-paystack (test-bank in test mode)")
    .optional(),
  BANK_ACCOUNT_NAME: z.string().trim().min(2).optional(),
  BANK_ACCOUNT_NUMBER: z
    .string()
    .regex(/^\d{10}$/, "must be the 10-digit NUBAN account number")
    .optional(),
  BANK_NAME: z.string().trim().min(2).optional(),
  BACKUP_SIGNING_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{2}){32,}$/, "must be at least 32 random bytes written as hexadecimal (64 or more digits, e.g. from openssl rand -hex 32)")
    .transform((v) => Buffer.from(v, "hex"))
    .optional(),
  BACKUP_DIR: z.string().default("backups"),
  /** WhatsApp Cloud API (docs/operating/whatsapp.md): the channel is off unless the four below are all set. */
  WHATSAPP_API_URL: httpsUrl.default("https://graph.facebook.com/v21.0"),
  WHATSAPP_TOKEN: z.string().min(20, "must be the access token from Meta (a long string)").optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,30}$/, "must be the phone number ID Meta shows (digits, not the phone number itself)")
    .optional(),
  WHATSAPP_APP_SECRET: z.string().min(16, "must be the app secret from Meta's app settings").optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(16, "must be at least 16 characters (e.g. from openssl rand -hex 16)").optional(),
  /**
   * WhatsApp templates (docs/operating/whatsapp.md), approved by Meta, for messages outside the 24-hour window: one per
   * kind of message, and their language. A kind of a case whose own template is not named goes as the case update's;
   * with neither (or, for a consultation's reminder, without its own) it is sent only inside the window.
   */
  WHATSAPP_TEMPLATE_NEW_MESSAGE: templateName,
  WHATSAPP_TEMPLATE_DOCUMENT_DUE: templateName,
  WHATSAPP_TEMPLATE_CASE_UPDATE: templateName,
  WHATSAPP_TEMPLATE_CONSULTATION_REMINDER: templateName,
  WHATSAPP_TEMPLATE_DOCUMENTS_REQUESTED: templateName,
  WHATSAPP_TEMPLATE_DOCUMENT_RETURNED: templateName,
  WHATSAPP_TEMPLATE_PAYMENT_RECEIVED: templateName,
  WHATSAPP_TEMPLATE_PAYMENT_DUE: templateName,
  WHATSAPP_TEMPLATE_APPOINTMENT_REMINDER: templateName,
  WHATSAPP_TEMPLATE_DECISION: templateName,
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "must be a language code Meta lists, e.g. en or en_GB")
    .default("en"),
  /**
   * Reading uploaded passport scans' machine-readable zone in the job worker, on this server (docs/architecture.md):
   * on since its accuracy and speed met their goals (docs/benchmarks.md); it loads about 400 MB of OCR into the worker.
   */
  PASSPORT_READING: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  /** Termii SMS (docs/operating/sms.md): the channel is off unless the three below are all set. */
  TERMII_API_URL: httpsUrl.default("https://api.ng.termii.com"),
  TERMII_API_KEY: z.string().min(20, "must be the API key from Termii's dashboard (a long string)").optional(),
  TERMII_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9 ]{3,11}$/, "must be the sender ID Termii approved for you: 3 to 11 letters or digits")
    .optional(),
  TERMII_SECRET_KEY: z.string().min(16, "must be the secret key Termii signs its reports with (X-Termii-Signature)").optional(),
  /** What one message costs, in Naira, for /metrics' cost counter where the provider does not report it. */
  WHATSAPP_PRICE_NGN: z.coerce.number().min(0).max(10_000).default(0),
  SMS_PRICE_NGN: z.coerce.number().min(0).max(10_000).default(5),
  /** Bearer token for GET /metrics; without it /metrics answers only this machine's own direct requests. */
  METRICS_TOKEN: z.string().min(32, "must be at least 32 characters (e.g. from openssl rand -hex 32)").optional(),
});

export type Env = z.infer<typeof envSchema>;
