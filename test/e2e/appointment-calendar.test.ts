// The staff's calendar of visa-centre appointments in the browser at 1280 px (and 360 px): a week by day, each
// appointment linking to its case; the view form works by keyboard and paging by plain links. From it, the list of
// passports and visas expiring, at both widths.
import { beforeAll, describe, expect, it } from "vitest";
import { atBothWidths, DESKTOP } from "../helpers/axe.ts";
import { e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";

const e2e = setupE2E();
let staff: TestUser;

/** A day in Lagos (YYYY-MM-DD), `days` from today. */
function lagosDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Africa/Lagos" });
}

beforeAll(async () => {
  if (!e2eEnabled) return;
  staff = await makeStaff(e2e, { fullName: "Bisi Ojo" });
});

describe.skipIf(!e2eEnabled)("the appointments calendar", () => {
  it("shows the week's appointments by day, each linking to its case, and changes view by keyboard", async () => {
    const applicant = await makeUser(e2e.db, { fullName: "Ngozi Eze" });
    const id = await insertApplication(e2e, applicant.id, { reference: "VA-2026-CALNDR", status: "approved" });
    await e2e
      .db("visa_applications")
      .where({ id })
      .update({
        assignee_id: staff.id,
        full_name: "Ngozi Eze",
        departure_date: lagosDay(40),
        passport_expiry_date: lagosDay(100),
      });
    const centre = await e2e.db("visa_centres").where({ name: "TLScontact Lagos" }).first("id");
    const day = lagosDay(2);
    await e2e.db("case_stages").insert([
      {
        application_id: id,
        stage: "lodged",
        state: "done",
        on_date: lagosDay(-5),
        details: JSON.stringify({ portal: "ukvi", reference: "GWF012345678" }),
      },
      {
        application_id: id,
        stage: "appointment",
        state: "done",
        appointment_at: new Date(`${day}T10:15:00+01:00`),
        centre_id: centre.id,
        details: JSON.stringify({ centreReference: "TLS-98765" }),
      },
    ]);
    const { page, context } = await signInAs(e2e, staff);
    await page.setViewportSize(DESKTOP);
    await page.goto(`${e2e.url}/admin/agenda`);
    await page.getByRole("link", { name: "Visa-centre appointments" }).click();
    await page.getByRole("heading", { name: "Appointments", level: 1 }).waitFor();

    // The week view, chosen with the keyboard: focus the period, pick "Week", send the form with Enter.
    const period = page.getByLabel("Period");
    await period.focus();
    await period.selectOption("week");
    await page.getByRole("button", { name: "Show" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/range=week/);
    const entry = page.getByRole("listitem").filter({ hasText: "Ngozi Eze" });
    await entry.waitFor();
    expect(await entry.textContent()).toMatch(/10:15.*Ngozi Eze.*TLScontact Lagos.*TLS-98765.*VA-2026-CALNDR.*Bisi Ojo/);
    expect(await page.getByRole("heading", { level: 2 }).count()).toBe(7);
    await atBothWidths(page, "appointment-calendar-week");

    // The list of passports and visas expiring, from the calendar: the case's passport ends two months after the trip.
    await page.setViewportSize(DESKTOP);
    await page.getByRole("link", { name: "Passports and visas expiring" }).click();
    await page.getByRole("heading", { name: "Passports and visas expiring", level: 1 }).waitFor();
    const short = page.getByRole("region", { name: "Passports expiring within six months of the return date" });
    await short.getByRole("link", { name: "Ngozi Eze", exact: true }).waitFor();
    await short.getByRole("link", { name: "Call Ngozi Eze" }).waitFor();
    await atBothWidths(page, "expiring");
    await page.goBack();

    await page.setViewportSize(DESKTOP);
    await entry.getByRole("link", { name: "Ngozi Eze" }).click();
    await page.waitForURL(new RegExp(`/admin/application/${id}`));
    await page.getByRole("region", { name: "After approval" }).waitFor();
    await context.close();
  });
});
