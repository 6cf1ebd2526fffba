// The admin panel in the browser: find, change inline, review, note, approve; the applicant sees it; analytics; access.
import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../server/auth/passwords.ts";
import { seriousViolations } from "../helpers/axe.ts";
import { giveSignInCode, openPage } from "../helpers/browser.ts";
import { e2eEnabled, setupE2E } from "../helpers/e2e.ts";
import { SERVER_SESSION_SECRET } from "../helpers/server.ts";
import { enrolTwoFactor } from "../helpers/twoFactor.ts";

const e2e = setupE2E();
const PASSWORD = "staff-pass-2026";
const ADMIN = { email: "folake@horizongate.test", name: "Folake Adeyemi" };
const APPLICANT = { email: "tunde@example.com", name: "Tunde Bakare" };
const STATUS_NOTE = "Approved: visa stamped, collect passport on Friday.";
const INTERNAL_NOTE = "Called the embassy; the file is complete.";
let applicationId: string;

/** The two-factor secrets of the staff accounts, by e-mail. */
const secrets = new Map<string, string>();

async function insertUser(who: { email: string; name: string }, admin = false): Promise<string> {
  const [row] = await e2e
    .db("users")
    .insert({ email: who.email, full_name: who.name, password_hash: await hashPassword(PASSWORD) })
    .returning("id");
  if (admin) {
    await e2e.db("user_roles").insert({ user_id: row.id, role: "admin" });
    // Staff reach the admin panel only with two-factor sign-in on.
    secrets.set(who.email, await enrolTwoFactor(e2e.db, row.id, SERVER_SESSION_SECRET));
  }
  return row.id;
}

