// The marketing site in a real Chromium: menus, scrolling to the contact section, the contact form, Book Now. Its axe
// checks are in public-site-axe.test.ts (a file of their own, so the two can run at once).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, type WatchedPage } from "../helpers/browser.ts";
import { e2eEnabled, setupE2E } from "../helpers/e2e.ts";

const e2e = setupE2E();

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 360, height: 740 };

async function visit(path: string, size = DESKTOP, opts: { clock?: boolean } = {}): Promise<WatchedPage> {
  const watched = await openPage(e2e.browser, size);
  if (opts.clock) await watched.page.clock.install();
  await watched.page.goto(`${e2e.url}${path}`);
  await watched.page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  return watched;
}

/** Waits for the h1 of the page a link led to. */
const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true }).waitFor();

/** The mobile menu's button: a native <summary>, so it works before any script has run. */
const menuButton = (page: Page) => page.locator("summary[aria-controls=mobile-menu]");
const menuOpen = (page: Page) => page.locator("details[data-menu]").evaluate((d: HTMLDetailsElement) => d.open);

/** The contact form island, scrolled into view and hydrated. */
async function contactFormReady(page: Page): Promise<void> {
  await page.getByLabel("Full Name").scrollIntoViewIfNeeded();
  await page.locator('[data-island="contact-form"][data-hydration="done"]').waitFor({ state: "attached" });
}

async function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const box = document.querySelector(sel)?.getBoundingClientRect();
    return Boolean(box && box.top < window.innerHeight && box.bottom > 0 && Math.abs(box.top) < window.innerHeight / 2);
  }, selector);
}

/**
 * Waits for a smooth scroll to bring the section into view. expect.poll gives up after 1 s by default, less than a
 * loaded machine needs for a client navigation (page object, page code) plus the scroll itself.
 */
const scrolledTo = (page: Page, selector: string) => expect.poll(() => inViewport(page, selector), { timeout: 15_000 }).toBe(true);

