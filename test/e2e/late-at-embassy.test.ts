// The usual decision times and the cases late at the embassy, in the browser at 1280 px and 360 px: a manager reaches
// the settings from Settings, sets the United Kingdom's usual time with the keyboard (a refused figure says why and
// keeps what was typed), then finds a late case from the Agenda, its wait against the usual time, and its case page's
// flag; the embassy decisions on Analytics. Axe-clean and no sideways scroll at either width.
import { beforeAll, describe, expect, it } from "vitest";
import { atBothWidths, DESKTOP } from "../helpers/axe.ts";
import { e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";

const e2e = setupE2E();
let manager: TestUser;

/** A day in Lagos (YYYY-MM-DD), `days` from today. */
function lagosDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Africa/Lagos" });
}

beforeAll(async () => {
  if (!e2eEnabled) return;
  manager = await makeStaff(e2e, { fullName: "Folake Adeyemi" });
});

describe.skipIf(!e2eEnabled)("cases late at the embassy", () => {
  it("a manager sets a destination's usual time, then finds the late case from the Agenda and on its page", async () => {
    const applicant = await makeUser(e2e.db, { fullName: "Chidi Okafor" });
    const id = await insertApplication(e2e, applicant.id, { reference: "VA-2026-LATEMB", status: "approved" });
    await e2e.db("visa_applications").where({ id }).update({ assignee_id: manager.id, full_name: "Chidi Okafor" });
    await e2e.db("case_stages").insert({
      application_id: id,
      stage: "lodged",
      state: "done",
      on_date: lagosDay(-30),
      destination: "United Kingdom",
      details: JSON.stringify({ portal: "ukvi", reference: "GWF012345678" }),
    });
    const { page, context } = await signInAs(e2e, manager);
    await page.setViewportSize(DESKTOP);
    await page.goto(`${e2e.url}/admin/settings/payments`);
    await page.getByRole("link", { name: "Usual decision times" }).click();
    await page.getByRole("heading", { name: "Usual decision times", level: 1 }).waitFor();

    const uk = page.getByRole("form", { name: "United Kingdom" });
    // 400 days is refused with its reason, and what was typed stays.
    await uk.getByLabel("Usual days").fill("400");
    await uk.getByLabel("Checked on").fill(lagosDay(-2));
    await uk.getByLabel("Source").fill("UKVI published service standard");
    await uk.getByLabel("Source").press("Enter");
    await page.getByRole("form", { name: "United Kingdom" }).getByRole("alert").waitFor();
    expect(await page.getByRole("form", { name: "United Kingdom" }).getByRole("alert").textContent()).toMatch(/whole number from 1 to 365/);
    expect(await page.getByRole("form", { name: "United Kingdom" }).getByLabel("Source").inputValue()).toBe("UKVI published service standard");
    await atBothWidths(page, "decision-times-refused");

    await page.setViewportSize(DESKTOP);
    const again = page.getByRole("form", { name: "United Kingdom" });
    await again.getByLabel("Usual days").fill("15");
    await again.getByRole("button", { name: "Save" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("Usual decision time saved").first().waitFor();
    expect(await page.getByRole("form", { name: "United Kingdom" }).getByLabel("Usual days").inputValue()).toBe("15");
    await atBothWidths(page, "decision-times");

    await page.setViewportSize(DESKTOP);
    await page.goto(`${e2e.url}/admin/agenda`);
    await page.getByRole("link", { name: "Late at the embassy" }).click();
    await page.getByRole("heading", { name: "Late at the embassy", level: 1 }).waitFor();
    const entry = page.getByRole("listitem").filter({ hasText: "Chidi Okafor" });
    await entry.waitFor();
    expect(await entry.textContent()).toMatch(/VA-2026-LATEMB.*United Kingdom.*30 days waiting, usually 15 days.*Folake Adeyemi/);
    await atBothWidths(page, "late-at-embassy");

    await page.setViewportSize(DESKTOP);
    await entry.getByRole("link", { name: "Chidi Okafor" }).click();
    await page.waitForURL(new RegExp(`/admin/application/${id}`));
    const flag = page.getByTestId("embassy-wait");
    await flag.waitFor();
    expect(await flag.textContent()).toMatch(/^Late at the embassy: 30 days since lodging; United Kingdom usually decides in 15 days/);

    await page.goto(`${e2e.url}/admin/analytics?decisions_from=${lagosDay(-60).slice(0, 7)}&decisions_to=${lagosDay(0).slice(0, 7)}`);
    const decisions = page.getByRole("region", { name: "Embassy decisions" });
    await decisions.waitFor();
    expect(await decisions.getByRole("row").filter({ hasText: "United Kingdom" }).textContent()).toMatch(/Tourist Visa|Visa type not given/);
    await atBothWidths(page, "analytics-decisions");

    // The embassy decides: the success stories page, once a manager chooses the decisions, shows them with their period.
    await e2e.db("case_stages").insert({
      application_id: id,
      stage: "decision",
      state: "done",
      on_date: lagosDay(-1),
      details: JSON.stringify({ outcome: "issued", visaType: "Standard Visitor" }),
    });
    await page.setViewportSize(DESKTOP);
    await page.goto(`${e2e.url}/admin/settings/decision-times`);
    const figures = page.getByRole("form", { name: "Success stories figures" });
    await figures.getByLabel("The decisions recorded on cases").check();
    await figures.getByLabel("Over the last (months)").fill("3");
    await figures.getByRole("button", { name: "Save figures" }).click();
    await page.getByText("Success stories figures saved").first().waitFor();
    await page.goto(`${e2e.url}/success-stories`);
    await page.getByText("Visas issued and success rate: the embassies' decisions").waitFor();
    expect(await page.getByRole("definition").allTextContents()).toEqual(expect.arrayContaining(["1", "100%", "50+", "10+"]));
    await atBothWidths(page, "success-stories-from-decisions");
    await context.close();
  });
});
