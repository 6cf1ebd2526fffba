// Reads and validates the environment once; every other module takes its settings from here.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const bool = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(".data"),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).optional(),
  EMBEDDED_PG_DIR: z.string().optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  SESSION_SECRET: z.string().min(32).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  TRUST_PROXY: z.string().default("loopback"),
  UPLOAD_DIR: z.string().default("uploads"),
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
  SOCIAL_FACEBOOK: z.string().url().optional(),
  SOCIAL_INSTAGRAM: z.string().url().optional(),
  SOCIAL_TWITTER: z.string().url().optional(),
  SOCIAL_LINKEDIN: z.string().url().optional(),
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
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(5),
});

export type Env = z.infer<typeof schema>;

/** Default embedded PostgreSQL port: stable per data folder, so two checkouts do not collide. */
function portFor(dir: string): number {
  const h = createHash("sha1").update(dir).digest().readUInt16BE(0);
  return 54000 + (h % 1000);
}

/** A missing SESSION_SECRET is generated once and kept in the data folder (development convenience). */
function sessionSecret(env: Env, dataDir: string, warn: (m: string) => void): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  warn(`SESSION_SECRET is not set: generated one and kept it in ${file}. A deployment must set its own.`);
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, warn: (m: string) => void = console.warn) {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(ROOT_DIR, env.DATA_DIR);
  const pgDir = path.resolve(ROOT_DIR, env.EMBEDDED_PG_DIR ?? path.join(env.DATA_DIR, "pg"));
  const isProd = env.NODE_ENV === "production";
  const trustProxy =
    env.TRUST_PROXY === "true"
      ? true
      : env.TRUST_PROXY === "false"
        ? false
        : /^\d+$/.test(env.TRUST_PROXY)
          ? Number(env.TRUST_PROXY)
          : env.TRUST_PROXY;
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
      secret: sessionSecret(env, dataDir, warn),
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      maxAgeMs: env.SESSION_MAX_HOURS * 3_600_000,
      cookieName: "hg.sid",
    },
    trustProxy,
    uploadDir: path.resolve(ROOT_DIR, env.UPLOAD_DIR),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    paymentDelayMs: env.NODE_ENV === "test" && source.PAYMENT_DELAY_MS === undefined ? 0 : env.PAYMENT_DELAY_MS,
    rateLimitDisabled: env.RATE_LIMIT_DISABLED,
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
