// A weak network loses nothing: a save made offline stays "Not saved" and is sent by itself when the connection
// returns (with what was typed meanwhile), a state checked with axe at 360 and 1280 px; an upload cut half-way resumes
// from where it stopped; a large photo is shrunk in the browser before it is sent.

import type { Browser, Page } from "playwright-core";
import { PNG as PngImage } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIfStale } from "../../server/cli/build.ts";
import { atBothWidths, PHONE } from "../helpers/axe.ts";
import { browserTestsEnabled, launchBrowser } from "../helpers/browser.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/db.ts";
import { type E2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { PDF } from "../helpers/files.ts";
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

type Box = { x: number; y: number; width: number; height: number };

const hydrated = () => document.documentElement.dataset.hydrated === "true";
/** What an offline browser reports by itself: not a fault of the page. */
const offlineNoise = (p: string) => /ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(p);

/** The server's log lines about resumable uploads (pino JSON), in order. */
function uploadLog(): { msg: string; upload: string; offset: number | string }[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.includes("resumable upload:"))
    .map((line) => JSON.parse(line));
}

/** A 3000 × 2000 PNG photo of about 9.6 MB (a gradient with fine grain, which compresses badly, as a photo does). */
function largePhoto(): Buffer {
  const [w, h] = [3000, 2000];
  const png = new PngImage({ width: w, height: h });
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const n = (x * 7 + y * 13) ^ ((x * y) >> 3);
      png.data[i] = (x / w) * 200 + (n & 7);
      png.data[i + 1] = (y / h) * 200 + ((n >> 2) & 7);
      png.data[i + 2] = 120 + ((n >> 4) & 7);
      png.data[i + 3] = 255;
    }
  return PngImage.sync.write(png);
}

/** Whether two boxes on screen share any pixel. */
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** At a phone's width the failed save's toast (at the bottom of the screen) leaves the header's controls visible at the
 * top of the page, and the Retry control visible once Retry is scrolled to the middle of the screen. At the top of the page Retry can be
 * at the screen's bottom edge, under the toast for its five seconds: the toast closes with its × button. */
async function toastClearOfHeaderAndRetry(page: Page): Promise<void> {
  await page.setViewportSize(PHONE);
  const toast = page.locator(".toast").filter({ hasText: "Network error" });
  const retry = page.getByRole("button", { name: "Retry" });
  const header = page.locator("header").first();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => new Promise(requestAnimationFrame));
  const [t, h] = await Promise.all([toast.boundingBox(), header.boundingBox()]);
  if (!t || !h) throw new Error("the toast or the header is not on the page");
  expect(overlap(t, h), `toast ${JSON.stringify(t)} over the header ${JSON.stringify(h)}`).toBe(false);
  // The room below the page follows the toast's measured height (a frame or two after it shows): asked until it holds.
  let seen = "";
  await expect
    .poll(
      async () => {
        await retry.evaluate((el) => el.scrollIntoView({ block: "center" }));
        await page.evaluate(() => new Promise(requestAnimationFrame));
        const [t2, r] = await Promise.all([toast.boundingBox(), retry.boundingBox()]);
        if (!t2 || !r) throw new Error("the toast or Retry is not on the page");
        seen = `toast ${JSON.stringify(t2)} over Retry ${JSON.stringify(r)}`;
        return overlap(t2, r);
      },
      { timeout: 3_000, message: `the toast stays over Retry: ${seen}` },
    )
    .toBe(false);
}

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
    await toastClearOfHeaderAndRetry(page);
    await atBothWidths(page, "wizard-not-saved");

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

  it("resumes an upload cut half-way from the offset the server holds, not from the start", async () => {
    const id = await draftAt(7, "VA-2026-WEAK02");
    const { page, problems, context } = await signInAs(e2e, applicant);
    await page.goto(`${e2e.url}/visa-application/${id}`);
    await page.waitForFunction(hydrated);
    // The connection goes as the third 1 MB part leaves: two are on the server.
    let parts = 0;
    await page.route("**/api/uploads/*", async (route) => {
      if (route.request().method() === "PATCH" && ++parts === 3) {
        await context.setOffline(true);
        return route.abort("internetdisconnected");
      }
      return route.continue();
    });
    const file = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 - PDF.length, 0x20)]);
    await page.getByLabel("Supporting document").setInputFiles({ name: "statement.pdf", mimeType: "application/pdf", buffer: file });
    await page.getByText(/^Connection lost at \d+%: the upload continues when you are back online\.$/).waitFor();
    await context.setOffline(false);
    // A bank statement sent by type fills the list's "Bank statements" (its one bank statement): the item's card shows
    // the file, and the "Another document" control gives way to a note pointing to it.
    await page.getByRole("listitem", { name: "Bank statements" }).getByRole("link", { name: "statement.pdf" }).waitFor({ timeout: 30_000 });

    const row = await e2e.db("application_documents").where({ application_id: id }).first();
    expect(row).toMatchObject({ document_type: "bank_statement", file_name: "statement.pdf", file_size: file.length });
    // The server's side: asked where to resume, it said 2 MB, and the bytes went on from there (one part from 0).
    const log = uploadLog();
    const asked = log.filter((l) => l.msg === "resumable upload: offset asked");
    expect(asked.map((l) => Number(l.offset))).toEqual([2 * 1024 * 1024]);
    const starts = log.filter((l) => l.msg === "resumable upload: bytes received" && l.upload === asked[0].upload).map((l) => Number(l.offset));
    expect(starts).toEqual([0, 1, 2, 3, 4].map((mb) => mb * 1024 * 1024));
    expect(problems.filter((p) => !offlineNoise(p))).toEqual([]);
    await context.close();
  }, 120_000);

  it("shrinks a large photo in the browser before it is sent: a far smaller JPEG of 2,000 px", async () => {
    const id = await draftAt(3, "VA-2026-WEAK03");
    const photo = largePhoto();
    const { page, problems, context } = await signInAs(e2e, applicant);
    await page.goto(`${e2e.url}/visa-application/${id}`);
    await page.waitForFunction(hydrated);
    await page.getByLabel("Passport photo").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: photo });
    await page.getByText("Uploaded", { exact: true }).waitFor({ timeout: 60_000 });

    const row = await e2e.db("visa_applications").where({ id }).first();
    expect(row.photo_mime).toBe("image/jpeg");
    const stored = await page.evaluate(async (url) => {
      const blob = await (await fetch(url)).blob();
      const image = await createImageBitmap(blob);
      const head = [...new Uint8Array(await blob.slice(0, 3).arrayBuffer())];
      return { size: blob.size, width: image.width, height: image.height, head };
    }, `/files/applications/${id}/photo`);
    expect(stored.head).toEqual([0xff, 0xd8, 0xff]);
    expect([stored.width, stored.height]).toEqual([2000, 1333]);
    expect(stored.size).toBeLessThan(photo.length / 5);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
