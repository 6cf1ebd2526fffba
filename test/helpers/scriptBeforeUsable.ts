// The script a page requests before it is usable, measured in Chromium: every script requested from the navigation
// until the page's `hydrated` performance mark (client/app.tsx once React has committed the hydrated page,
// client/islands.ts once a marketing page's at-once islands are live), each counted at the gzip size the server sends.
// Lazy parts the first render shows are requested during hydration, so they count; what comes after the mark does not.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { CLIENT_DIST } from "../../server/render/assets.ts";

/** A built file's size as the server sends it to a browser that accepts gzip (the build's `.gz` copy, gzip -9). */
export function gzipBytes(url: string): number {
  const file = path.join(CLIENT_DIST, new URL(url).pathname);
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
}

export interface ScriptBeforeUsable {
  /** gzip bytes of the scripts requested before the mark. */
  gz: number;
  /** Their paths, in the order they were requested. */
  files: string[];
}

/**
 * Opens `url` in a context of its own (no cache from an earlier page) `width` pixels wide (360 unless told), signed in
 * with `cookie` ("name=value; …") when given, waits for the `hydrated` mark and for the network to settle (a request made before the mark may end after
 * it), and sums the scripts whose request started before the mark. Fails when the page never becomes usable, when
 * it ends on another URL (a redirect would measure another page) or, given the registry's `page`, shows another one
 * (a load failure's "Unavailable" page).
 */
export async function measureScriptBeforeUsable(
  browser: Browser,
  url: string,
  opts: { cookie?: string; width?: number; page?: string } = {},
): Promise<ScriptBeforeUsable> {
  const { cookie, width = 360, page: pageName } = opts;
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  try {
    if (cookie) {
      const cookies = cookie.split(/;\s*/).map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
      });
      await context.addCookies(cookies);
    }
    const page = await context.newPage();
    await page.goto(url);
    if (page.url() !== url) throw new Error(`${url} ended on ${page.url()}`);
    if (pageName) {
      const shown = await page.evaluate(() => JSON.parse(document.getElementById("page-data")?.textContent ?? "{}").page);
      if (shown !== pageName) throw new Error(`${url} showed ${shown}, not ${pageName}`);
    }
    await page.waitForFunction(() => performance.getEntriesByName("hydrated").length > 0, undefined, { timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    const urls = await page.evaluate(() => {
      const usableAt = performance.getEntriesByName("hydrated")[0].startTime;
      return (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((r) => r.startTime <= usableAt && new URL(r.name).pathname.endsWith(".js"))
        .map((r) => r.name);
    });
    return { gz: urls.reduce((sum, u) => sum + gzipBytes(u), 0), files: urls.map((u) => new URL(u).pathname) };
  } finally {
    await context.close();
  }
}
