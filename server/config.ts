// Reads and validates the environment once; every other module takes its settings from here.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deriveKey } from "./auth/keys.ts";
import { isWriteRefused, unwritableDataFolder } from "./dataFolder.ts";
import { type Env, envSchema } from "./envSchema.ts";

/** The checkout: the nearest folder above this module with a package.json (server/ under tsx, dist/server/ when built). */
function checkoutRoot(from: string): string {
  const parent = path.dirname(from);
  return existsSync(path.join(from, "package.json")) || parent === from ? from : checkoutRoot(parent);
}
export const ROOT_DIR = checkoutRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A setting is missing or wrong: the process says so in its message alone and stops (a stack trace helps nobody here). */
export class ConfigError extends Error {}

/** Production refuses to start without it: every page, the sitemap, the page cache and e-mail links use this address. */
export const PUBLIC_URL_REQUIRED =
  "PUBLIC_URL is required in production: set it to the site's public address, e.g. PUBLIC_URL=https://horizongate.ng.";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A site started on this machine (PUBLIC_URL on localhost or 127.0.0.1) whose PUBLIC_URL names another port than the
 * one it listens on: every link, redirect and e-mail would point at a port nothing answers on. The sentence that says
 * so and what to run instead; undefined when they agree, PUBLIC_URL is another host (a proxy in front), or PORT is 0.
 */
export function localPortMismatch(publicUrl: string | undefined, port: number): string | undefined {
  if (!publicUrl || port === 0) return undefined;
  const url = new URL(publicUrl);
  if (!LOCAL_HOSTS.has(url.hostname)) return undefined;
  const named = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  if (named === port) return undefined;
  const fixed = new URL(publicUrl);
  fixed.port = String(port);
  return (
    `PUBLIC_URL is ${publicUrl} but the site would listen on port ${port} (PORT): its links and e-mails would point at port ${named}, ` +
    `where it does not answer. Start it with PUBLIC_URL=${fixed.origin} PORT=${port}, or with PORT=${named}.`
  );
}

/** Default embedded PostgreSQL port: stable per data folder, so two checkouts do not collide. */
function portFor(dir: string): number {
  const h = createHash("sha1").update(dir).digest().readUInt16BE(0);
  return 54000 + (h % 1000);
}

/**
 * A missing SESSION_SECRET is generated once and kept in the data folder (development convenience). A check (`check`)
 * writes nothing: a random one stands in for that run alone.
 */
function sessionSecret(env: Env, dataDir: string, warn: (m: string) => void, check: boolean): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  if (check) return secret;
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
  } catch (err) {
    if (isWriteRefused(err)) throw new ConfigError(unwritableDataFolder(dataDir, err));
    throw err;
  }
  warn(`SESSION_SECRET is not set: generated one and kept it in ${file}. A deployment must set its own.`);
  return secret;
}

/** The names of the WhatsApp settings the channel needs, all of them (WHATSAPP_API_URL has a default). */
export const WHATSAPP_SETTINGS = ["WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"] as const;

function whatsappSettings(env: Env) {
  if (WHATSAPP_SETTINGS.some((n) => !env[n])) return undefined;
  return {
    apiUrl: env.WHATSAPP_API_URL.replace(/\/$/, ""),
    token: env.WHATSAPP_TOKEN as string,
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID as string,
    /** Signs every webhook POST (X-Hub-Signature-256). */
    appSecret: env.WHATSAPP_APP_SECRET as string,
    /** Meta's GET handshake must carry it. */
    verifyToken: env.WHATSAPP_VERIFY_TOKEN as string,
    /** Approved templates by kind of message, for outside the 24-hour window. */
    templates: {
      staff_message: env.WHATSAPP_TEMPLATE_NEW_MESSAGE,
      request_due: env.WHATSAPP_TEMPLATE_DOCUMENT_DUE,
      case_update: env.WHATSAPP_TEMPLATE_CASE_UPDATE,
      consultation_reminder: env.WHATSAPP_TEMPLATE_CONSULTATION_REMINDER,
      documents_requested: env.WHATSAPP_TEMPLATE_DOCUMENTS_REQUESTED,
      document_returned: env.WHATSAPP_TEMPLATE_DOCUMENT_RETURNED,
      payment_received: env.WHATSAPP_TEMPLATE_PAYMENT_RECEIVED,
      payment_due: env.WHATSAPP_TEMPLATE_PAYMENT_DUE,
      appointment: env.WHATSAPP_TEMPLATE_APPOINTMENT_REMINDER,
      decision: env.WHATSAPP_TEMPLATE_DECISION,
    } as Record<string, string | undefined>,
    templateLanguage: env.WHATSAPP_TEMPLATE_LANGUAGE,
  };
}

