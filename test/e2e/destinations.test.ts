// Every destination in the Immigration menu opens a page about that destination, on a phone and a desktop, axe clean.
import { describe, expect, it } from "vitest";
import { navMenus } from "../../views/content/navigation.ts";
import { findServicePage } from "../../views/content/services.ts";
import { seriousViolations } from "../helpers/axe.ts";
import { openPage } from "../helpers/browser.ts";
import { e2eEnabled, setupE2E } from "../helpers/e2e.ts";

const e2e = setupE2E();

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 360, height: 740 };

const destinations = (navMenus.find((m) => m.id === "immigration")?.groups ?? []).flatMap((g) => g.links);

/** The words of a menu label ("Dubai/UAE" → Dubai, UAE; "United Kingdom" → UK) that the page heading must carry. */
const labelWords = (label: string) =>
  label
    .replace("United Kingdom", "UK")
    .split(/[^A-Za-z]+/)
    .filter(Boolean);

async function openFromMenu(label: string, size: typeof DESKTOP) {
  const watched = await openPage(e2e.browser, size);
  const { page } = watched;
  await page.goto(`${e2e.url}/`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  if (size.width < 1024) {
    // The mobile menu is a native disclosure: its button and sections are <summary> elements.
    await page.locator("summary[aria-controls=mobile-menu]").click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.locator("summary", { hasText: "Immigration" }).click();
    await menu.getByRole("link", { name: label, exact: true }).click();
  } else {
    // Inside the main navigation: the footer also lists "Germany Immigration" and the others.
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Immigration" }).click();
    await nav.getByRole("link", { name: new RegExp(`^${label.replace("/", "\\/")}`) }).click();
  }
  return watched;
}

describe.skipIf(!e2eEnabled)("destination pages from the Immigration menu", () => {
  it("has the five new destinations among its labels", () => {
    expect(destinations.map((l) => l.label)).toEqual(expect.arrayContaining(["Germany", "Portugal", "Australia", "New Zealand", "Dubai/UAE"]));
  });

  for (const size of [MOBILE, DESKTOP]) {
    it.each(destinations.map((l) => [l.label, l.href]))(
      `%s opens its own page at ${size.width} px, axe clean`,
      async (label, href) => {
        const expected = findServicePage(href.replace("/services/", ""));
        expect(expected, href).toBeDefined();
        const { page, problems, context } = await openFromMenu(label, size);
        await page.waitForURL(`${e2e.url}${href}`);
        const h1 = page.getByRole("heading", { level: 1, name: expected?.title, exact: true });
        await h1.waitFor();
        const text = (await h1.textContent()) ?? "";
        for (const word of labelWords(label)) expect(text, `${label} → ${text}`).toContain(word);
        // The page fits the screen: no sideways scrolling at 360 px.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect(await seriousViolations(page), `${href} at ${size.width} px`).toEqual([]);
        expect(problems).toEqual([]);
        await context.close();
      },
      120_000,
    );
  }
});

describe.skipIf(!e2eEnabled)("icons", () => {
  it("answers /favicon.ico, /apple-touch-icon.png and the manifest's icons as images", async () => {
    for (const [path, type] of [
      ["/favicon.ico", /image\/(x-icon|vnd\.microsoft\.icon)/],
      ["/apple-touch-icon.png", /image\/png/],
      ["/icon-192.png", /image\/png/],
      ["/icon-512.png", /image\/png/],
    ] as const) {
      const res = await fetch(`${e2e.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(type);
      expect((await res.arrayBuffer()).byteLength, path).toBeGreaterThan(100);
    }
  });
});
