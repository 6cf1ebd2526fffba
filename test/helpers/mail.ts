// A test app with the real mail worker delivering to a real SMTP server on loopback.
import type { Knex } from "knex";
import { expect } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { type JobWorker, startJobWorker } from "../../server/jobs/worker.ts";
import { createLogger } from "../../server/middleware/logging.ts";
import { createTestApp, TEST_SESSION_SECRET, type TestApp } from "./app.ts";
import { startSmtp, type TestSmtp } from "./smtp.ts";

export const BASE_URL = "https://site.test";

export interface MailTestApp extends TestApp {
  smtp: TestSmtp;
  worker: JobWorker;
  /** Stops the worker, the SMTP server and drops the database. */
  close: () => Promise<void>;
}

export async function createMailTestApp(env: Record<string, string> = {}): Promise<MailTestApp> {
  const smtp = await startSmtp();
  const merged = { SMTP_URL: smtp.url, PUBLIC_URL: BASE_URL, MAIL_MAX_ATTEMPTS: "3", ...env };
  const t = await createTestApp(merged);
  const worker = await startTestWorker(t, merged);
  return {
    ...t,
    smtp,
    worker,
    close: async () => {
      await worker.stop();
      await smtp.stop();
      await t.drop();
    },
  };
}

export function startTestWorker(t: TestApp, env: Record<string, string>): Promise<JobWorker> {
  // Passports are read only where a test asks for it: a read loads about 400 MB of OCR into the worker.
  const config = loadConfig({ NODE_ENV: "test", SESSION_SECRET: TEST_SESSION_SECRET, PASSPORT_READING: "off", ...env }, () => {});
  return startJobWorker({ connectionString: t.url, db: t.db, config, logger: createLogger("silent"), baseUrl: BASE_URL, pollIntervalMs: 200 });
}

/**
 * Waits until every phone notice of an e-mail has been decided: the `phone_notice` jobs (queued with the e-mails) have
 * run, so a message that was to be recorded on WhatsApp or SMS is recorded, and one that was not never will be.
 */
export async function noticesDecided(db: Knex, timeout = 15_000): Promise<void> {
  await expect
    .poll(
      async () =>
        (await db.raw<{ rows: { n: number }[] }>("SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'phone_notice'"))
          .rows[0].n,
      { timeout },
    )
    .toBe(0);
}
