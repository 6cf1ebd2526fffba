// The outbox against a real SMTP server: queued in the caller's transaction, retried, failed, written to .eml without SMTP.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "../../server/config.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { messageEntry } from "../../server/presenters/messaging.ts";
import { createTestApp } from "../helpers/app.ts";
import { siteCommand } from "../helpers/commands.ts";
import { createMailTestApp, type MailTestApp, startTestWorker } from "../helpers/mail.ts";
import { startSmtp } from "../helpers/smtp.ts";

/** The outbox under a test app's own settings, as its context holds it. */
const outboxOf = (app: { config: { mail: { maxAttempts: number; queue: boolean } } }) => createOutbox(app.config.mail);

const enquiry = (name: string) => ({ name, email: "visitor@example.com", phone: "+2348031112222", message: "Hello", package: null, enquiryId: "x" });

async function statusOf(t: MailTestApp, id: string | null) {
  for (let i = 0; i < 200; i++) {
    const row = await t.db("email_messages").where({ id }).first();
    if (row.status !== "queued") return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  return t.db("email_messages").where({ id }).first();
}

describe("outbox", () => {
  let t: MailTestApp;
  beforeAll(async () => {
    t = await createMailTestApp();
  });
  afterAll(() => t.close());

  it("delivers a committed message with HTML, a plain-text part and the site's details, and records it sent", async () => {
    const id = await t.db.transaction((trx) => outboxOf(t).queue(trx, { kind: "enquiry_received", to: "ada@example.com", data: enquiry("Ada Obi") }));
    const [mail] = await t.smtp.waitFor((m) => m.to.includes("ada@example.com"));
    expect(mail.subject).toBe("We have received your message");
    expect(mail.text).toContain("Thank you for contacting us.");
    expect(mail.text).toContain(t.config.site.phone);
    expect(mail.html).toContain(t.config.site.address.street);
    expect(mail.html).not.toMatch(/<img|https?:\/\/[^"]*\.(png|gif|jpg)/i);
    expect(mail.messageId).toContain(id);
    const row = await statusOf(t, id);
    expect(row).toMatchObject({ status: "sent", kind: "enquiry_received", to_address: "ada@example.com", error: null });
    expect(row.sent_at).not.toBeNull();
  });

  it("sends nothing when the transaction that queued the message rolls back", async () => {
    await expect(
      t.db.transaction(async (trx) => {
        await outboxOf(t).queue(trx, { kind: "enquiry_received", to: "rollback@example.com", data: enquiry("Rolled Back") });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await t.db.transaction((trx) => outboxOf(t).queue(trx, { kind: "enquiry_received", to: "after@example.com", data: enquiry("After") }));
    await t.smtp.waitFor((m) => m.to.includes("after@example.com"));
    expect(t.smtp.received.some((m) => m.to.includes("rollback@example.com"))).toBe(false);
    expect(await t.db("email_messages").where({ to_address: "rollback@example.com" })).toHaveLength(0);
  });

  it("refuses a line break in the recipient or subject (header injection)", async () => {
    await expect(
      outboxOf(t).queue(t.db, {
        kind: "enquiry_staff",
        to: "office@example.com",
        data: { ...enquiry("Eve\r\nBcc: victim@example.com"), package: null },
      }),
    ).rejects.toThrow(/line break/);
    await expect(
      outboxOf(t).queue(t.db, { kind: "enquiry_received", to: "a@example.com\r\nBcc: victim@example.com", data: enquiry("Eve") }),
    ).rejects.toThrow(/invalid address/);
    expect(await t.db("email_messages").where("to_address", "like", "%victim%")).toHaveLength(0);
  });
});

describe("outbox when the SMTP server is down", () => {
  it("retries with backoff and delivers once the server is back; marks failed after the last attempt", async () => {
    const smtp = await startSmtp();
    const port = smtp.port;
    await smtp.stop();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_MAX_ATTEMPTS: "2" });
    const worker = await startTestWorker(t, { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_MAX_ATTEMPTS: "2" });
    try {
      const id = await outboxOf(t).queue(t.db, { kind: "enquiry_received", to: "late@example.com", data: enquiry("Late") });
      // First attempt fails: still queued, with the error and the attempt recorded.
      await expect
        .poll(async () => (await t.db("email_messages").where({ id }).first()).attempts, { timeout: 5_000, message: "no first attempt" })
        .toBeGreaterThanOrEqual(1);
      const first = await t.db("email_messages").where({ id }).first();
      expect(first).toMatchObject({ status: "queued", attempts: 1 });
      expect(first.error).toMatch(/ECONNREFUSED|connect/i);
      const back = await startSmtp(port);
      try {
        const [mail] = await back.waitFor((m) => m.to.includes("late@example.com"), 1, 20_000);
        expect(mail.subject).toBe("We have received your message");
        const row = await t.db("email_messages").where({ id }).first();
        expect(row).toMatchObject({ status: "sent", attempts: 2 });
      } finally {
        await back.stop();
      }
      // Now the server is down for good: after the last (second) attempt the message is failed.
      const doomed = await outboxOf(t).queue(t.db, { kind: "enquiry_received", to: "doomed@example.com", data: enquiry("Doomed") });
      await expect
        .poll(() => t.db("email_messages").where({ id: doomed }).first(), { timeout: 15_000, message: "the message was never failed" })
        .toMatchObject({ status: "failed", attempts: 2 });
    } finally {
      await worker.stop();
      await t.drop();
    }
  }, 30_000);
});

describe("outbox without SMTP_URL", () => {
  it("writes a .eml file and records 'Written to the mail folder (no mail server configured)', which staff see as written, not as 'Not sent'", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vs-mail-"));
    const t = await createTestApp({ MAIL_DIR: dir });
    const worker = await startTestWorker(t, { MAIL_DIR: dir });
    try {
      const id = await outboxOf(t).queue(t.db, { kind: "enquiry_received", to: "nomail@example.com", data: enquiry("No Mail") });
      // The row is marked only once the file is written in full.
      await expect
        .poll(() => t.db("email_messages").where({ id }).first(), { timeout: 10_000, message: "the message was never marked not_sent" })
        .toMatchObject({ status: "not_sent", error: "Written to the mail folder (no mail server configured)" });
      const entry = messageEntry(await t.db("email_messages").where({ id }).first());
      expect(entry).toMatchObject({ status: "written", error: null });
      const [file] = readdirSync(dir);
      expect(file).toContain(id);
      const eml = readFileSync(path.join(dir, file), "utf8");
      expect(eml).toMatch(/^To: nomail@example\.com$/m);
      expect(eml).toMatch(/^Subject: We have received your message$/m);
    } finally {
      await worker.stop();
      await t.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("two worker processes", () => {
  it("send each message exactly once", async () => {
    const smtp = await startSmtp();
    const t = await createTestApp();
    const env = { ...process.env, NODE_ENV: "test", DATABASE_URL: t.url, SMTP_URL: smtp.url, LOG_LEVEL: "silent", SESSION_SECRET: "x".repeat(40) };
    const spawnWorker = () => spawn(process.execPath, siteCommand("worker"), { cwd: ROOT_DIR, env, stdio: ["ignore", "pipe", "pipe"] });
    const workers = [spawnWorker(), spawnWorker()];
    const stopWorker = (w: (typeof workers)[number]) =>
      new Promise((r) => {
        if (w.exitCode !== null) return r(null);
        w.once("exit", r);
        w.kill("SIGTERM");
      });
    try {
      await Promise.all(
        workers.map((w) => new Promise<void>((resolve) => w.stdout?.on("data", (d) => String(d).includes("Mail worker ready") && resolve()))),
      );
      const ids: (string | null)[] = [];
      for (let i = 0; i < 60; i++)
        ids.push(await outboxOf(t).queue(t.db, { kind: "enquiry_received", to: `v${i}@example.com`, data: enquiry(`Visitor ${i}`) }));
      await smtp.waitFor(() => true, 60, 30_000);
      // A duplicate could still be on its way: a worker stops only once the sends it started have finished.
      await Promise.all(workers.map(stopWorker));
      expect(smtp.received).toHaveLength(60);
      expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(60);
      expect(await t.db("email_messages").whereIn("id", ids.map(String)).where({ status: "sent" }).count("* as n").first()).toEqual({ n: 60 });
    } finally {
      await Promise.all(workers.map(stopWorker));
      await smtp.stop();
      await t.drop();
    }
  }, 60_000);
});
