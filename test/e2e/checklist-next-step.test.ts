// A checklist is not a dead end: after "Save & Complete" the dashboard shows it apart from the applications, with
// "Start the application", which opens the wizard on a draft carrying its answers (the phone also on My account).
import { describe, expect, it } from "vitest";
import { atBothWidths } from "../helpers/axe.ts";
import { e2eEnabled, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser } from "../helpers/factories.ts";

const e2e = setupE2E();

describe.skipIf(!e2eEnabled)("a completed checklist", () => {
  it("leads to the application, with its answers where the wizard and My account ask for them", async () => {
    const user = await makeUser(e2e.db, { fullName: "Kelechi Uba" });
    const { page, context } = await signInAs(e2e, user);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole("link", { name: "Start a checklist" }).click();
    await page.getByRole("heading", { name: "New Checklist" }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const answers: [string, string][] = [
      ["Personal Information", "Kelechi Uba"],
      ["Contact Email", "kelechi.uba@example.com"],
      ["Phone Number", "0809 555 1212"],
      ["Travel Destination", "United Kingdom"],
      ["Additional Notes", "Travelling in June."],
    ];
    for (const [label, value] of answers) {
      await page.getByLabel(label).fill(value);
      await page.getByRole("button", { name: label === "Additional Notes" ? "Save & Complete" : "Next" }).click();
    }
    await page.waitForURL(`${e2e.url}/dashboard`);
    const checklists = page.getByRole("region", { name: "Checklists" });
    const item = checklists.getByRole("listitem").filter({ hasText: "Checklist: New Application" });
    await item.getByText("Completed · next: your application").waitFor();
    // Its own place, before the empty list of applications, not under "No applications yet".
    const above = await page.evaluate(() => {
      const region = document.getElementById("checklists-heading");
      const empty = [...document.querySelectorAll("h2")].find((h) => h.textContent === "No applications yet");
      return Boolean(region && empty && region.compareDocumentPosition(empty) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(above).toBe(true);
    await atBothWidths(page, "dashboard-checklist-ready");

    await item.getByRole("button", { name: "Start the application" }).click();
    await page.waitForURL(/\/visa-application\/[0-9a-f-]{36}$/, { waitUntil: "commit" });
    const applicationId = page.url().split("/").pop();
    const draft = await e2e.db("visa_applications").where({ id: applicationId }).first();
    expect(draft).toMatchObject({
      user_id: user.id,
      status: "draft",
      full_name: "Kelechi Uba",
      email: "kelechi.uba@example.com",
      phone: "+2348095551212",
      destination_country: "United Kingdom",
    });

    await page.goto(`${e2e.url}/account`);
    await expect.poll(() => page.getByLabel("Phone", { exact: false }).first().inputValue()).toMatch(/809\s?555\s?1212/);

    await page.goto(`${e2e.url}/dashboard`);
    const started = page.getByRole("region", { name: "Checklists" }).getByRole("listitem").filter({ hasText: "Checklist: New Application" });
    await started.getByText("Completed · application started").waitFor();
    await started.getByRole("link", { name: "Open the application" }).click();
    await page.waitForURL(`${e2e.url}/application/${applicationId}`);
    await context.close();
  }, 180_000);
});
