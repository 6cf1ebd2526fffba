// axe-core accessibility check: the serious and critical violations on a page, as readable lines; and a screen checked
// at a phone's and a desktop's width.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { AxeResults, RunOptions } from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 900 };

/** `exclude`: a selector axe leaves out; `allRules`: best practices too, not only WCAG 2.1 A and AA. */
export async function seriousViolations(page: Page, opts: { exclude?: string; allRules?: boolean } = {}): Promise<string[]> {
  // axe reads colours from rendered boxes: lay out the sections the page leaves for later (render-when-near), as a
  // visitor's scrolling would.
  await page.evaluate(() => document.documentElement.classList.add("render-all"));
  // A button that acts through script is disabled until the page hydrates, then turns to its own colours: measured
  // before or during that turn it is neither (a secondary button's disabled grey on slate-100 is below 4.5:1). Wait
  // for the page's hydrated mark; a page without script never sets it (5 s at most, then measured as it is).
  await page.waitForFunction(() => performance.getEntriesByName("hydrated").length > 0, undefined, { timeout: 5000 }).catch(() => undefined);
  // A colour read mid-transition is neither colour: a button turning from its disabled grey back to blue, a moment
  // after its request ended, measured below its real contrast. Finite animations end first (infinite ones, a spinner,
  // are left running; 2 s at most).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]).then(() => undefined),
  );
  // axe-core runs in the page itself, loaded once per document: @axe-core/playwright loaded its 550 KB into the page,
  // then into a new blank page where it merged the results of every frame, on every call (2-3 s a scan on a loaded
  // machine, against 0.6-0.9 s for the scan alone). The rules are the same. Frames are not entered: the pages' only
  // frames are the office map (another site's) and the PDF preview (the browser's viewer); the <iframe> elements
  // themselves (their titles) are checked in the page.
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function"))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    iframes: false,
    ...(opts.allRules ? {} : { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } }),
  };
  const result = await page.evaluate(
    ([exclude, runOptions]) =>
      (window as unknown as { axe: { run(c: unknown, o: RunOptions): Promise<AxeResults> } }).axe.run(
        exclude ? { exclude: [exclude] } : document,
        runOptions,
      ),
    [opts.exclude ?? null, options] as const,
  );
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** Axe and the page's width at 360 and 1280 px (ending at 1280); SCREENSHOT_DIR keeps a picture of each. */
export async function atBothWidths(page: Page, name: string): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    expect(await seriousViolations(page), `${name} at ${size.width} px`).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${name} at ${size.width} px`).toBeLessThanOrEqual(size.width);
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}-${size.width}.png`), fullPage: true });
  }
}
