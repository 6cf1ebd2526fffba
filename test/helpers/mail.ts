// A test app with the real mail worker delivering to a real SMTP server on loopback.
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
  const config = loadConfig({ NODE_ENV: "test", SESSION_SECRET: TEST_SESSION_SECRET, ...env }, () => {});
  return startJobWorker({ connectionString: t.url, db: t.db, config, logger: createLogger("silent"), baseUrl: BASE_URL, pollIntervalMs: 200 });
}
