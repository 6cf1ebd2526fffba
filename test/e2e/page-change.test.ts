// Following a link inside the portal: while the next page is fetched the old one stays on screen, so the change is
// shown (the progress bar), said (a status line) and the old page is inert and aria-busy, so nothing typed into it is
// lost with it; once the next page arrives it is usable again.
import type { Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { e2eEnabled, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser } from "../helpers/factories.ts";

const e2e = setupE2E();

describe.skipIf(!e2eEnabled)("a page changing", () => {
  it("on a slow network shows a progress bar, says 'Loading page…' and keeps the old form inert until the next page arrives", async () => {
    const { page, context } = await signInAs(e2e, await makeUser(e2e.db, { fullName: "Bisi Adebayo" }));
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${e2e.url}/checklist/new`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const field = page.getByLabel("Personal Information");
    await field.fill("Bisi");

    // The dashboard's page object takes two seconds to come.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === "/dashboard",
      async (route: Route) => {
        await held;
        await route.continue();
      },
    );
    await page.getByRole("link", { name: /Back to Dashboard/ }).click();

    await page.getByRole("progressbar", { name: "Loading page" }).waitFor();
    await page.getByRole("status").filter({ hasText: "Loading page…" }).waitFor();
    expect(await field.evaluate((el) => Boolean(el.closest("[inert]")))).toBe(true);
    expect(await page.locator("main").evaluate((el) => el.closest("[aria-busy=true]") !== null)).toBe(true);
    // Typing meanwhile reaches nothing: the old field keeps what it had.
    await page.keyboard.type(" Adebayo");
    expect(await field.inputValue()).toBe("Bisi");

    release();
    await page.getByRole("heading", { name: "Your Visa Applications" }).waitFor();
    await expect.poll(() => page.getByRole("progressbar", { name: "Loading page" }).count()).toBe(0);
    expect(await page.locator("[inert], [aria-busy=true]").count()).toBe(0);
    expect(await page.getByRole("status").filter({ hasText: "Loading page…" }).count()).toBe(0);
    await context.close();
  }, 120_000);
});
