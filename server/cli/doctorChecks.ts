// The checks of `npm run doctor` on what the site depends on: database, SMTP, bucket, folders, backups, payments, clock.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { DeleteObjectCommand, HeadBucketCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import SMTPConnection from "nodemailer/lib/smtp-connection/index.js";
import type { Config } from "../config.ts";
import { appliedMigrations, connectionFacts } from "../db/inspect.ts";
import { migrationNames } from "../db/migrationSource.ts";
import { runningPort } from "../db/pg-process.ts";
import { APP_ROLE, readSecret, secretFile } from "../db/roles.ts";
import { CLUSTER_LOCATION_FILE, EMBEDDED_DB_NAME } from "../db/setup.ts";
import { s3Client } from "../storage/s3Client.ts";
import { newestBackup } from "./backupFolder.ts";

export type Mark = "ok" | "warn" | "fail";
/** One line of the report: `text` is what was found and, on a problem, the fix, in one sentence. */
export interface Finding {
  mark: Mark;
  text: string;
}

const ok = (text: string): Finding => ({ mark: "ok", text });
const warn = (text: string): Finding => ({ mark: "warn", text });
const fail = (text: string): Finding => ({ mark: "fail", text });
/** A clock further off than this breaks two-factor codes (30-second steps) and makes expiry times wrong. */
const CLOCK_SKEW_MS = 60_000;
const BACKUP_MAX_AGE_H = 26;

const reason = (err: unknown) => {
  const e = err as { code?: string; message?: string; response?: string };
  return (e.response ?? e.message ?? String(err)).replace(/\s+/g, " ").trim();
};

function clockFinding(source: string, theirs: Date): Finding {
  const skew = Date.now() - theirs.getTime();
  const seconds = Math.round(Math.abs(skew) / 1000);
  if (Math.abs(skew) <= CLOCK_SKEW_MS) return ok(`The clock agrees with ${source} (within ${Math.max(seconds, 1)} s)`);
  return fail(
    `The clock is ${seconds} s ${skew > 0 ? "ahead of" : "behind"} ${source}: turn on time synchronisation (timedatectl set-ntp true, or apt-get install systemd-timesyncd).`,
  );
}

/** The URL the doctor connects with: DATABASE_URL, or the running embedded cluster as the application's role. */
function databaseUrl(config: Config): { url?: string; finding?: Finding } {
  if (config.database.url) return { url: config.database.url };
  // Where the start recorded the cluster (outside the checkout when root runs it from a closed home folder).
  const record = path.join(config.dataDir, CLUSTER_LOCATION_FILE);
  const dir = existsSync(record) ? readFileSync(record, "utf8").trim() : config.database.embedded.dir;
  const port = runningPort(dir);
  const password = readSecret(secretFile(config.database.embedded.dir, "app"));
  if (!port || !password) {
    return {
      finding: warn(
        `The embedded PostgreSQL in ${dir} is not running: start the site (npm start), then run npm run doctor again to check the database.`,
      ),
    };
  }
  return { url: `postgres://${APP_ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DB_NAME}` };
}

export async function checkDatabase(config: Config): Promise<Finding[]> {
  const { url, finding } = databaseUrl(config);
  if (!url) return finding ? [finding] : [];
  const where = new URL(url);
  let facts: Awaited<ReturnType<typeof connectionFacts>>;
  try {
    facts = await connectionFacts(url);
  } catch (err) {
    const code = (err as { code?: string }).code;
    const user = decodeURIComponent(where.username);
    if (code === "28P01" || code === "28000") {
      return [fail(`The database at ${where.host} refused user ${user} (${reason(err)}): correct the user and password in DATABASE_URL.`)];
    }
    if (code === "3D000")
      return [fail(`The database ${where.pathname.slice(1)} does not exist at ${where.host}: create it, or correct DATABASE_URL.`)];
    return [
      fail(`The database at ${where.host} cannot be reached (${reason(err)}): check that PostgreSQL runs there and that DATABASE_URL names it.`),
    ];
  }
  const findings = [ok(`The database at ${where.host} answers (as ${facts.role})`)];
  findings.push(
    facts.superuser
      ? fail(
          `The site connects as ${facts.role}, a superuser, which could rewrite the audit trail and anything else: give it a role of its own without SUPERUSER (CREATE ROLE … LOGIN NOSUPERUSER) owning its database.`,
        )
      : ok(`The role ${facts.role} is not a superuser`),
  );
  const known = migrationNames();
  const applied = await appliedMigrations(url);
  const unknown = applied.filter((m) => !known.includes(m));
  const pending = known.filter((m) => !applied.includes(m));
  if (unknown.length) {
    findings.push(
      fail(
        `The database has ${unknown.length} migration(s) this version does not know (${unknown[0]}…): a newer version ran on it; deploy that version, or restore a backup of this one.`,
      ),
    );
  } else if (pending.length) {
    findings.push(warn(`${pending.length} migration(s) are not applied yet (${pending[0]}…): the next npm start applies them.`));
  } else findings.push(ok(`Migrations are current (${applied.length})`));
  findings.push(clockFinding("the database", new Date(facts.now)));
  return findings;
}