describe.skipIf(!e2eEnabled)("desktop navigation", () => {
  it("opens a dropdown on hover and its link loads the page", async () => {
    const { page, problems, context } = await visit("/about");
    const trigger = page.getByRole("button", { name: "Immigration" });
    expect(await trigger.getAttribute("aria-expanded")).toBe("false");
    await trigger.hover();
    // In the main navigation: the footer lists "Germany Immigration" too.
    const germany = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Germany/ });
    await germany.waitFor();
    expect(await trigger.getAttribute("aria-expanded")).toBe("true");
    await germany.click();
    await page.waitForURL(`${e2e.url}/services/germany-immigration`);
    await heading(page, "Germany Immigration");
    await expect.poll(() => germany.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("opens each dropdown on click at its specified width, and closes once the pointer leaves", async () => {
    const { page, problems, context } = await visit("/");
    const WIDTHS: [string, number, string][] = [
      ["About Us", 400, "Success Stories"],
      ["Immigration", 600, "Dubai/UAE"],
      ["Visa Services", 700, "Work Visa Assistance"],
      ["Study Abroad", 500, "Study in Australia"],
    ];
    for (const [label, width, sample] of WIDTHS) {
      await page.getByRole("button", { name: label }).click();
      await page.getByRole("link", { name: new RegExp(`^${sample}`) }).waitFor();
      const box = await page.locator(".nav-viewport > *").first().boundingBox();
      expect(box?.width, label).toBe(width);
      await page.mouse.move(640, 780);
      await expect.poll(() => page.locator(".nav-viewport").count(), { timeout: 2000 }).toBe(0);
    }
    await page.getByRole("button", { name: "Study Abroad" }).click();
    await page.getByRole("link", { name: "Study in Australia" }).click();
    await page.waitForURL(`${e2e.url}/services/study-australia`);
    await heading(page, "Study in Australia");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps a menu that hover just opened open when its trigger is clicked", async () => {
    // The 500 ms window is timed by the page's own clock, paused once the page is hydrated: only the test moves it on, so
    // a busy machine between the menu opening and the click cannot use up the window (the clock flowed with real time
    // before, and a loaded run closed the menu).
    const { page, problems, context } = await visit("/", DESKTOP, { clock: true });
    await page.clock.pauseAt(Date.now() + 60_000);
    const trigger = page.getByRole("button", { name: "About Us" });
    // Clicked in the page the moment hover opens it, by an observer set up before the hover's 200 ms have run.
    await page.evaluate(() => {
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "About Us");
      if (!button) throw new Error("no About Us trigger");
      const observer = new MutationObserver(() => {
        if (button.getAttribute("aria-expanded") !== "true") return;
        observer.disconnect();
        button.click();
        button.dataset.clickedOnOpen = "true";
      });
      observer.observe(button, { attributes: true, attributeFilter: ["aria-expanded"] });
    });
    await trigger.hover();
    await page.clock.runFor(250);
    await expect.poll(() => trigger.getAttribute("data-clicked-on-open")).toBe("true");
    await page.clock.runFor(100);
    expect(await trigger.getAttribute("aria-expanded")).toBe("true");
    await page.clock.runFor(600);
    await trigger.click();
    await expect.poll(() => trigger.getAttribute("aria-expanded")).toBe("false");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("works from the keyboard: Enter opens, Tab reaches the links, Escape closes and returns focus", async () => {
    const { page, problems, context } = await visit("/faq");
    const trigger = page.getByRole("button", { name: "Visa Services" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("link", { name: /^Tourist Visa Services/ }).waitFor();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Tourist Visa Services/);
    await page.keyboard.press("Escape");
    await expect.poll(() => trigger.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Visa Services");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("links Sign In to /auth and Contact Us to /contact", async () => {
    const { page, context } = await visit("/");
    const banner = page.getByRole("banner");
    expect(await banner.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth");
    expect(await banner.getByRole("link", { name: "Contact Us" }).getAttribute("href")).toBe("/contact");
    expect(await menuButton(page).isVisible()).toBe(false);
    await context.close();
  });
});

describe.skipIf(!e2eEnabled)("desktop menus' code", () => {
  it("is never fetched on a phone, nor React, and arrives when the window grows", async () => {
    const watched = await openPage(e2e.browser, MOBILE);
    const { page, problems, context } = watched;
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${e2e.url}/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await menuButton(page).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Travel Packages" }).click();
    await heading(page, "Featured Travel Packages");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    // The islands entry alone: no application, no React (no island has hydrated), no desktop menus.
    expect(scripts.some((s) => s.includes("/assets/islands-"))).toBe(true);
    expect(scripts.filter((s) => /\/assets\/(app|main|island-root|DesktopNav)-/.test(s))).toEqual([]);

    await page.setViewportSize(DESKTOP);
    await page.locator('[data-island="desktop-nav"][data-hydration="done"]').waitFor({ state: "attached" });
    const trigger = page.getByRole("button", { name: "Immigration" });
    await trigger.click();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /^Canada/ })
      .waitFor();
    expect(scripts.filter((s) => s.includes("DesktopNav"))).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("missing (a lost connection), leaves a desktop page working without its menus", async () => {
    const { page, problems, context } = await openPage(e2e.browser, DESKTOP);
    await page.route(/\/assets\/DesktopNav-/, (route) => route.abort());
    await page.goto(`${e2e.url}/faq`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByRole("banner").getByRole("link", { name: "Contact Us" }).click();
    await heading(page, "We're Here to Help");
    expect(problems.filter((p) => p.startsWith("pageerror"))).toEqual([]);
    await context.close();
  });
});

describe.skipIf(!e2eEnabled)("mobile menu (360 px)", () => {
  it("is an accordion with one section open at a time; choosing a link closes it", async () => {
    const { page, problems, context } = await visit("/", MOBILE);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    const toggle = menuButton(page);
    expect(await menuOpen(page)).toBe(false);
    expect(await toggle.innerText()).toBe("Open menu");
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.waitFor();
    expect(await menuOpen(page)).toBe(true);
    expect(await toggle.innerText()).toBe("Close menu");

    const section = (name: string) => menu.locator("summary", { hasText: name });
    const expanded = () =>
      menu
        .locator("details[name]")
        .evaluateAll((all: HTMLDetailsElement[]) => all.filter((d) => d.open).map((d) => d.querySelector("summary")?.textContent));
    expect(await expanded()).toEqual([]);
    await section("Immigration").click();
    expect(await expanded()).toEqual(["Immigration"]);
    expect(await menu.getByRole("link", { name: "Germany" }).isVisible()).toBe(true);
    await section("Visa Services").click();
    expect(await expanded()).toEqual(["Visa Services"]);
    expect(await menu.getByRole("link", { name: "Germany" }).isVisible()).toBe(false);
    await section("Visa Services").click();
    expect(await expanded()).toEqual([]);

    await section("Study Abroad").click();
    await menu.getByRole("link", { name: "Study in UK" }).click();
    await page.waitForURL(`${e2e.url}/services/study-uk`);
    await heading(page, "Study in the UK");
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await menuOpen(page)).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("has Sign In and Contact Us, and closes on Escape with focus back on the button", async () => {
    const { page, problems, context } = await visit("/about", MOBILE);
    await menuButton(page).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    expect(await menu.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth");
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe("mobile-menu");
    await menuButton(page).click();
    await menu.getByRole("link", { name: "Contact Us" }).click();
    await page.waitForURL(`${e2e.url}/contact`);
    await heading(page, "We're Here to Help");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe.skipIf(!e2eEnabled)("scrolling to sections", () => {
  // One test per width: two page visits in one test came within seconds of its time limit on a loaded machine.
  it.each([
    ["desktop", DESKTOP],
    ["mobile", MOBILE],
  ])("'Worldwide Offices' scrolls the home contact section into view (%s)", async (_label, size) => {
    const { page, problems, context } = await visit("/", size);
    expect(await inViewport(page, "#contact")).toBe(false);
    await page.getByRole("link", { name: "Worldwide Offices" }).click();
    await scrolledTo(page, "#contact");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("'Our Services' and 'Start Your Journey' scroll to their sections", async () => {
    const { page, context } = await visit("/");
    await page.getByRole("main").getByRole("link", { name: "Our Services" }).click();
    await scrolledTo(page, "#services");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("link", { name: "Start Your Journey" }).click();
    await scrolledTo(page, "#contact");
    await context.close();
  });

  it("'Worldwide Offices' on a page without a contact section goes to the home page's", async () => {
    const { page, problems, context } = await visit("/success-stories");
    await page.getByRole("link", { name: "Worldwide Offices" }).click();
    // The address changes at the click, the page only once its page object and code have arrived.
    await page.waitForURL(`${e2e.url}/#contact`);
    await page.locator("#contact").waitFor();
    await scrolledTo(page, "#contact");
    expect(problems).toEqual([]);
    await context.close();
  });
});

/**
 * Every request the page sent so far is in `requests`: the page sends one more and it comes back, and the browser
 * reports requests in the order they were sent. A second send of the form would show up before it.
 */
async function requestsSettled(page: Page, requests: string[]): Promise<void> {
  const marker = `${e2e.url}/api/csrf?settled=${requests.length}`;
  await page.evaluate((url) => fetch(url).then((r) => r.status), marker);
  await expect.poll(() => requests.some((r) => r.endsWith(marker)), { message: "the marker request was never seen" }).toBe(true);
}

describe.skipIf(!e2eEnabled)("contact form", () => {
  const fields = (page: Page) => ({
    name: page.getByLabel("Full Name"),
    email: page.getByLabel("Email Address"),
    phone: page.getByLabel("Phone Number"),
    message: page.getByLabel("Message", { exact: true }),
  });

  it.each(["/", "/contact"])("on %s: posts the enquiry once, confirms with a toast and clears the fields", async (where) => {
    const { page, problems, context } = await visit(where);
    await contactFormReady(page);
    const f = fields(page);
    await f.name.fill("Chiamaka Obi");
    await f.email.fill("chiamaka@example.ng");
    await f.phone.fill("0803 555 0100");
    await f.message.fill("I want to study nursing in the UK.");
    const requests: string[] = [];
    // The office map is a frame of its own; only the page itself sends the form. The toast's own script (fetched on
    // the first toast) and the CSRF cookie's request are not messages.
    page.on("request", (r) => {
      const isScript = r.method() === "GET" && new URL(r.url()).pathname.startsWith("/assets/");
      if (r.frame() === page.mainFrame() && !isScript) requests.push(`${r.method()} ${r.url()}`);
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Message Sent!", { exact: true }).waitFor();
    expect(await page.getByText("We'll get back to you within 24 hours.", { exact: true }).count()).toBe(1);
    for (const field of Object.values(f)) expect(await field.inputValue()).toBe("");
    await requestsSettled(page, requests);
    expect(requests.filter((r) => r.startsWith("POST"))).toEqual([`POST ${e2e.url}/contact`]);
    expect(new URL(page.url()).pathname).toBe(where);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("is blocked by the browser when empty or when the e-mail is malformed", async () => {
    const { page, problems, context } = await visit("/contact");
    await contactFormReady(page);
    const f = fields(page);
    const send = page.getByRole("button", { name: "Send Message" });
    const requests: string[] = [];
    page.on("request", (r) => requests.push(`${r.method()} ${r.url()}`));
    await send.click();
    expect(await f.name.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await f.name.fill("Chiamaka Obi");
    await f.email.fill("not-an-email");
    await f.phone.fill("0803 555 0100");
    await f.message.fill("Hello");
    await send.click();
    expect(await f.email.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    await requestsSettled(page, requests);
    expect(requests.filter((r) => r.startsWith("POST"))).toEqual([]);
    expect(await page.getByText("Message Sent!", { exact: true }).count()).toBe(0);
    expect(await f.name.inputValue()).toBe("Chiamaka Obi");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe.skipIf(!e2eEnabled)("travel packages", () => {
  it("'Book Now' opens the contact form naming the package", async () => {
    const { page, problems, context } = await visit("/travel-packages", MOBILE);
    await page.getByRole("link", { name: /^Book Now.*Dubai Luxury Escape/ }).click();
    await page.waitForURL(/\/contact\?package=Dubai%20Luxury%20Escape/);
    const message = page.getByLabel("Message", { exact: true });
    await expect.poll(() => message.inputValue()).toBe("I would like to book the Dubai Luxury Escape package.");
    await scrolledTo(page, "#contact");
    expect(problems).toEqual([]);
    await context.close();
  });
});
