// The admin panel in the browser: find, change inline, review, note, approve; the applicant sees it; analytics; activity.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../helpers/axe.ts";
import { answerConfirm, giveSignInCode, openPage } from "../helpers/browser.ts";
import { e2eEnabled, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";

const e2e = setupE2E();
const STATUS_NOTE = "Approved: visa stamped, collect passport on Friday.";
const INTERNAL_NOTE = "Called the embassy; the file is complete.";
let applicant: TestUser;

/** Inserts applications of the applicant; each test inserts those it works on, so none depends on another. */
async function insertApps(rows: { ref: string; fields: Record<string, unknown> }[]): Promise<string[]> {
  const inserted = await e2e
    .db("visa_applications")
    .insert(
      rows.map(({ ref, fields }) => ({
        user_id: applicant.id,
        reference_number: ref,
        full_name: applicant.fullName,
        email: applicant.email,
        destination_country: "Canada",
        ...fields,
      })),
    )
    .returning("id");
  return inserted.map((r) => r.id);
}

const submitted = (visaType: string) => ({ visa_type: visaType, status: "submitted", submitted_at: new Date() });

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

describe.skipIf(!e2eEnabled)("admin panel in the browser", () => {
  beforeAll(async () => {
    applicant = await makeUser(e2e.db, { fullName: "Tunde Bakare", email: "tunde@example.com" });
  });

  it("finds an application, changes it inline, adds a note and approves it; the applicant sees the changes", async () => {
    const staff = await makeStaff(e2e, { fullName: "Folake Adeyemi" });
    const [applicationId] = await insertApps([{ ref: "VA-2026-E2E001", fields: submitted("study") }]);
    const { page, problems, context } = await signInAs(e2e, staff);
    await page.getByRole("link", { name: "Admin Panel" }).click();
    await page.waitForURL(`${e2e.url}/admin`);
    // Nothing is assigned to them yet: the list opens on Unassigned, where the new case waits.
    await page.getByRole("heading", { name: "Unassigned Cases" }).waitFor();
    await page.getByRole("navigation", { name: "Cases" }).getByRole("link", { name: "All" }).click();
    await page.getByRole("heading", { name: "All Applications" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Search", { exact: true }).fill("e2e001");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(`${e2e.url}/admin?tab=all&q=e2e001`);
    await page.getByText("Showing 1–1 of 1 application").waitFor();
    const select = page.getByLabel("Status of VA-2026-E2E001");
    // Dismissed: nothing is sent and the select shows the status the application still has.
    let asked = answerConfirm(page, false);
    await select.selectOption("under_review");
    expect(await asked).toBe("Move VA-2026-E2E001 to Under Review and e-mail Tunde Bakare?");
    expect(await select.inputValue()).toBe("submitted");
    expect((await e2e.db("visa_applications").where({ id: applicationId }).first()).status).toBe("submitted");
    asked = answerConfirm(page);
    await select.selectOption("under_review");
    await page.getByText("Application status updated", { exact: true }).waitFor();
    expect(await asked).toBe("Move VA-2026-E2E001 to Under Review and e-mail Tunde Bakare?");

    await page.getByRole("link", { name: "View VA-2026-E2E001" }).click();
    await page.waitForURL(`${e2e.url}/admin/application/${applicationId}`);
    await page.getByRole("heading", { name: "Application VA-2026-E2E001" }).waitFor();
    await page.getByText("Under Review").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Add a note").fill("   ");
    await page.getByRole("button", { name: "Add Note" }).click();
    await page.getByText("Note cannot be empty", { exact: true }).first().waitFor();
    await page.getByLabel("Add a note").fill(INTERNAL_NOTE);
    await page.getByRole("button", { name: "Add Note" }).click();
    await page.getByText("Note added successfully", { exact: true }).waitFor();
    await page.getByRole("list", { name: "Notes, newest first" }).getByText(INTERNAL_NOTE).waitFor();
    expect(await page.getByLabel("Add a note").inputValue()).toBe("");

    await page.getByLabel("New status").selectOption("approved");
    await page.getByLabel("Note for the timeline (optional)").fill(STATUS_NOTE);
    asked = answerConfirm(page);
    await page.getByRole("button", { name: "Update Status" }).click();
    await page.getByText("Status updated successfully", { exact: true }).waitFor();
    expect(await asked).toBe("Approve VA-2026-E2E001 and e-mail Tunde Bakare?");
    await page.getByText(STATUS_NOTE).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "View Full Application" }).click();
    await page.getByRole("heading", { name: "Full application VA-2026-E2E001" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();

    const owner = await signInAs(e2e, applicant);
    await owner.page.goto(`${e2e.url}/application/${applicationId}`);
    const timeline = owner.page.getByRole("list").filter({ hasText: STATUS_NOTE });
    await timeline.waitFor();
    expect(await timeline.locator("[data-status=approved]").count()).toBe(1);
    expect(await timeline.locator("[data-status=under_review]").count()).toBe(1);
    expect(await timeline.getByText(staff.fullName).count()).toBe(2);
    expect(await owner.page.getByText(INTERNAL_NOTE).count()).toBe(0);
    expect(owner.problems).toEqual([]);
    await owner.context.close();
  });

  it("puts the old status back and says so when a change fails", async () => {
    const [id] = await insertApps([{ ref: "VA-2026-E2E002", fields: submitted("work") }]);
    const { page, problems, context } = await signInAs(e2e, await makeStaff(e2e));
    await page.goto(`${e2e.url}/admin?tab=all&q=E2E002`);
    await hydrated(page);
    await e2e.db("visa_applications").where({ id }).delete();
    const select = page.getByLabel("Status of VA-2026-E2E002");
    void answerConfirm(page);
    await select.selectOption("rejected");
    await page.getByText("Failed to update status", { exact: true }).waitFor();
    await page.getByText("Application not found", { exact: true }).waitFor();
    expect(await select.inputValue()).toBe("submitted");
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
    await context.close();
  });

  it("searches and filters without JavaScript (a plain GET form)", async () => {
    await insertApps([
      {
        ref: "VA-2026-FIND01",
        fields: { visa_type: "tourist", status: "approved", payment_status: "paid", amount_paid: 150, payment_reference: "PAY-E2E-1" },
      },
      {
        ref: "VA-2026-FIND02",
        fields: { visa_type: "work", status: "under_review", payment_status: "paid", amount_paid: 250, payment_reference: "PAY-E2E-2" },
      },
    ]);
    const staff = await makeStaff(e2e);
    const { page, context } = await openPage(e2e.browser, { javaScriptEnabled: false });
    await page.goto(`${e2e.url}/signin`);
    await page.getByLabel("Email").fill(staff.email);
    await page.getByLabel("Password").fill(staff.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    // The code step is a plain form too.
    await giveSignInCode(page, staff.totpSecret ?? "");
    await page.waitForURL(`${e2e.url}/dashboard`);
    await page.goto(`${e2e.url}/admin?tab=all&size=10`);
    await page.getByLabel("Search", { exact: true }).fill("FIND");
    await page.getByLabel("Status", { exact: true }).selectOption("approved");
    await page.getByRole("button", { name: "Apply" }).click();
    // The browser sends the form's fields in their order, the tab among them: the list stays on All.
    await page.waitForURL(
      (u) => u.searchParams.get("q") === "FIND" && u.searchParams.get("status") === "approved" && u.searchParams.get("tab") === "all",
    );
    await page.getByText("Showing 1–1 of 1 application").waitFor();
    await page.getByLabel("Status of VA-2026-FIND01").waitFor();
    expect(await page.getByLabel("Search", { exact: true }).inputValue()).toBe("FIND");
    await context.close();
  });

  it("shows the analytics totals", async () => {
    // The totals count every application in the database: this test sets them all.
    await e2e.db("visa_applications").delete();
    await insertApps([
      { ref: "VA-2026-STAT01", fields: { visa_type: "study", status: "approved" } },
      {
        ref: "VA-2026-STAT02",
        fields: { visa_type: "tourist", status: "approved", payment_status: "paid", amount_paid: 150, payment_reference: "PAY-E2E-3" },
      },
      {
        ref: "VA-2026-STAT03",
        fields: { visa_type: "work", status: "under_review", payment_status: "paid", amount_paid: 250, payment_reference: "PAY-E2E-4" },
      },
      { ref: "VA-2026-STAT04", fields: { status: "draft" } },
    ]);
    const { page, problems, context } = await signInAs(e2e, await makeStaff(e2e));
    await page.goto(`${e2e.url}/admin/analytics`);
    await page.getByRole("heading", { name: "Analytics" }).waitFor();
    const stat = (label: string) => page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd").first().innerText();
    // Four applications, two paid at $150 and $250.
    expect(await stat("Total Applications")).toBe("4");
    expect(await stat("Total Revenue")).toBe("$400.00");
    expect(await stat("Average per Application")).toBe("$100.00");
    // The SPEC's dollar figures say they are the fee basis; the money received is in its own currency below.
    expect(await page.locator("dt", { hasText: "Total Revenue" }).locator("xpath=following-sibling::dd").nth(1).innerText()).toMatch(/^Fee basis: /);
    await page
      .getByRole("table", { name: "By visa type" })
      .getByRole("row", { name: /Work Visa/ })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the activity trail, filtered by action, at 1280 and 360 px", async () => {
    await insertApps([{ ref: "VA-2026-TRAIL1", fields: submitted("tourist") }]);
    const staff = await makeStaff(e2e);
    const { page, problems, context } = await signInAs(e2e, staff);
    await page.goto(`${e2e.url}/admin?tab=all&q=TRAIL1`);
    await hydrated(page);
    void answerConfirm(page);
    await page.getByLabel("Status of VA-2026-TRAIL1").selectOption("under_review");
    await page.getByText("Application status updated", { exact: true }).waitFor();
    await page.goto(`${e2e.url}/admin/analytics`);
    await hydrated(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Activity" }).click();
    await page.getByRole("heading", { name: "Activity", level: 1 }).waitFor();
    await page.getByLabel("Action").selectOption({ label: "Status changed" });
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/\/admin\/activity\?action=status_changed/);
    // The address changes before the filtered rows arrive: wait for the sign-ins of the unfiltered list to go.
    const signIns = page.getByRole("row", { name: /Signed in/ });
    await expect.poll(() => signIns.count(), { message: "the list still shows sign-ins after filtering by 'Status changed'" }).toBe(0);
    const row = page.getByRole("row", { name: /VA-2026-TRAIL1/ }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain(staff.email);
    expect(await signIns.count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await seriousViolations(page)).toEqual([]);
    // The table scrolls inside its card; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(problems).toEqual([]);
    await context.close();
  });
});