/** The names of the Termii settings the SMS channel needs, all of them (TERMII_API_URL has a default). */
export const TERMII_SETTINGS = ["TERMII_API_KEY", "TERMII_SENDER_ID", "TERMII_SECRET_KEY"] as const;

function smsSettings(env: Env) {
  if (TERMII_SETTINGS.some((n) => !env[n])) return undefined;
  return {
    apiUrl: env.TERMII_API_URL.replace(/\/$/, ""),
    apiKey: env.TERMII_API_KEY as string,
    senderId: env.TERMII_SENDER_ID as string,
    /** Signs every delivery report and inbound message (X-Termii-Signature, HMAC-SHA512). */
    secretKey: env.TERMII_SECRET_KEY as string,
  };
}

/** `check`: only read the settings (the doctor, the settings check): nothing is written, not even a generated secret. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, warn: (m: string) => void = console.warn, { check = false } = {}) {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  if (env.STORAGE === "s3" && !env.S3_BUCKET) throw new ConfigError("Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3");
  const missing = (names: string[]) => names.filter((n) => !env[n as keyof Env]);
  if (env.PAYMENT_PROVIDERS.includes("paystack")) {
    const absent = missing(["PAYSTACK_SECRET_KEY", "PAYSTACK_PUBLIC_KEY"]);
    if (absent.length)
      throw new ConfigError(`Invalid configuration:\n${absent.map((n) => `  ${n}: required when PAYMENT_PROVIDERS includes paystack`).join("\n")}`);
  }
  if (env.PAYSTACK_DEDICATED_ACCOUNTS) {
    const refused = [
      ...(env.PAYMENT_PROVIDERS.includes("paystack") ? [] : ["  PAYSTACK_DEDICATED_ACCOUNTS: requires PAYMENT_PROVIDERS to include paystack"]),
      ...(env.PAYSTACK_DEDICATED_BANK ? [] : ["  PAYSTACK_DEDICATED_BANK: required when PAYSTACK_DEDICATED_ACCOUNTS=true"]),
      // The accounts take Naira only: a bill in dollars could never be matched by a transfer.
      ...(env.PAYMENT_CURRENCY === "NGN" ? [] : ["  PAYSTACK_DEDICATED_ACCOUNTS: requires PAYMENT_CURRENCY=NGN (the accounts take Naira)"]),
    ];
    if (refused.length) throw new ConfigError(`Invalid configuration:\n${refused.join("\n")}`);
  }
  if (env.PAYMENT_PROVIDERS.includes("bank_transfer")) {
    const absent = missing(["BANK_ACCOUNT_NAME", "BANK_ACCOUNT_NUMBER", "BANK_NAME"]);
    if (absent.length)
      throw new ConfigError(`Invalid configuration:\n  ${absent.join(", ")}: required when PAYMENT_PROVIDERS includes bank_transfer`);
  }
  // Without it the site would take its own address from each request's Host header, which anyone can write.
  if (env.NODE_ENV === "production" && !env.PUBLIC_URL) throw new ConfigError(PUBLIC_URL_REQUIRED);
  const dataDir = path.resolve(ROOT_DIR, env.DATA_DIR);
  const pgDir = path.resolve(ROOT_DIR, env.EMBEDDED_PG_DIR ?? path.join(env.DATA_DIR, "pg"));
  const isProd = env.NODE_ENV === "production";
  const secret = sessionSecret(env, dataDir, warn, check);
  return {
    env: env.NODE_ENV,
    isProd,
    isTest: env.NODE_ENV === "test",
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, ""),
    dataDir,
    database: {
      url: env.DATABASE_URL,
      poolMax: env.DB_POOL_MAX,
      acquireTimeoutMs: env.DB_ACQUIRE_TIMEOUT_MS,
      embedded: { dir: pgDir, port: env.EMBEDDED_PG_PORT ?? portFor(pgDir) },
    },
    session: {
      /** Signs the session cookie (HKDF from SESSION_SECRET; see auth/keys.ts). */
      cookieKey: deriveKey(secret, "session-cookie"),
      /** Signs CSRF tokens: a different key, so a session cookie's signature is no CSRF token. */
      csrfKey: deriveKey(secret, "csrf-token"),
      /** Encrypts two-factor secrets at rest (AES-256-GCM): a copy of the database alone does not give the codes. */
      totpKey: deriveKey(secret, "totp-secret"),
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      maxAgeMs: env.SESSION_MAX_HOURS * 3_600_000,
      cookieName: "hg.sid",
    },
    trustProxy: env.TRUST_PROXY,
    uploadDir: path.resolve(ROOT_DIR, env.UPLOAD_DIR),
    /** Per applicant: open drafts and bytes of stored documents (the upload in progress included). */
    quotas: { openDrafts: env.MAX_OPEN_DRAFTS, storageBytes: env.MAX_STORAGE_MB * 1024 * 1024 },
    storage: {
      driver: env.STORAGE,
      s3: {
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        bucket: env.S3_BUCKET ?? "",
        credentials:
          env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
            : undefined,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      },
    },
    /** Signs backup manifests (HMAC-SHA256); when set, restore refuses an archive not signed with it. */
    backup: { signingKey: env.BACKUP_SIGNING_KEY, dir: path.resolve(ROOT_DIR, env.BACKUP_DIR) },
    metrics: { token: env.METRICS_TOKEN },
    clientDir: path.resolve(ROOT_DIR, env.CLIENT_DIR),
    heapMb: env.NODE_HEAP_MB,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    paymentDelayMs: env.NODE_ENV === "test" && source.PAYMENT_DELAY_MS === undefined ? 0 : env.PAYMENT_DELAY_MS,
    rateLimitDisabled: env.RATE_LIMIT_DISABLED,
    payments: {
      providers: env.PAYMENT_PROVIDERS,
      /** The fee is charged in Naira at the staff's rate, or in dollars. */
      currency: env.PAYMENT_CURRENCY,
      paystack:
        env.PAYSTACK_SECRET_KEY && env.PAYSTACK_PUBLIC_KEY
          ? { secretKey: env.PAYSTACK_SECRET_KEY, publicKey: env.PAYSTACK_PUBLIC_KEY, apiUrl: env.PAYSTACK_API_URL.replace(/\/$/, "") }
          : undefined,
      /** Each applicant's own account number at this bank (a Paystack dedicated virtual account); undefined when off. */
      dedicatedAccounts:
        env.PAYSTACK_DEDICATED_ACCOUNTS && env.PAYSTACK_DEDICATED_BANK && env.PAYMENT_PROVIDERS.includes("paystack")
          ? { preferredBank: env.PAYSTACK_DEDICATED_BANK }
          : undefined,
      bank:
        env.BANK_ACCOUNT_NAME && env.BANK_ACCOUNT_NUMBER && env.BANK_NAME
          ? { accountName: env.BANK_ACCOUNT_NAME, accountNumber: env.BANK_ACCOUNT_NUMBER, bankName: env.BANK_NAME }
          : undefined,
      /** Production taking only the demo card: staff see "Payments are simulated". */
      simulated: isProd && env.PAYMENT_PROVIDERS.every((p) => p === "demo"),
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      /** nodemailer encodes the name of an address object, so the site's name needs no quoting here. */
      from: env.MAIL_FROM ?? { name: env.SITE_NAME, address: env.SITE_EMAIL_INFO },
      staffInbox: env.STAFF_NOTIFY_EMAIL ?? env.SITE_EMAIL_INFO,
      dir: path.resolve(ROOT_DIR, env.MAIL_DIR ?? path.join(env.DATA_DIR, "mail")),
      /** Runs the delivery worker inside the server process (off when `npm run worker` runs it alone). */
      inProcessWorker: env.MAIL_WORKER,
      /** false: nothing is recorded or queued (load tests only, to measure what the queue costs). */
      queue: env.MAIL_QUEUE,
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
      concurrency: env.MAIL_CONCURRENCY,
    },
    /** Whether an uploaded passport scan's machine-readable zone is read by the job worker. */
    passportReading: env.PASSPORT_READING === "on",
    /** Messages by WhatsApp and SMS: a channel without all its settings is off. */
    channels: {
      whatsapp: whatsappSettings(env),
      sms: smsSettings(env),
      /** Naira per message, counted on /metrics where the provider reports no cost. */
      prices: { whatsapp: env.WHATSAPP_PRICE_NGN, sms: env.SMS_PRICE_NGN },
    },
    site: {
      name: env.SITE_NAME,
      phone: env.SITE_PHONE,
      emailInfo: env.SITE_EMAIL_INFO,
      emailSupport: env.SITE_EMAIL_SUPPORT,
      address: {
        street: env.SITE_ADDRESS_STREET,
        locality: env.SITE_ADDRESS_LOCALITY,
        region: env.SITE_ADDRESS_REGION,
        country: env.SITE_ADDRESS_COUNTRY,
      },
      whatsapp: env.SITE_WHATSAPP,
      social: {
        facebook: env.SOCIAL_FACEBOOK,
        instagram: env.SOCIAL_INSTAGRAM,
        twitter: env.SOCIAL_TWITTER,
        linkedin: env.SOCIAL_LINKEDIN,
      },
    },
  };
}

export type Config = ReturnType<typeof loadConfig>;
export type SiteConfig = Config["site"];
