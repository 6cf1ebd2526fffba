// axe-core accessibility check: the serious and critical violations on a page, as readable lines.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page } as never).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
