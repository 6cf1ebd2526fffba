// axe-core accessibility check: the serious and critical violations on a page, as readable lines; and a screen checked
// at a phone's and a desktop's width.
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

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
  const builder = new AxeBuilder({ page } as never);
  if (!opts.allRules) builder.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (opts.exclude) builder.exclude(opts.exclude);
  const result = await builder.analyze();
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
