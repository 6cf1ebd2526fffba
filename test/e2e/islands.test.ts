// Marketing pages as static HTML with islands: the menus work before any script runs, the copy is sent once, and
// the signed-in application hands a marketing page to the browser as an ordinary page load.
import { describe, expect, it } from "vitest";
import { openPage } from "../helpers/browser.ts";
import { e2eEnabled, setupE2E } from "../helpers/e2e.ts";

const e2e = setupE2E();

describe.skipIf(!e2eEnabled)("marketing pages before their scripts run", () => {
  it("open the mobile menu on the first tap at 360 px, and its links work, while every script is held", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const held: string[] = [];
    // The page's scripts never arrive: what works now works before hydration.
    await page.route(/\/assets\/.*\.js$/, (route) => {
      held.push(new URL(route.request().url()).pathname);
    });
    await page.goto(`${e2e.url}/`, { waitUntil: "commit" });
    const button = page.locator("summary[aria-controls=mobile-menu]");
    await button.waitFor();
    await button.tap();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.waitFor();
    await menu.locator("summary", { hasText: "Immigration" }).tap();
    const germany = menu.getByRole("link", { name: "Germany" });
    expect(await germany.isVisible()).toBe(true);
    expect(held.some((p) => p.startsWith("/assets/islands-"))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    const href = await germany.getAttribute("href");
    expect(href).toMatch(/^\/services\//);
    await germany.tap();
    await page.waitForURL(`${e2e.url}${href}`, { waitUntil: "commit" });
    await page.getByRole("heading", { level: 1 }).waitFor();
    await context.close();
  });
});

describe.skipIf(!e2eEnabled)("islands", () => {
  it("embed only their own props: the page's copy is in the HTML once, with no page object", async () => {
    const html = await (await fetch(`${e2e.url}/`)).text();
    expect(html).not.toContain('id="page-data"');
    const islands = [...html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]);
    expect(islands).toEqual(["desktop-nav", "contact-form"]);
    // A sentence of the home page's static copy appears once in the document.
    const sentence = "Not Sure Where to Start?";
    const ourServices = await (await fetch(`${e2e.url}/our-services`)).text();
    expect(ourServices.split(sentence)).toHaveLength(2);
  });

  it("fetch the islands entry only after the page has painted, through the one inline script the policy allows", async () => {
    const { page, problems, context } = await openPage(e2e.browser, { width: 1280, height: 800 });
    const blocked: string[] = [];
    page.on("console", (msg) => {
      if (/Content Security Policy/i.test(msg.text())) blocked.push(msg.text());
    });
    await page.goto(`${e2e.url}/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      entry: performance.getEntriesByType("resource").find((r) => r.name.includes("/assets/islands-"))?.startTime,
      moduleTags: document.querySelectorAll("script[type=module]").length,
    }));
    expect(timing.paint).toBeGreaterThan(0);
    expect(timing.entry).toBeGreaterThanOrEqual(timing.paint as number);
    // The loader added the entry once.
    expect(timing.moduleTags).toBe(1);
    expect(blocked).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("hydrate without a warning, each on its own root", async () => {
    const { page, problems, context } = await openPage(e2e.browser, { width: 1280, height: 800 });
    await page.goto(`${e2e.url}/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    // The home page's form, far below the fold, hydrates as it comes near the viewport.
    expect(await page.locator('[data-island="contact-form"]').getAttribute("data-hydration")).toBeNull();
    await page.getByLabel("Full Name").scrollIntoViewIfNeeded();
    await page.locator('[data-island="contact-form"][data-hydration="done"]').waitFor({ state: "attached" });
    expect(await page.locator('[data-island="desktop-nav"]').getAttribute("data-hydration")).toBe("done");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a link from a signed-in area's page to a marketing page is an ordinary page load", async () => {
    const { page, problems, context } = await openPage(e2e.browser);
    await page.goto(`${e2e.url}/signin`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole("link", { name: "Back to website" }).click();
    await page.waitForURL(`${e2e.url}/`);
    await page.locator("script[src*='/assets/islands-']").waitFor({ state: "attached" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});
