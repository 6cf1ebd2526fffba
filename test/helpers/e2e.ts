// Shared set-up for a browser test file: its own database, the real server (built, as production runs it: the run's
// global setup builds it) and Chromium.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { browserTestsEnabled, giveSignInCode, launchBrowser, openPage, type WatchedPage } from "./browser.ts";
import { createTestDatabase, type TestDatabase } from "./db.ts";
import { completeDraft, makeUser, type TestUser } from "./factories.ts";
import { JPEG, PDF } from "./files.ts";
import { type RunningServer, SERVER_SESSION_SECRET, startServerProcess } from "./server.ts";
import { signedAgreement } from "./signatures.ts";

export interface E2E {
  url: string;
  browser: Browser;
  db: TestDatabase["db"];
  /** The server's upload folder (disk storage). */
  uploadDir: string;
}

export const e2eEnabled = browserTestsEnabled();

/** Twice the production default (NODE_HEAP_MB): a browser test's server is not where memory is measured (npm run bench). */
const E2E_HEAP_MB = 512;

/** Call at the top of a browser test file; the returned object is filled before the tests run. */
export function setupE2E(env: Record<string, string> = {}): E2E {
  const state = {} as E2E;
  let database: TestDatabase | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    if (!e2eEnabled) return;
    database = await createTestDatabase();
    server = await startServerProcess(database.url, env, { built: { heapMb: E2E_HEAP_MB } });
    state.url = server.url;
    state.db = database.db;
    state.uploadDir = server.uploadDir;
    state.browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await state.browser?.close();
    await server?.stop();
    await database?.drop();
  });
  return state;
}

/** A staff account (admin, two-factor on) whose secret is encrypted with the server process's key. */
export function makeStaff(e2e: E2E, opts: { fullName?: string; email?: string } = {}): Promise<TestUser> {
  return makeUser(e2e.db, { ...opts, admin: true, sessionSecret: SERVER_SESSION_SECRET });
}

/** A new page signed in as `user` through the sign-in form (and its code step when two-factor is on), on the dashboard. */
export async function signInAs(e2e: E2E, user: TestUser): Promise<WatchedPage> {
  const watched = await openPage(e2e.browser);
  const { page } = watched;
  await page.goto(`${e2e.url}/signin`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  if (user.totpSecret) await giveSignInCode(page, user.totpSecret);
  await page.waitForURL(`${e2e.url}/dashboard`);
  // Settled: the dashboard's own page request must not race the next navigation for the session's flash message.
  await page.getByRole("heading", { name: "Your Visa Applications" }).waitFor();
  return watched;
}

/** A passport scan (a PDF) and photo of `userId` in the upload folder, and the columns that point to them. */
export function storePassportFiles(e2e: E2E, userId: string): Record<string, string> {
  const files = {
    passport_scan_path: `${userId}/passport_scan_1.pdf`,
    passport_scan_mime: "application/pdf",
    photo_path: `${userId}/photo_1.jpg`,
    photo_mime: "image/jpeg",
  };
  if (e2e.uploadDir) {
    mkdirSync(path.join(e2e.uploadDir, userId), { recursive: true });
    writeFileSync(path.join(e2e.uploadDir, files.passport_scan_path), PDF);
    writeFileSync(path.join(e2e.uploadDir, files.photo_path), JPEG);
  }
  return files;
}

/**
 * A complete application of `userId` in `status` at wizard step `step`, straight into the database, with its passport
 * scan (a PDF) and photo stored in the upload folder unless told not to (the review page previews them), and past
 * the draft its service agreement signed unless told not to.
 */
export async function insertApplication(
  e2e: E2E,
  userId: string,
  opts: { reference: string; status: string; step?: number; passportFiles?: boolean; fields?: Record<string, unknown>; agreement?: boolean },
): Promise<string> {
  const { visa_specific_data, ...fields } = completeDraft(opts.fields);
  const files = opts.passportFiles === false ? {} : storePassportFiles(e2e, userId);
  const [row] = await e2e
    .db("visa_applications")
    .insert({
      ...fields,
      ...files,
      visa_specific_data: JSON.stringify(visa_specific_data),
      user_id: userId,
      reference_number: opts.reference,
      status: opts.status,
      current_step: opts.step ?? 8,
      submitted_at: opts.status === "draft" ? null : new Date(),
    })
    .returning("id");
  // Past the draft, its service agreement is signed as paying needs (a test of signing itself says agreement: false).
  if (opts.status !== "draft" && opts.agreement !== false) await signedAgreement(e2e.db, row.id);
  return row.id;
}
