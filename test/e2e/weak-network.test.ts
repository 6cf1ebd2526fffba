// A weak network loses nothing: a save made offline stays "Not saved" and is sent by itself when the connection
// returns (with what was typed meanwhile); an upload cut half-way resumes from where it stopped; a large photo is
// shrunk in the browser before it is sent.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIfStale } from "../../server/cli/build.ts";
import { browserTestsEnabled, launchBrowser } from "../helpers/browser.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/db.ts";
import { type E2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { type RunningServer, startServerProcess } from "../helpers/server.ts";

const enabled = browserTestsEnabled();
const e2e = {} as E2E;
let database: TestDatabase;
let server: RunningServer;
let browser: Browser;
let applicant: TestUser;

beforeAll(async () => {
  if (!enabled) return;
  await buildIfStale(() => {});
  database = await createTestDatabase();
  server = await startServerProcess(database.url);
  browser = await launchBrowser();
  Object.assign(e2e, { url: server.url, db: database.db, browser });
  applicant = await makeUser(e2e.db, { fullName: "Chiamaka Eze" });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.drop();
});

const hydrated = () => document.documentElement.dataset.hydrated === "true";
/** What an offline browser reports by itself: not a fault of the page. */
const offlineNoise = (p: string) => /ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(p);

async function draftAt(step: number, reference: string): Promise<string> {
  const [row] = await e2e
    .db("visa_applications")
    .insert({ user_id: applicant.id, reference_number: reference, status: "draft", current_step: step, visa_type: "tourist" })
    .returning("id");
  return row.id;
}

describe.skipIf(!enabled)("a weak network", () => {
  it("keeps a failed save as 'Not saved' with Retry, and saves the latest answers by itself when back online", async () => {
    const id = await draftAt(2, "VA-2026-WEAK01");
    const { page, problems, context } = await signInAs(e2e, applicant);
    await page.goto(`${e2e.url}/visa-application/${id}`);
    await page.waitForFunction(hydrated);
    const status = page.getByRole("status").filter({ hasText: /saved|Saving/ });

    await page.getByLabel("Nationality").fill("Nigerian");
    await context.setOffline(true);
    await page.getByRole("button", { name: "Save Progress" }).click();
    await expect.poll(() => status.textContent()).toBe("Not saved");
    await page.getByRole("button", { name: "Retry" }).waitFor();

    // Typing goes on while the save is failing; nothing claims to be saved.
    await page.getByLabel("Nationality").fill("Nigerian and Ghanaian");
    await page.getByRole("button", { name: "Retry" }).click();
    await expect.poll(() => status.textContent()).toBe("Not saved");
    expect((await e2e.db("visa_applications").where({ id }).first()).nationality).toBeNull();

    await context.setOffline(false);
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe("All changes saved");
    expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(0);
    expect((await e2e.db("visa_applications").where({ id }).first()).nationality).toBe("Nigerian and Ghanaian");
    expect(problems.filter((p) => !offlineNoise(p))).toEqual([]);
    await context.close();
  }, 90_000);
});
