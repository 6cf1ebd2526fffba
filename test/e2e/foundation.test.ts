// Hydration and client-side navigation in a real Chromium.
import { describe, expect, it } from "vitest";
import { seriousViolations } from "../helpers/axe.ts";
import { openPage } from "../helpers/browser.ts";
import { e2eEnabled, setupE2E } from "../helpers/e2e.ts";

const e2e = setupE2E();

describe.skipIf(!e2eEnabled)("rendering in the browser", () => {
  it("hydrates without warnings: the contact form works after load", async () => {
    const { page, problems, context } = await openPage(e2e.browser);
    await page.goto(`${e2e.url}/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByLabel("Name").first().fill("Chiamaka Obi");
    await page.getByLabel("Email").first().fill("chiamaka@example.ng");
    await page.getByLabel("Phone").first().fill("0803 555 0100");
    await page.getByLabel("Message").first().fill("I would like advice on a UK student visa.");
    await page.getByRole("button", { name: "Send Message" }).first().click();
    await page.getByText("Message Sent!", { exact: true }).waitFor();
    expect(await page.getByLabel("Name").first().inputValue()).toBe("");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("navigates client-side between application pages: fetches the page object as JSON and swaps the view", async () => {
    const { page, problems, context } = await openPage(e2e.browser);
    await page.goto(`${e2e.url}/signin`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });
    const jsonRequest = page.waitForRequest(
      (r) => new URL(r.url()).pathname === "/signup" && (r.headers().accept ?? "").includes("application/json"),
    );
    await page.getByRole("link", { name: "Create an account" }).click();
    await jsonRequest;
    await page.getByRole("heading", { name: "Start Your Journey" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(new URL(page.url()).pathname).toBe("/signup");
    await page.goBack();
    await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("leaves the application for a marketing page with an ordinary page load", async () => {
    const { page, problems, context } = await openPage(e2e.browser);
    await page.goto(`${e2e.url}/no-such-page`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await page.getByText("Oops! Page not found").count()).toBe(1);
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.getByRole("heading", { name: "Turn Your Dreams of International Travel Into Reality" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    expect(await page.title()).toContain("Lagos");
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
    await context.close();
  });
});

describe.skipIf(!e2eEnabled)("the accessibility check itself", () => {
  it("reports a serious violation put into a page, in WCAG mode and with all rules, and leaves out what it is told to", async () => {
    const { page, context } = await openPage(e2e.browser);
    await page.goto(`${e2e.url}/faq`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => {
      const box = document.createElement("div");
      box.id = "planted";
      box.innerHTML = '<p style="color:#bbb;background:#fff">Pale words</p><img id="planted-image" src="/favicon.ico">';
      document.querySelector("main")?.append(box);
    });
    for (const allRules of [false, true]) {
      const found = await seriousViolations(page, { allRules });
      expect(found.some((v) => v.startsWith("color-contrast:") && v.includes("#planted"))).toBe(true);
      expect(found.some((v) => v.startsWith("image-alt:") && v.includes("#planted-image"))).toBe(true);
    }
    expect(await seriousViolations(page, { exclude: "#planted" })).toEqual([]);
    expect(await seriousViolations(page, { exclude: "#planted", allRules: true })).toEqual([]);
    // A full page load replaces the document and the checker with it: the next check loads it again.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await seriousViolations(page, { allRules: true })).toEqual([]);
    await context.close();
  });
});
