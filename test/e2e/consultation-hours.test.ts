// A manager's weekly hours on a 360 px phone: a day with a break (09:00-12:00, 14:00-17:00) is saved and shown
// again, overlapping spans are refused with the day named beside its field, and the same form works with JavaScript
// off; axe finds nothing serious, with or without the error.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "../helpers/axe.ts";
import { takesConsultations } from "../helpers/consultations.ts";
import { e2eEnabled, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";

const e2e = setupE2E();
const PHONE = { width: 360, height: 740 };
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
const form = (page: Page) => page.getByRole("form", { name: "Weekly hours" });

describe.skipIf(!e2eEnabled)("weekly hours with several spans a day", () => {
  it("saves a day with a break, refuses an overlap naming the day, and works without JavaScript", async () => {
    const staff = await makeStaff(e2e, { fullName: "Funke Adebayo" });
    await takesConsultations(e2e.db, staff.id);
    const monday = () => e2e.db("staff_hours").where({ user_id: staff.id, weekday: 1 }).orderBy("start_minute").select("start_minute", "end_minute");
    const { page, problems, context } = await signInAs(e2e, staff);
    await page.setViewportSize(PHONE);
    await page.goto(`${e2e.url}/admin/consultations`);
    await hydrated(page);

    await form(page).getByLabel("Monday").fill("09:00-12:00, 14:00-17:00");
    await form(page).getByRole("button", { name: "Save availability" }).click();
    await page.getByText("Availability saved", { exact: true }).waitFor();
    expect(await monday()).toEqual([
      { start_minute: 540, end_minute: 720 },
      { start_minute: 840, end_minute: 1020 },
    ]);
    expect(await form(page).getByLabel("Monday").inputValue()).toBe("09:00-12:00, 14:00-17:00");
    expect(await seriousViolations(page)).toEqual([]);
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: "/tmp/consultation-hours.png", fullPage: true });

    await form(page).getByLabel("Tuesday").fill("09:00-12:00, 11:00-13:00");
    await form(page).getByRole("button", { name: "Save availability" }).click();
    await form(page).getByRole("alert").getByText("Tuesday: 09:00-12:00 and 11:00-13:00 overlap").waitFor();
    expect(await form(page).getByLabel("Tuesday").getAttribute("aria-invalid")).toBe("true");
    // The refused day keeps what was typed, to be corrected.
    expect(await form(page).getByLabel("Tuesday").inputValue()).toBe("09:00-12:00, 11:00-13:00");
    expect(await e2e.db("staff_hours").where({ user_id: staff.id, weekday: 2 }).select("start_minute")).toEqual([{ start_minute: 540 }]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: "/tmp/consultation-hours-error.png", fullPage: true });
    // The refused post's 400 is the only thing the console saw.
    expect(problems.filter((p) => !p.includes("status of 400"))).toEqual([]);

    // The same session with JavaScript off: the plain form post.
    const plain = await e2e.browser.newContext({ viewport: PHONE, javaScriptEnabled: false, storageState: await context.storageState() });
    const noScript = await plain.newPage();
    await noScript.goto(`${e2e.url}/admin/consultations`);
    await form(noScript).getByLabel("Monday").fill("08:00-10:00, 13:00-14:00, 16:00-18:00");
    await form(noScript).getByRole("button", { name: "Save availability" }).click();
    await noScript.waitForURL(/\/admin\/consultations\?staff=/);
    expect(await monday()).toEqual([
      { start_minute: 480, end_minute: 600 },
      { start_minute: 780, end_minute: 840 },
      { start_minute: 960, end_minute: 1080 },
    ]);
    expect(await form(noScript).getByLabel("Monday").inputValue()).toBe("08:00-10:00, 13:00-14:00, 16:00-18:00");
    await plain.close();
    await context.close();
  }, 180_000);
});
