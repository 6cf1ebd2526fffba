// Shared set-up for a browser test file: a fresh build, its own database, the real server and Chromium.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { buildIfStale } from "../../server/cli/build.ts";
import { browserTestsEnabled, launchBrowser } from "./browser.ts";
import { createTestDatabase, type TestDatabase } from "./db.ts";
import { type RunningServer, startServerProcess } from "./server.ts";

export interface E2E {
  url: string;
  browser: Browser;
  db: TestDatabase["db"];
}

export const e2eEnabled = browserTestsEnabled();

/** Call at the top of a browser test file; the returned object is filled before the tests run. */
export function setupE2E(env: Record<string, string> = {}): E2E {
  const state = {} as E2E;
  let database: TestDatabase | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    if (!e2eEnabled) return;
    await buildIfStale(() => {});
    database = await createTestDatabase();
    server = await startServerProcess(database.url, env);
    state.url = server.url;
    state.db = database.db;
    state.browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await state.browser?.close();
    await server?.stop();
    await database?.drop();
  });
  return state;
}
