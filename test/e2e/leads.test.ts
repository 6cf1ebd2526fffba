// The Leads page in the browser: staff open Leads, pick a stage's tab, open a lead, move it (closing asks for a reason),
// take it and set a follow-up for today, which puts it in "My follow-ups due today"; axe finds nothing serious.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "../helpers/axe.ts";
import { e2eEnabled, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";

const e2e = setupE2E();
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

describe.skipIf(!e2eEnabled)("Leads in the browser", () => {
  it("filters by stage, moves a lead, takes it and sets a follow-up", async () => {
    const staff = await makeStaff(e2e, { fullName: "Folake Adeyemi" });
    await e2e.db("leads").insert([
      { name: "Chidi Okafor", email: "chidi@example.com", phone: "+2348031112233", source: "contact_form" },
      { name: "Bisi Ade", email: "bisi@example.com", source: "package_book_now", stage: "contacted" },
    ]);
    const { page, problems, context } = await signInAs(e2e, staff);
    await page.goto(`${e2e.url}/admin`);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Leads" }).click();
    await page.waitForURL(`${e2e.url}/admin/leads`);
    await page.getByRole("heading", { name: "Leads" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: /^Contacted/ }).click();
    await page.waitForURL(`${e2e.url}/admin/leads?tab=contacted`);
    await page.getByText("1 lead", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Chidi Okafor" }).count()).toBe(0);
    await page.getByRole("link", { name: /^New/ }).click();
    await page.getByRole("link", { name: "Chidi Okafor" }).click();
    await page.getByRole("heading", { name: "Chidi Okafor" }).waitFor();
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Stage").selectOption("consultation_held");
    await page.getByRole("button", { name: "Move" }).click();
    await page.getByText("Lead moved", { exact: true }).waitFor();
    await page.getByRole("list", { name: "History" }).getByText("Moved to Consultation held").waitFor();

    await page.getByRole("button", { name: "Take it" }).click();
    await page.getByText("You own this lead", { exact: true }).waitFor();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());
    await page.getByLabel("Follow up on").fill(today);
    await page.getByRole("button", { name: "Save date" }).click();
    await page.getByText("Follow-up date saved", { exact: true }).waitFor();
    await page.getByRole("list", { name: "History" }).getByText(`Follow up on ${today}`).waitFor();

    await page.goto(`${e2e.url}/admin/leads?tab=due`);
    await page.getByRole("link", { name: "Chidi Okafor" }).waitFor();
    expect(await page.getByRole("row").filter({ hasText: "Chidi Okafor" }).getByText("Folake Adeyemi").count()).toBe(1);
    expect(await e2e.db("leads").where({ email: "chidi@example.com" }).first()).toMatchObject({ stage: "consultation_held", follow_up_on: today });

    // Closing asks for a reason (the form will not send without one); with it, the stage and reason show.
    await page.getByRole("link", { name: "Chidi Okafor" }).click();
    await page.getByRole("heading", { name: "Chidi Okafor" }).waitFor();
    await hydrated(page);
    await page.getByLabel("Stage").selectOption("closed");
    await page.getByRole("button", { name: "Move" }).click();
    expect(await page.getByLabel(/^Reason/).evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
    await page.getByLabel(/^Reason/).fill("Travelling next year instead");
    await page.getByRole("button", { name: "Move" }).click();
    await page.locator("dd", { hasText: "Closed: Travelling next year instead" }).waitFor();
    await page.getByRole("list", { name: "History" }).getByText("Moved to Closed: Travelling next year instead").waitFor();
    expect(await e2e.db("leads").where({ email: "chidi@example.com" }).first()).toMatchObject({
      stage: "closed",
      closed_reason: "Travelling next year instead",
    });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
