// npm run doctor against a good configuration (exit 0, every line ✓) and broken ones (exit 1, each problem named).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveName } from "../../server/cli/backupFolder.ts";
import { ROOT_DIR } from "../../server/config.ts";
import { siteCommand } from "../helpers/commands.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/db.ts";
import { startTestBucket, type TestBucket } from "../helpers/s3.ts";
import { startSmtp, type TestSmtp } from "../helpers/smtp.ts";
import { query } from "../helpers/sql.ts";
import { type LocalTermii, startLocalTermii } from "../helpers/termii.ts";
import { type LocalWhatsApp, startLocalWhatsApp } from "../helpers/whatsapp.ts";

const work = mkdtempSync(path.join(tmpdir(), "vs-doctor-"));
const role = `vs_doctor_${randomBytes(4).toString("hex")}`;
const rolePassword = randomBytes(12).toString("hex");
let database: TestDatabase;
let smtp: TestSmtp;
let refusing: SMTPServer;
let refusingPort: number;
let bucket: TestBucket;
let whatsapp: LocalWhatsApp;
let termii: LocalTermii;
/** Takes connections and never answers: a provider's API behind a firewall that drops, or a hung proxy. */
let silent: Server;
let silentUrl: string;
/** The application's own role: may connect and read, no superuser (as a deployment's DATABASE_URL should be). */
let appUrl: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await query(database.url, `CREATE ROLE ${role} LOGIN NOSUPERUSER PASSWORD '${rolePassword}'`);
  await query(database.url, `GRANT USAGE ON SCHEMA public TO ${role}; GRANT SELECT ON knex_migrations TO ${role}`);
  const u = new URL(database.url);
  u.username = role;
  u.password = rolePassword;
  appUrl = u.toString();
  smtp = await startSmtp();
  // A mail server that takes no mail from this site's address.
  refusing = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      callback(Object.assign(new Error("Sender address rejected: not owned by you"), { responseCode: 553 }));
    },
  });
  await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
  refusingPort = (refusing.server.address() as AddressInfo).port;
  bucket = await startTestBucket();
  whatsapp = await startLocalWhatsApp();
  termii = await startLocalTermii();
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await database.drop();
  await query(database.url.replace(/\/[^/]*$/, "/postgres"), `DROP ROLE IF EXISTS ${role}`).catch(() => {});
  await smtp.stop();
  await new Promise<void>((resolve) => refusing.close(() => resolve()));
  await bucket.stop();
  await whatsapp.stop();
  await termii.stop();
  silent.closeAllConnections();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
  rmSync(work, { recursive: true, force: true });
});

function doctor(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  const dir = mkdtempSync(path.join(work, "site-"));
  const child = spawn(process.execPath, siteCommand("doctor"), {
    cwd: ROOT_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      DATA_DIR: path.join(dir, "data"),
      UPLOAD_DIR: dir,
      BACKUP_DIR: path.join(dir, "backups"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on("data", (c: Buffer) => {
    out += c.toString();
  });
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, lines: out.trim().split("\n") })));
}

