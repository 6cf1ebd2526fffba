// After approval in the browser: staff record "Form lodged" (with its confirmation file) and "Appointment booked" at a
// visa centre through the case page's plain forms, and a refused form answers beside its field with what was typed
// kept; the applicant, on a phone, sees the timeline, the next step in words, what to bring and a calendar invite that
// opens at the appointment's Lagos time at the centre. The managers' list of centres is checked at both widths.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { atBothWidths, PHONE } from "../helpers/axe.ts";
import { e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { PDF } from "../helpers/files.ts";
import { signedSheet } from "../helpers/signatures.ts";

const e2e = setupE2E();
let staff: TestUser;
let applicant: TestUser;

/** A day in Lagos (YYYY-MM-DD), `days` from today. */
function lagosDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Africa/Lagos" });
}

beforeAll(async () => {
  if (!e2eEnabled) return;
  staff = await makeStaff(e2e, { fullName: "Bisi Ojo" });
  applicant = await makeUser(e2e.db, { fullName: "Ngozi Eze" });
});

describe.skipIf(!e2eEnabled)("after approval", () => {
  it("staff record the lodging and the appointment; the applicant sees the timeline, what to bring and the invite", async () => {
    const id = await insertApplication(e2e, applicant.id, { reference: "VA-2026-STAGES", status: "approved" });
    // The applicant has signed the answer sheet: the form can be lodged.
    await signedSheet(e2e.db, id);
    const admin = await signInAs(e2e, staff);
    const { page } = admin;
    await page.goto(`${e2e.url}/admin/application/${id}`);
    const section = page.getByRole("region", { name: "After approval" });
    await section.getByText("Nothing recorded yet.").waitFor();

    // A malformed GWF number: the page again, the message under the field, what was typed still there, nothing saved.
    const lodge = section.getByRole("form", { name: "Record: Form lodged" });
    await lodge.getByLabel(/^Portal( \*)?$/).selectOption("ukvi");
    await lodge.getByLabel("Government reference").fill("GWF12");
    await lodge.getByLabel("Date lodged").fill(lagosDay(-3));
    await lodge.getByRole("button", { name: "Record form lodged" }).click();
    const refused = page.getByRole("form", { name: "Record: Form lodged" });
    const reference = refused.getByLabel("Government reference");
    await refused.getByText("Enter a GWF number like GWF012345678.").first().waitFor();
    expect(await reference.inputValue()).toBe("GWF12");
    expect(await reference.getAttribute("aria-invalid")).toBe("true");
    const described = (await reference.getAttribute("aria-describedby")) ?? "";
    const messages = await Promise.all(described.split(" ").map((d) => page.locator(`[id="${d}"]`).textContent()));
    expect(messages).toContain("Enter a GWF number like GWF012345678.");
    expect(await refused.getByLabel(/^Portal( \*)?$/).inputValue()).toBe("ukvi");
    expect(await refused.getByLabel("Date lodged").inputValue()).toBe(lagosDay(-3));
    const [saved] = await e2e.db("case_stages").where({ application_id: id }).count("* as n");
    expect(Number(saved.n)).toBe(0);
    await atBothWidths(page, "case-stages-refused");

    // Corrected and sent with the portal's confirmation.
    await reference.fill("GWF012345678");
    await refused.getByLabel("Submission confirmation").setInputFiles({ name: "confirmation.pdf", mimeType: "application/pdf", buffer: PDF });
    await refused.getByRole("button", { name: "Record form lodged" }).click();
    await page.getByText("Form lodged recorded", { exact: true }).waitFor();
    const recorded = page.getByRole("list", { name: "Stages recorded, oldest first" });
    const items = recorded.getByRole("listitem");
    // Its line (the second paragraph; the correction form below repeats the reference's example in its hint).
    await expect.poll(() => items.nth(0).locator("p").nth(1).textContent()).toContain("GWF012345678");
    await recorded.getByRole("link", { name: "confirmation.pdf" }).waitFor();

    const book = page.getByRole("form", { name: "Record: Appointment booked" });
    await book.getByLabel(/^Centre( \*)?$/).selectOption({ label: "VFS Global Lagos" });
    await book.getByLabel(/^Date( \*)?$/).fill(lagosDay(4));
    await book.getByLabel("Time (Lagos)").fill("09:30");
    await book.getByLabel("Centre's reference").fill("LOS-12345");
    await book.getByRole("button", { name: "Record appointment booked" }).click();
    await page.getByText("Appointment booked recorded", { exact: true }).waitFor();
    expect(await items.count()).toBe(2);
    await expect.poll(() => items.nth(0).textContent()).toContain("Form lodged");
    await expect.poll(() => items.nth(1).textContent()).toMatch(/Appointment booked.*VFS Global Lagos/);
    await page.getByRole("heading", { name: /^Next: Biometrics/ }).waitFor();
    await atBothWidths(page, "case-stages-staff");
    await admin.context.close();

    // The applicant, on a phone.
    const owner = await signInAs(e2e, applicant);
    await owner.page.setViewportSize(PHONE);
    await owner.page.goto(`${e2e.url}/application/${id}`);
    const timeline = owner.page.getByRole("region", { name: "After approval" });
    await timeline.getByText(/^Next: Your biometrics appointment: .*09:30 at VFS Global Lagos\.$/).waitFor();
    const steps = timeline.getByRole("list", { name: "Steps after approval" }).getByRole("listitem");
    expect(await steps.count()).toBe(6);
    await expect.poll(() => steps.nth(0).textContent()).toMatch(/^Form lodged: done/);
    await expect.poll(() => steps.nth(1).textContent()).toMatch(/^Appointment booked: done/);
    await expect.poll(() => steps.nth(2).textContent()).toMatch(/to come/);
    await timeline.getByRole("heading", { name: "What to bring" }).waitFor();
    await timeline.getByText("Your passport and a copy of its bio page", { exact: true }).waitFor();
    await atBothWidths(owner.page, "case-stages-applicant");
    await owner.page.setViewportSize(PHONE);

    const invite = timeline.getByRole("link", { name: "Add the appointment to your calendar" });
    const [download] = await Promise.all([owner.page.waitForEvent("download"), invite.click()]);
    expect(download.suggestedFilename()).toBe("appointment.ics");
    const ics = readFileSync(await download.path(), "utf8");
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics).toMatch(/END:VCALENDAR\r?\n?$/);
    // 09:30 in Lagos (UTC+1, no summer time) is 08:30 UTC on the booked day.
    const start = ics.match(/^DTSTART(;[^:]*)?:(\d{8}T\d{6}Z?)\r$/m);
    expect(start?.[2]).toBe(`${lagosDay(4).replaceAll("-", "")}T083000Z`);
    const unfolded = ics.replace(/\r\n[ \t]/g, "");
    // Where: the centre's address as kept on Settings (text values escape their commas).
    const location = unfolded.match(/^LOCATION:(.*)\r$/m)?.[1] ?? "";
    const centre = await e2e.db("visa_centres").where({ name: "VFS Global Lagos" }).first("address");
    expect(location.replace(/\\([,;\\])/g, "$1")).toBe(centre.address);
    expect(unfolded).toContain("SUMMARY:Visa appointment at VFS Global Lagos");
    expect(owner.problems).toEqual([]);
    await owner.context.close();
    // Two people's pages, four axe scans and a download: over a minute on a busy machine.
  }, 180_000);

  it("the visa centres a manager keeps, at both widths", async () => {
    const admin = await signInAs(e2e, staff);
    await admin.page.goto(`${e2e.url}/admin/settings/centres`);
    await admin.page.getByRole("heading", { name: "Visa centres", level: 1 }).waitFor();
    await admin.page.getByRole("form", { name: "Edit VFS Global Lagos" }).waitFor();
    await admin.page.getByRole("form", { name: "Add a centre" }).waitFor();
    await atBothWidths(admin.page, "case-stages-centres");
    // On a phone the whole address and the whole list of what to bring show without scrolling inside the fields.
    await admin.page.setViewportSize(PHONE);
    const vfs = admin.page.getByRole("form", { name: "Edit VFS Global Lagos" });
    for (const field of [vfs.getByLabel(/^Address/), vfs.getByLabel(/^What to bring/)]) {
      const fits = await field.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight);
      expect(fits, (await field.getAttribute("name")) ?? "").toBe(true);
    }
    await admin.context.close();
  });
});
