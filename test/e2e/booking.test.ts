// A visitor books a free consultation on a 360 px phone (no account), each step axe-clean; the staff member then sees
// it in the agenda. The same steps work with JavaScript off.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../helpers/axe.ts";
import { openPage } from "../helpers/browser.ts";
import { makeConsultationType, takesConsultations } from "../helpers/consultations.ts";
import { e2eEnabled, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import type { TestUser } from "../helpers/factories.ts";

const e2e = setupE2E();
const PHONE = { width: 360, height: 740 };
let staff: TestUser;

beforeAll(async () => {
  if (!e2eEnabled) return;
  staff = await makeStaff(e2e, { fullName: "Funke Adebayo" });
  await takesConsultations(e2e.db, staff.id);
  await makeConsultationType(e2e.db, { name: "Free visa consultation" });
}, 120_000);

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);

/** `check`: axe and the width at each step (they run script in the page, so not with JavaScript off). */
async function bookOn(page: Page, email: string, check = true): Promise<void> {
  const checked = async () => {
    if (!check) return;
    expect(await seriousViolations(page)).toEqual([]);
    expect(await fits(page)).toBe(true);
  };
  await page.goto(`${e2e.url}/`);
  await page.getByRole("link", { name: "Free Consultation" }).click();
  await page.waitForURL(`${e2e.url}/book`);
  await checked();
  await page.getByRole("link", { name: /Free visa consultation/ }).click();
  await page.getByRole("navigation", { name: "Days with free times" }).getByRole("link").nth(1).click();
  await checked();
  await page
    .getByRole("group", { name: /^Time on / })
    .getByRole("radio")
    .first()
    .check();
  await page.getByLabel("Full name").fill("Yetunde Alabi");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Phone").fill("0803 555 1234");
  await page.getByLabel("Destination country").fill("Canada");
  await page.getByLabel("Visa type").selectOption("study");
  await page.getByRole("button", { name: "Book this time" }).click();
  await page.getByRole("heading", { name: "Consultation booked" }).waitFor();
  await checked();
}

describe.skipIf(!e2eEnabled)("booking a consultation", () => {
  it("on a phone: Free Consultation → type → day → time and details → booked; staff see it in the agenda", async () => {
    const { page, problems, context } = await openPage(e2e.browser, PHONE);
    await bookOn(page, "yetunde@example.com");
    await page.screenshot({ path: "/tmp/booking-booked.png", fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
    expect(await e2e.db("bookings").where({ email: "yetunde@example.com", staff_id: staff.id }).first()).toBeTruthy();

    const admin = await signInAs(e2e, staff);
    await admin.page.setViewportSize(PHONE);
    await admin.page.goto(`${e2e.url}/admin/agenda?range=week`);
    await admin.page.getByText("Yetunde Alabi").first().waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);
    expect(await fits(admin.page)).toBe(true);
    await admin.page.screenshot({ path: "/tmp/booking-agenda.png", fullPage: true });
    await admin.page.goto(`${e2e.url}/admin/consultations`);
    await admin.page.getByRole("heading", { name: "Consultations", level: 1 }).waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);
    expect(await fits(admin.page)).toBe(true);
    await admin.page.screenshot({ path: "/tmp/booking-settings.png", fullPage: true });
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  }, 180_000);

  it("without JavaScript", async () => {
    const { page, context } = await openPage(e2e.browser, { ...PHONE, javaScriptEnabled: false });
    await bookOn(page, "noscript@example.com", false);
    await context.close();
    expect(await e2e.db("bookings").where({ email: "noscript@example.com" }).first()).toBeTruthy();
  }, 120_000);
});