async function signIn(browser: Browser, email: string) {
  const watched = await openPage(browser);
  const { page } = watched;
  await page.goto(`${e2e.url}/signin`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  const secret = secrets.get(email);
  if (secret) await giveSignInCode(page, secret);
  await page.waitForURL(`${e2e.url}/dashboard`);
  // Settled: the dashboard's own page request must not race the next navigation for the session's flash message.
  await page.getByRole("heading", { name: "Your Visa Applications" }).waitFor();
  return watched;
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

describe.skipIf(!e2eEnabled)("admin panel in the browser", () => {
  beforeAll(async () => {
    await insertUser(ADMIN, true);
    const applicantId = await insertUser(APPLICANT);
    const app = (ref: string, fields: Record<string, unknown>) => ({
      user_id: applicantId,
      reference_number: ref,
      full_name: APPLICANT.name,
      email: APPLICANT.email,
      destination_country: "Canada",
      ...fields,
    });
    const [row] = await e2e
      .db("visa_applications")
      .insert(app("VA-2026-E2E001", { visa_type: "study", status: "submitted", submitted_at: new Date() }))
      .returning("id");
    applicationId = row.id;
    await e2e.db("visa_applications").insert([
      app("VA-2026-E2E002", { visa_type: "work", status: "submitted", submitted_at: new Date() }),
      app("VA-2026-PAID01", { visa_type: "tourist", status: "approved", payment_status: "paid", amount_paid: 150, payment_reference: "PAY-E2E-1" }),
      app("VA-2026-PAID02", {
        visa_type: "work",
        status: "under_review",
        payment_status: "paid",
        amount_paid: 250,
        payment_reference: "PAY-E2E-2",
      }),
      app("VA-2026-DRAFT1", { status: "draft" }),
    ]);
  });

  it("finds an application, changes it inline, adds a note and approves it; the applicant sees the changes", async () => {
    const { page, problems, context } = await signIn(e2e.browser, ADMIN.email);
    await page.getByRole("link", { name: "Admin Panel" }).click();
    await page.waitForURL(`${e2e.url}/admin`);
    await page.getByRole("heading", { name: "All Applications" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Search", { exact: true }).fill("e2e001");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(`${e2e.url}/admin?q=e2e001`);
    await page.getByText("Showing 1–1 of 1 application").waitFor();
    const select = page.getByLabel("Status of VA-2026-E2E001");
    await select.selectOption("under_review");
    await page.getByText("Application status updated", { exact: true }).waitFor();

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
    await page.getByRole("button", { name: "Update Status" }).click();
    await page.getByText("Status updated successfully", { exact: true }).waitFor();
    await page.getByText(STATUS_NOTE).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "View Full Application" }).click();
    await page.getByRole("heading", { name: "Full application VA-2026-E2E001" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();

    const applicant = await signIn(e2e.browser, APPLICANT.email);
    await applicant.page.goto(`${e2e.url}/application/${applicationId}`);
    const timeline = applicant.page.getByRole("list").filter({ hasText: STATUS_NOTE });
    await timeline.waitFor();
    expect(await timeline.locator("[data-status=approved]").count()).toBe(1);
    expect(await timeline.locator("[data-status=under_review]").count()).toBe(1);
    expect(await timeline.getByText(ADMIN.name).count()).toBe(2);
    expect(await applicant.page.getByText(INTERNAL_NOTE).count()).toBe(0);
    expect(applicant.problems).toEqual([]);
    await applicant.context.close();
  });

  it("puts the old status back and says so when a change fails", async () => {
    const { page, problems, context } = await signIn(e2e.browser, ADMIN.email);
    await page.goto(`${e2e.url}/admin?q=E2E002`);
    await hydrated(page);
    await e2e.db("visa_applications").where({ reference_number: "VA-2026-E2E002" }).delete();
    const select = page.getByLabel("Status of VA-2026-E2E002");
    await select.selectOption("rejected");
    await page.getByText("Failed to update status", { exact: true }).waitFor();
    await page.getByText("Application not found", { exact: true }).waitFor();
    expect(await select.inputValue()).toBe("submitted");
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
    await context.close();
  });

  it("searches and filters without JavaScript (a plain GET form)", async () => {
    const { page, context } = await openPage(e2e.browser, { javaScriptEnabled: false });
    await page.goto(`${e2e.url}/signin`);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    // The code step is a plain form too.
    await giveSignInCode(page, secrets.get(ADMIN.email) ?? "");
    await page.waitForURL(`${e2e.url}/dashboard`);
    await page.goto(`${e2e.url}/admin?size=10`);
    await page.getByLabel("Search", { exact: true }).fill("PAID");
    await page.getByLabel("Status", { exact: true }).selectOption("approved");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/\/admin\?q=PAID&status=approved/);
    await page.getByText("Showing 1–1 of 1 application").waitFor();
    await page.getByLabel("Status of VA-2026-PAID01").waitFor();
    expect(await page.getByLabel("Search", { exact: true }).inputValue()).toBe("PAID");
    await context.close();
  });

  it("shows the analytics totals", async () => {
    const { page, problems, context } = await signIn(e2e.browser, ADMIN.email);
    await page.goto(`${e2e.url}/admin/analytics`);
    await page.getByRole("heading", { name: "Analytics" }).waitFor();
    const stat = (label: string) => page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd").innerText();
    // Four applications remain (E2E001 approved, two paid at $150 and $250, a draft).
    expect(await stat("Total Applications")).toBe("4");
    expect(await stat("Total Revenue")).toBe("$400.00");
    expect(await stat("Average per Application")).toBe("$100.00");
    await page
      .getByRole("table", { name: "By visa type" })
      .getByRole("row", { name: /Work Visa/ })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the activity trail, filtered by action, at 1280 and 360 px", async () => {
    const { page, problems, context } = await signIn(e2e.browser, ADMIN.email);
    await page.goto(`${e2e.url}/admin/analytics`);
    await hydrated(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Activity" }).click();
    await page.getByRole("heading", { name: "Activity", level: 1 }).waitFor();
    await page.getByLabel("Action").selectOption({ label: "Status changed" });
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/\/admin\/activity\?action=status_changed/);
    // The unfiltered page may list this application too (staff views of it are in the trail): wait for the filter.
    await expect.poll(() => page.getByRole("row", { name: /Signed in/ }).count(), { timeout: 15_000 }).toBe(0);
    const row = page.getByRole("row", { name: /Status changed.*VA-2026-E2E001/ }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain(ADMIN.email);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await seriousViolations(page)).toEqual([]);
    // The table scrolls inside its card; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends a non-admin from /admin to the dashboard with 'Access Denied'", async () => {
    const { page, problems, context } = await signIn(e2e.browser, APPLICANT.email);
    await page.goto(`${e2e.url}/admin`);
    await page.waitForURL(`${e2e.url}/dashboard`);
    await page.getByText("Access Denied", { exact: true }).waitFor();
    await page.getByText("You don't have admin privileges", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Admin Panel" }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
