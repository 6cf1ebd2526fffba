// SPEC §6: a non-admin loading an admin screen lands on the dashboard with the specification's toast.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { e2eEnabled, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser } from "../helpers/factories.ts";

const e2e = setupE2E();

describe.skipIf(!e2eEnabled)("admin screens for a non-admin", () => {
  it("show 'Access Denied' on /admin and 'Admin privileges required' on the others", async () => {
    const { page, problems, context } = await signInAs(e2e, await makeUser(e2e.db, { fullName: "Kemi Salami" }));
    // Nothing on the dashboard leads an applicant to the admin panel.
    expect(await page.getByRole("link", { name: "Admin Panel" }).count()).toBe(0);

    const cases = [
      { path: "/admin/analytics", title: "Admin privileges required" },
      { path: "/admin", title: "Access Denied", description: "You don't have admin privileges" },
      { path: `/admin/application/${randomUUID()}`, title: "Admin privileges required" },
    ];
    // Each case is a full page load, so no toast of the case before can be mistaken for this one's.
    for (const c of cases) {
      await page.goto(`${e2e.url}${c.path}`);
      await page.waitForURL(`${e2e.url}/dashboard`);
      const toast = page.locator("[data-variant=destructive]").filter({ has: page.getByText(c.title, { exact: true }) });
      await toast.waitFor();
      if (c.description) await toast.getByText(c.description, { exact: true }).waitFor();
      expect(await page.getByRole("heading", { name: "Your Visa Applications" }).count()).toBe(1);
      expect(await page.getByRole("link", { name: "Admin Panel" }).count()).toBe(0);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
