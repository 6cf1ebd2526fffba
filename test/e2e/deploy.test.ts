// A deploy while a browser holds the old build: its next navigation loads the new build in full, with no error.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClient } from "../../server/cli/build.ts";
import { launchBrowser, openPage } from "../helpers/browser.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/db.ts";
import { e2eEnabled } from "../helpers/e2e.ts";
import { type RunningServer, startServerProcess } from "../helpers/server.ts";

/** Build B names its files apart from build A's, as a deploy of changed code does. */
const buildB = {
  build: { rolldownOptions: { output: { entryFileNames: "assets/b-[name]-[hash].js", chunkFileNames: "assets/b-[name]-[hash].js" } } },
};

describe.skipIf(!e2eEnabled)("a deploy during a visit", () => {
  const clientDir = mkdtempSync(path.join(tmpdir(), "vs-deploy-client-"));
  let database: TestDatabase;
  let browser: Browser;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    await buildClient(() => {}, { outDir: clientDir });
    database = await createTestDatabase();
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.drop();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("answers the first navigation after a deploy with one clean full load of the new build", { timeout: 180_000 }, async () => {
    server = await startServerProcess(database.url, { CLIENT_DIR: clientDir });
    const { url } = server;
    const { page, problems, context } = await openPage(browser);
    const failed: string[] = [];
    page.on("requestfailed", (r) => failed.push(r.url()));
    page.on("response", (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });

    await page.goto(`${url}/signin`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const versionA = await page.evaluate(() => JSON.parse(document.getElementById("page-data")?.textContent ?? "{}").version);
    // A marker only this document has: a full page load drops it, an in-app navigation keeps it.
    await page.evaluate(() => Object.assign(window, { loadedOnce: true }));
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByRole("heading", { name: "Start Your Journey" }).waitFor();
    expect(await page.evaluate(() => "loadedOnce" in window)).toBe(true);

    // The deploy: build B replaces build A's files, and a new server process starts on the same address.
    await buildClient(() => {}, { outDir: clientDir, vite: buildB });
    await server.stop();
    server = await startServerProcess(database.url, { CLIENT_DIR: clientDir, PORT: new URL(url).port });

    const loaded = page.waitForEvent("load");
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await loaded;
    await page.waitForURL(`${url}/signin`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await page.evaluate(() => "loadedOnce" in window)).toBe(false);
    await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
    const after = await page.evaluate(() => ({
      version: JSON.parse(document.getElementById("page-data")?.textContent ?? "{}").version,
      scripts: [...document.querySelectorAll("script[src]")].map((s) => s.getAttribute("src")),
    }));
    expect(after.version).not.toBe(versionA);
    expect(after.scripts.every((src) => src?.startsWith("/assets/b-"))).toBe(true);
    expect(failed).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