/** The sender address of MAIL_FROM (`Name <address>` or an address) or of the site. */
function senderAddress(from: Config["mail"]["from"]): string {
  if (typeof from !== "string") return from.address;
  return from.match(/<([^>]+)>/)?.[1] ?? from.trim();
}

/** What nodemailer's SMTPConnection offers and its typings leave out: one raw command and its answer. */
interface RawCommands {
  _sendCommand(command: string): void;
  _responseActions: ((answer: string) => void)[];
}

function command(connection: SMTPConnection, line: string): Promise<string> {
  const raw = connection as unknown as RawCommands;
  return new Promise((resolve) => {
    raw._responseActions.push(resolve);
    raw._sendCommand(line);
  });
}

export async function checkSmtp(config: Config): Promise<Finding[]> {
  const smtpUrl = config.mail.smtpUrl;
  if (!smtpUrl) {
    return [
      config.isProd
        ? warn(
            `SMTP_URL is not set: messages are written to ${config.mail.dir} and nobody receives them; set SMTP_URL=smtp://user:password@host:587.`,
          )
        : ok(`No SMTP_URL: messages are written to ${config.mail.dir} (development)`),
    ];
  }
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const connection = new SMTPConnection({
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  });
  const sender = senderAddress(config.mail.from);
  const where = `${url.hostname}:${connection.options.port}`;
  try {
    await new Promise<void>((resolve, reject) => {
      connection.once("error", reject);
      connection.connect(() => resolve());
    });
    if (url.username) {
      await new Promise<void>((resolve, reject) =>
        connection.login({ user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }, (err) =>
          err ? reject(err) : resolve(),
        ),
      );
    }
    // The envelope's first step and a reset: the server says whether it takes mail from this sender, and nothing is sent.
    const answer = await command(connection, `MAIL FROM:<${sender}>`);
    await command(connection, "RSET");
    if (!answer.startsWith("2")) {
      return [fail(`The SMTP server at ${where} refuses the sender ${sender} (${answer.trim()}): set MAIL_FROM to an address it may send from.`)];
    }
    return [ok(`The SMTP server at ${where} accepts mail from ${sender}`)];
  } catch (err) {
    return [fail(`The SMTP server at ${where} cannot be used (${reason(err)}): check SMTP_URL's host, port and credentials.`)];
  } finally {
    connection.quit();
    connection.close();
  }
}

/** The object's address as a browser would ask for it, with no credentials. */
function publicUrlOf(s3: Config["storage"]["s3"], key: string): string {
  if (!s3.endpoint) return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com/${key}`;
  const endpoint = new URL(s3.endpoint);
  return s3.forcePathStyle ? `${endpoint.origin}/${s3.bucket}/${key}` : `${endpoint.protocol}//${s3.bucket}.${endpoint.host}/${key}`;
}

