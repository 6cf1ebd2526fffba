// SPEC §6: a non-admin loading an admin screen lands on the dashboard with the specification's toast.
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../server/auth/passwords.ts";
import { openPage } from "../helpers/browser.ts";
import { e2eEnabled, setupE2E } from "../helpers/e2e.ts";

const e2e = setupE2E();
const PASSWORD = "applicant-pass-2026";
const EMAIL = "kemi@example.com";

beforeAll(async () => {
  if (!e2eEnabled) return;
  await e2e.db("users").insert({ email: EMAIL, full_name: "Kemi Salami", password_hash: await hashPassword(PASSWORD) });
});

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

describe.skipIf(!e2eEnabled)("admin screens for a non-admin", () => {
  it("show 'Access Denied' on /admin and 'Admin privileges required' on the others", async () => {
    const { page, context } = await openPage(e2e.browser);
    await page.goto(`${e2e.url}/signin`);
    await hydrated(page);
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "Your Visa Applications" }).waitFor();

    const cases = [
      { path: "/admin/analytics", title: "Admin privileges required" },
      { path: "/admin", title: "Access Denied", description: "You don't have admin privileges" },
      { path: `/admin/application/${randomUUID()}`, title: "Admin privileges required" },
    ];
    for (const c of cases) {
      await page.goto(`${e2e.url}${c.path}`);
      await page.waitForURL(`${e2e.url}/dashboard`);
      const toast = page.getByText(c.title, { exact: true });
      await toast.waitFor();
      if (c.description) await page.getByText(c.description, { exact: true }).waitFor();
      expect(await page.getByRole("heading", { name: "Your Visa Applications" }).count()).toBe(1);
      // Let the toast go before the next case, so each one is seen afresh.
      await page.keyboard.press("Escape");
      await toast.waitFor({ state: "detached", timeout: 10_000 }).catch(() => undefined);
    }
    await context.close();
  }, 180_000);
});
