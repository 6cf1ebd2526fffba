// axe-core accessibility check: the serious and critical violations on a page, as readable lines.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** `exclude`: a selector axe leaves out; `allRules`: best practices too, not only WCAG 2.1 A and AA. */
export async function seriousViolations(page: Page, opts: { exclude?: string; allRules?: boolean } = {}): Promise<string[]> {
  // axe reads colours from rendered boxes: lay out the sections the page leaves for later (render-when-near), as a
  // visitor's scrolling would.
  await page.evaluate(() => document.documentElement.classList.add("render-all"));
  const builder = new AxeBuilder({ page } as never);
  if (!opts.allRules) builder.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (opts.exclude) builder.exclude(opts.exclude);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
