// The checks of `npm run doctor` on what the site keeps and configures: the database (and its clock), the folders and
// the upload spool, the backups and the payment settings; the network services' checks are doctorServices.ts's, the phone channels' doctorChannels.ts's.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config.ts";
import { appliedMigrations, connectionFacts } from "../db/inspect.ts";
import { migrationNames } from "../db/migrationSource.ts";
import { runningPort } from "../db/pg-process.ts";
import { APP_ROLE, readSecret, secretFile } from "../db/roles.ts";
import { CLUSTER_LOCATION_FILE, EMBEDDED_DB_NAME } from "../db/setup.ts";
import { createPaystackClient, PaystackError } from "../payments/paystack.ts";
import { resumableUploadsDir, spoolUsage, UNFINISHED_UPLOAD_MS } from "../storage/resumable.ts";
import { newestBackup } from "./backupFolder.ts";
import { clockFinding, type Finding, fail, ok, reason, warn } from "./doctorFindings.ts";

const BACKUP_MAX_AGE_H = 26;
/** The clean-up runs every ten minutes: an upload this much past its hour means it has not run for a while. */
const SPOOL_OVERDUE_MS = UNFINISHED_UPLOAD_MS + 30 * 60_000;

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

/** What the spool of resumable uploads holds on the upload folder's disk, and whether the clean-up keeps it short. */
export async function checkSpool(config: Config): Promise<Finding[]> {
  const dir = resumableUploadsDir(config);
  const { uploads, bytes, oldest } = await spoolUsage(config);
  if (!uploads) return [ok(`The upload spool is empty (${dir})`)];
  const held = `The upload spool holds ${uploads} unfinished upload${uploads === 1 ? "" : "s"}, ${(bytes / (1024 * 1024)).toFixed(1)} MB (${dir})`;
  const age = oldest ? Date.now() - oldest.getTime() : 0;
  if (age <= SPOOL_OVERDUE_MS) return [ok(held)];
  return [
    warn(
      `${held}, the oldest begun ${Math.floor(age / 3_600_000)} h ago: unfinished uploads are deleted after an hour, so the clean-up job is not running; start the site with its worker (MAIL_WORKER not false), or npm run worker beside it.`,
    ),
  ];
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

/**
 * Each applicant's own account number (PAYSTACK_DEDICATED_ACCOUNTS): Paystack's list of the banks dedicated accounts
 * open at for this key is a cheap read that changes nothing; it answers an error where the business has none, and
 * must name the bank set in PAYSTACK_DEDICATED_BANK.
 */
export async function checkDedicatedAccounts(config: Config): Promise<Finding[]> {
  const dedicated = config.payments.dedicatedAccounts;
  const settings = config.payments.paystack;
  if (!dedicated || !settings) return [];
  let banks: Array<{ slug: string; name: string }>;
  try {
    banks = await createPaystackClient(settings, { timeoutMs: 5_000 }).dedicatedAccountBanks();
  } catch (err) {
    const detail = err instanceof PaystackError ? err.message : String(err);
    return [
      fail(
        `PAYSTACK_DEDICATED_ACCOUNTS is on but Paystack did not list dedicated-account banks for this key (${detail}): ask Paystack to enable dedicated virtual accounts for the business, or set PAYSTACK_DEDICATED_ACCOUNTS=false.`,
      ),
    ];
  }
  const bank = banks.find((b) => b.slug === dedicated.preferredBank);
  if (!bank) {
    const listed = banks.map((b) => b.slug).join(", ") || "none";
    return [fail(`PAYSTACK_DEDICATED_BANK is ${dedicated.preferredBank}, which Paystack does not offer for this key (it offers: ${listed}).`)];
  }
  return [ok(`Paystack dedicated accounts are enabled for this key: applicants get their own account number at ${bank.name}`)];
}