export async function checkBucket(config: Config): Promise<Finding[]> {
  if (config.storage.driver !== "s3") return [];
  const s3 = config.storage.s3;
  const client = s3Client(s3);
  const key = `.doctor/anonymous-read-test-${randomBytes(8).toString("hex")}`;
  const findings: Finding[] = [];
  try {
    await client.send(new HeadBucketCommand({ Bucket: s3.bucket }));
    findings.push(ok(`The bucket ${s3.bucket} is reachable`));
  } catch (err) {
    client.destroy();
    return [fail(`The bucket ${s3.bucket} cannot be reached (${reason(err)}): check S3_ENDPOINT, S3_BUCKET and the access key.`)];
  }
  try {
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: "doctor" }));
    const anonymous = await fetch(publicUrlOf(s3, key));
    await anonymous.body?.cancel();
    findings.push(
      anonymous.ok
        ? fail(
            `The bucket ${s3.bucket} lets anyone read its objects (an anonymous GET answered ${anonymous.status}): passports would be public; block public access and remove any public-read policy or ACL.`,
          )
        : ok(`The bucket ${s3.bucket} refuses anonymous reads (${anonymous.status})`),
    );
    const date = anonymous.headers.get("date");
    if (date) findings.push(clockFinding("the object store", new Date(date)));
  } catch (err) {
    findings.push(
      fail(`The bucket ${s3.bucket} does not take a test object (${reason(err)}): the access key needs PutObject, GetObject and DeleteObject on it.`),
    );
  } finally {
    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key })).catch(() => {});
    client.destroy();
  }
  return findings;
}

/** Whether this process can create a file in `dir` (made and removed at once). */
function writable(dir: string): Finding {
  if (!existsSync(dir)) return fail(`${dir} does not exist: create it and give it to the site's user (mkdir -p ${dir}; chown <user> ${dir}).`);
  try {
    rmSync(mkdtempSync(path.join(dir, ".doctor-")), { recursive: true });
    return ok(`${dir} is writable`);
  } catch (err) {
    return fail(`${dir} is not writable (${reason(err)}): give it to the site's user (chown -R <user> ${dir}).`);
  }
}

export function checkFolders(config: Config): Finding[] {
  const spool = path.join(config.uploadDir, ".tmp");
  return [writable(config.uploadDir), ...(existsSync(spool) ? [writable(spool)] : [])];
}

export function checkBackups(config: Config): Finding[] {
  const newest = newestBackup(config.backup.dir);
  if (!newest)
    return [warn(`There is no backup in ${config.backup.dir}: run npm run backup, and every day from a timer (BACKUP_DIR names the folder).`)];
  const hours = (Date.now() - newest.at.getTime()) / 3_600_000;
  const age = hours < 48 ? `${Math.floor(hours)} h` : `${Math.floor(hours / 24)} days`;
  if (hours > BACKUP_MAX_AGE_H)
    return [warn(`The newest backup, ${newest.file}, is ${age} old: check the backup timer (systemctl list-timers), or run npm run backup.`)];
  return [ok(`The newest backup is ${age} old (${newest.file})`)];
}

/**
 * Payment providers. PAYMENT_PROVIDERS and PAYSTACK_SECRET_KEY are read from the environment directly: the payment
 * settings are not in server/config.ts yet.
 */
export function checkPayments(config: Config, env: NodeJS.ProcessEnv): Finding[] {
  const providers = (env.PAYMENT_PROVIDERS ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const key = env.PAYSTACK_SECRET_KEY;
  if (!providers.length && !key) {
    return [
      config.isProd
        ? warn("No payment provider is configured: applicants pay with the demo card; set PAYMENT_PROVIDERS and the provider's keys.")
        : ok("Payments use the demo card (development)"),
    ];
  }
  if (!key)
    return providers.includes("paystack")
      ? [fail("PAYMENT_PROVIDERS names paystack but PAYSTACK_SECRET_KEY is not set: set it from the Paystack dashboard.")]
      : [ok(`Payment providers: ${providers.join(", ")}`)];
  if (key.startsWith("sk_live_")) return [ok("Paystack is in live mode (sk_live_ key)")];
  if (key.startsWith("sk_test_")) {
    return [
      config.isProd
        ? warn("Paystack is in test mode (sk_test_ key): no real money moves; set the sk_live_ key to take payments.")
        : ok("Paystack is in test mode (sk_test_ key)"),
    ];
  }
  return [fail("PAYSTACK_SECRET_KEY does not look like a Paystack secret key (sk_live_… or sk_test_…): copy it again from the Paystack dashboard.")];
}