describe("npm run doctor", () => {
  it("passes a good production configuration: every check ✓, exit 0", { timeout: 60_000 }, async () => {
    const backups = mkdtempSync(path.join(work, "backups-"));
    writeFileSync(path.join(backups, archiveName(new Date(Date.now() - 3_600_000).toISOString())), "");
    const { code, lines } = await doctor({
      PUBLIC_URL: "https://visa.example",
      HOST: "127.0.0.1",
      SESSION_SECRET: randomBytes(48).toString("base64"),
      TRUST_PROXY: "loopback",
      DATABASE_URL: appUrl,
      SMTP_URL: smtp.url,
      BACKUP_DIR: backups,
      PAYMENT_PROVIDERS: "paystack",
      PAYSTACK_SECRET_KEY: `sk_live_${randomBytes(20).toString("hex")}`,
      PAYSTACK_PUBLIC_KEY: `pk_live_${randomBytes(20).toString("hex")}`,
      ...whatsapp.env,
      ...termii.env,
    });
    expect(
      lines.filter((l) => !l.startsWith("✓ ")),
      lines.join("\n"),
    ).toEqual([]);
    expect(code).toBe(0);
    const text = lines.join("\n");
    expect(text).toContain("✓ SESSION_SECRET is set and strong");
    expect(text).toContain("✓ PUBLIC_URL is https://visa.example");
    expect(text).toContain("✓ The site listens on 127.0.0.1, behind the proxy");
    expect(text).toContain(`✓ The role ${role} is not a superuser`);
    expect(text).toMatch(/✓ Migrations are current \(\d+\)/);
    expect(text).toContain("✓ The clock agrees with the database");
    expect(text).toContain(`✓ The SMTP server at 127.0.0.1:${smtp.port} accepts mail from info@horizongatetravel.ng`);
    expect(text).toMatch(/✓ The newest backup is 1 h old/);
    expect(text).toContain("✓ Paystack is in live mode (sk_live_ key)");
    expect(text).toContain(
      `✓ WhatsApp is configured and Meta answers: messages go from +234 803 555 0142 (Horizon Gate Travel), phone number ID ${whatsapp.env.WHATSAPP_PHONE_NUMBER_ID}, and Meta delivers to https://visa.example/webhooks/whatsapp`,
    );
    expect(text).toContain(
      `✓ SMS is configured and Termii answers: account Horizon Gate, balance ${termii.balance()} NGN; messages go from sender ID HorizonGate, and Termii reports to https://visa.example/webhooks/termii`,
    );
    expect(smtp.received).toEqual([]);
    // Asked, never sent to.
    expect(whatsapp.sent).toEqual([]);
    expect(termii.sent).toEqual([]);
    expect(text).not.toContain(whatsapp.env.WHATSAPP_TOKEN);
    expect(text).not.toContain(termii.env.TERMII_API_KEY);
  });

  it("names each problem of a broken one, with its fix, and exits 1", { timeout: 60_000 }, async () => {
    const wrong = new URL(appUrl);
    wrong.password = "not-the-password";
    const { code, lines } = await doctor({
      SESSION_SECRET: "short",
      PUBLIC_URL: "http://localhost:3000",
      DATABASE_URL: wrong.toString(),
      SMTP_URL: `smtp://127.0.0.1:${refusingPort}`,
      ...bucket.env,
      PAYSTACK_SECRET_KEY: `sk_test_${randomBytes(20).toString("hex")}`,
      WHATSAPP_TOKEN: `EAAG${randomBytes(24).toString("hex")}`,
      WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
    });
    expect(code).toBe(1);
    const text = lines.join("\n");
    expect(text).toContain("✗ SESSION_SECRET is 5 characters, fewer than 32: set SESSION_SECRET to a long random value");
    expect(text).toContain("✗ PUBLIC_URL is http://localhost:3000, not https:, in production");
    expect(text).toMatch(
      new RegExp(
        `✗ The database at 127\\.0\\.0\\.1:\\d+ refused user ${role} \\(.*password authentication failed.*\\): correct the user and password in DATABASE_URL\\.`,
      ),
    );
    expect(text).toMatch(
      /✗ The SMTP server at 127\.0\.0\.1:\d+ refuses the sender info@horizongatetravel\.ng \(553 Sender address rejected: not owned by you\): set MAIL_FROM/,
    );
    // s3rver answers anonymous reads: the doctor's public-bucket case.
    expect(text).toMatch(/✗ The bucket documents lets anyone read its objects \(an anonymous GET answered 200\)/);
    expect(text).toContain("! There is no backup in");
    expect(text).toContain("! Paystack is in test mode (sk_test_ key)");
    expect(text).toContain(
      "! WhatsApp is off: WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN not set while WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID are; set all four (docs/operating/whatsapp.md).",
    );
    expect(await bucket.keys()).toEqual([]);
  });

  it("asks WhatsApp and Termii for their accounts: a refused token or key, a wrong phone number ID, an empty balance", {
    timeout: 60_000,
  }, async () => {
    const dev = { NODE_ENV: "development" };
    const badToken = `EAAG${randomBytes(24).toString("hex")}`;
    const badKey = `TL${randomBytes(24).toString("hex")}`;
    const refused = await doctor({ ...dev, ...whatsapp.env, WHATSAPP_TOKEN: badToken, ...termii.env, TERMII_API_KEY: badKey });
    expect(refused.code).toBe(1);
    expect(refused.lines).toContain(
      "✗ Meta refuses WHATSAPP_TOKEN (401, code 190 Invalid OAuth access token - Cannot parse access token): the token is wrong or has expired; make a permanent token for a system user in Meta Business Settings (docs/operating/whatsapp.md) and set WHATSAPP_TOKEN.",
    );
    expect(refused.lines).toContain(
      "✗ Termii refuses TERMII_API_KEY (401 Invalid API key): copy the API key from the Termii dashboard (API settings) into TERMII_API_KEY.",
    );
    const printed = refused.lines.join("\n");
    expect(printed).not.toContain(badToken);
    expect(printed).not.toContain(badKey);

    termii.setBalance(0);
    try {
      const wrongId = await doctor({ ...dev, ...whatsapp.env, WHATSAPP_PHONE_NUMBER_ID: "2348035550142", ...termii.env });
      expect(wrongId.code).toBe(1);
      expect(wrongId.lines).toContain(
        "✗ Meta knows no phone number with ID 2348035550142 that this token may use (400, code 100 Unsupported get request. Object with ID '2348035550142' does not exist, cannot be loaded due to missing permissions, or does not support this operation): copy the phone number ID (not the number itself) from WhatsApp › API Setup in the Meta app into WHATSAPP_PHONE_NUMBER_ID, and check that the token's system user has the WhatsApp account assigned.",
      );
      expect(wrongId.lines).toContain(
        "! SMS is configured and Termii answers, but the balance is 0 NGN (account Horizon Gate): Termii refuses every message until the account is topped up on its dashboard; messages go from sender ID HorizonGate, and Termii reports to https://<your site>/webhooks/termii.",
      );
    } finally {
      termii.setBalance(5000);
    }
    expect(whatsapp.sent).toEqual([]);
    expect(termii.sent).toEqual([]);
  });

  it("says when a provider's API cannot be reached, within seconds: one that never answers, one that refuses connections", {
    timeout: 60_000,
  }, async () => {
    // A port nothing listens on: taken, then given back.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const started = Date.now();
    const { code, lines } = await doctor({
      NODE_ENV: "development",
      ...whatsapp.env,
      WHATSAPP_API_URL: `${silentUrl}/v21.0`,
      ...termii.env,
      TERMII_API_URL: `http://127.0.0.1:${closedPort}`,
    });
    const took = Date.now() - started;
    expect(code).toBe(1);
    const host = new URL(silentUrl).host;
    expect(lines).toContain(
      `✗ WhatsApp is configured but Meta's API at ${host} cannot be reached (no answer within 4 s): check that this machine can make outgoing HTTPS connections to ${host} (DNS, firewall) and that WHATSAPP_API_URL is right; until then nothing goes by WhatsApp.`,
    );
    expect(lines.join("\n")).toMatch(
      new RegExp(
        `✗ SMS is configured but Termii's API at 127\\.0\\.0\\.1:${closedPort} cannot be reached \\(connect ECONNREFUSED 127\\.0\\.0\\.1:${closedPort}\\): check that this machine`,
      ),
    );
    // Both asked at once, each given 4 s: the doctor's own start (a loaded machine) is the rest.
    expect(took).toBeLessThan(15_000);
  });

  it("follows no redirect with the key in it: an answer that sends elsewhere is reported, not obeyed", { timeout: 60_000 }, async () => {
    let asked = 0;
    const elsewhere = createServer((req, res) => {
      asked++;
      res.writeHead(302, { location: `${termii.env.TERMII_API_URL}${req.url}` }).end();
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
    const host = `127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    try {
      const { lines } = await doctor({ NODE_ENV: "development", ...termii.env, TERMII_API_URL: `http://${host}` });
      expect(asked).toBe(1);
      expect(lines).toContain(
        `✗ Termii's API at ${host} answered 302 instead of the account's balance: check TERMII_API_URL (your account's base URL, shown on the Termii dashboard).`,
      );
    } finally {
      await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
    }
  });

  it("refuses a superuser connection and warns of TRUST_PROXY=false, and of listening beyond loopback, behind https", {
    timeout: 60_000,
  }, async () => {
    const { code, lines } = await doctor({
      PUBLIC_URL: "https://visa.example",
      SESSION_SECRET: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      TRUST_PROXY: "false",
      DATABASE_URL: database.url,
      PAYSTACK_SECRET_KEY: "pk_live_123",
    });
    expect(code).toBe(1);
    const text = lines.join("\n");
    expect(text).toMatch(/✗ SESSION_SECRET looks guessable \(about 0 bits/);
    expect(text).toContain("! TRUST_PROXY=false while PUBLIC_URL is https:");
    // HOST is not set: the default, every interface.
    expect(text).toContain(
      "! The site listens on 0.0.0.0 while PUBLIC_URL is https: anyone who can reach this machine can skip the TLS proxy and use plain HTTP",
    );
    expect(text).toContain("set HOST=127.0.0.1 so that only the proxy on this machine (the deploy recipe's Caddy) reaches the site");
    expect(text).toMatch(/✗ The site connects as \w+, a superuser/);
    expect(text).toContain("✗ PAYSTACK_SECRET_KEY does not look like a Paystack secret key");
  });

  it("reports the upload spool: its unfinished uploads and their size, and warns of any left past their hour", { timeout: 60_000 }, async () => {
    const site = mkdtempSync(path.join(work, "spool-"));
    const spool = path.join(site, ".tmp", "tus");
    mkdirSync(spool, { recursive: true });
    const env = { NODE_ENV: "development", DATA_DIR: path.join(site, "data"), UPLOAD_DIR: site, BACKUP_DIR: path.join(site, "backups") };
    const upload = (id: string, bytes: number, startedHoursAgo: number) => {
      writeFileSync(path.join(spool, id), Buffer.alloc(bytes));
      writeFileSync(path.join(spool, `${id}.json`), "{}");
      const at = new Date(Date.now() - startedHoursAgo * 3_600_000);
      for (const f of [id, `${id}.json`]) utimesSync(path.join(spool, f), at, at);
    };
    expect((await doctor(env)).lines).toContain(`✓ The upload spool is empty (${spool})`);
    upload("a".repeat(32), 3 * 1024 * 1024, 0.2);
    upload("b".repeat(32), 1024 * 1024, 0.5);
    const fresh = await doctor(env);
    expect(fresh.lines).toContain(`✓ The upload spool holds 2 unfinished uploads, 4.0 MB (${spool})`);
    upload("c".repeat(32), 1024 * 1024, 5);
    const stale = await doctor(env);
    expect(stale.code).toBe(0);
    expect(stale.lines.join("\n")).toContain(
      `! The upload spool holds 3 unfinished uploads, 5.0 MB (${spool}), the oldest begun 5 h ago: unfinished uploads are deleted after an hour, so the clean-up job is not running;`,
    );
  });

  it("writes nothing: without SESSION_SECRET in development no secret is made, nor the data folder", { timeout: 60_000 }, async () => {
    const site = mkdtempSync(path.join(work, "dev-"));
    const dataDir = path.join(site, "data");
    const { code, lines } = await doctor({ NODE_ENV: "development", DATA_DIR: dataDir, UPLOAD_DIR: site, BACKUP_DIR: path.join(site, "backups") });
    expect(code).toBe(0);
    expect(lines).toContain(
      `! SESSION_SECRET is not set: development uses one generated in ${path.join(dataDir, "session-secret")} (not made yet); a deployment must set SESSION_SECRET to a long random value (openssl rand -base64 48) and keep it the same across restarts.`,
    );
    expect(readdirSync(site)).toEqual([]);
  });
});
