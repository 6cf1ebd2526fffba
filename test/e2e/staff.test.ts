// The staff's desk in the browser: a manager invites a case officer from the Staff page → the officer follows the
// e-mailed link, chooses a password and turns on two-factor sign-in → takes an unassigned case from the Unassigned tab
// (one card per case on a 360 px phone) → opens it; at 360 and 1280 px, with axe.
import { afterAll, describe, expect, it } from "vitest";
import { atBothWidths, DESKTOP, PHONE, seriousViolations } from "../helpers/axe.ts";
import { openPage } from "../helpers/browser.ts";
import { e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser } from "../helpers/factories.ts";
import { startSmtp } from "../helpers/smtp.ts";
import { freshCode } from "../helpers/twoFactor.ts";

const smtp = await startSmtp();
const e2e = setupE2E({ SMTP_URL: smtp.url });
afterAll(() => smtp.stop());

const hydrated = () => document.documentElement.dataset.hydrated === "true";
/** Links in mail name the server's own address (localhost); the browser reaches the same server as e2e.url. */
const onServer = (link: string) => link.replace(/^http:\/\/localhost:\d+/, e2e.url);

describe.skipIf(!e2eEnabled)("the staff's desk", () => {
  it("a manager invites an officer, who sets a password, enrols two-factor, takes an unassigned case and opens it", {
    timeout: 240_000,
  }, async () => {
    const manager = await makeStaff(e2e, { fullName: "Folake Adeyemi" });
    const applicant = await makeUser(e2e.db, { fullName: "Chidi Okafor" });
    const caseId = await insertApplication(e2e, applicant.id, { reference: "VA-2026-DESK01", status: "submitted" });

    const { page, problems } = await signInAs(e2e, manager);
    await page.setViewportSize(DESKTOP);
    await page.getByRole("link", { name: "Admin Panel" }).click();
    // Nothing is assigned to the manager: the list opens on Unassigned, where the case waits.
    await page.getByRole("heading", { name: "Unassigned Cases" }).waitFor();
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Staff" }).click();
    await page.getByRole("heading", { name: "Staff", level: 1 }).waitFor();
    await page.getByLabel("Full name").fill("Ife Officer");
    await page.getByLabel("Email").fill("ife.officer@example.com");
    await page.getByLabel("Role", { exact: true }).selectOption("case_officer");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText("Invitation sent").first().waitFor();
    await page.getByText("Case officer · Invited · 0 open cases").waitFor();
    await atBothWidths(page, "staff");
    expect(problems).toEqual([]);

    const [mail] = await smtp.waitFor((m) => m.to.includes("ife.officer@example.com") && /invited/.test(m.subject), 1, 30_000);
    const link = mail.links.find((l) => l.includes("/staff/invitation?token="));
    expect(link).toBeTruthy();

    const officer = await openPage(e2e.browser, PHONE);
    const o = officer.page;
    await o.goto(onServer(link ?? ""));
    await o.waitForFunction(hydrated);
    await o.getByRole("heading", { name: "Welcome to the team" }).waitFor();
    expect(await seriousViolations(o)).toEqual([]);
    await o.getByLabel(/^Password/).fill("ife chooses a long passphrase 7");
    await o.getByRole("button", { name: "Set my password" }).click();
    await o.waitForURL(`${e2e.url}/account/two-factor`);
    await o.getByRole("heading", { name: "Two-factor sign-in", level: 1 }).waitFor();
    await o.waitForFunction(hydrated);
    // During enrolment the header shows enrolment as the next step, not an Admin Panel link that bounces back.
    expect(await o.getByRole("link", { name: "Admin Panel" }).count()).toBe(0);
    await o.getByRole("link", { name: "Next: two-factor sign-in" }).waitFor();
    const secret = (await o.locator("li code").first().textContent())?.replace(/\s/g, "") ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await o.getByLabel("Code from the app").fill(await freshCode(secret));
    await o.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await o.getByRole("heading", { name: "Save your recovery codes now" }).waitFor();
    await o.getByText("I have saved them: continue").click();

    // Continuing opens the panel; nothing is theirs yet, so it opens on Unassigned: on a phone, one card per case, with Take.
    await o.waitForURL(`${e2e.url}/admin`);
    await o.getByRole("heading", { name: "Unassigned Cases" }).waitFor();
    const card = o.getByRole("list", { name: "Applications" }).getByRole("listitem").filter({ hasText: "VA-2026-DESK01" });
    await card.getByText("Unassigned").waitFor();
    expect(await o.locator("header").getByText("Admin", { exact: true }).isVisible()).toBe(true);
    await atBothWidths(o, "list-unassigned");
    await o.setViewportSize(PHONE);
    await card.getByRole("button", { name: "Take VA-2026-DESK01" }).click();
    await o.waitForURL(`${e2e.url}/admin/application/${caseId}`);
    await o.getByRole("heading", { name: "Application VA-2026-DESK01" }).waitFor();
    await o.getByText("Case taken").first().waitFor();
    await o.getByText("Taken by Ife Officer").waitFor();
    expect(await seriousViolations(o)).toEqual([]);

    // Mine now holds it, as a card on the phone and a row at 1280 px.
    await o.goto(`${e2e.url}/admin`);
    await o.waitForFunction(hydrated);
    await o.getByRole("list", { name: "Applications" }).getByText("VA-2026-DESK01").waitFor();
    await atBothWidths(o, "list-mine");
    await o.getByRole("row", { name: /VA-2026-DESK01.*You/ }).waitFor();
    // A manager's page is not the officer's: the admin panel's denial.
    await o.goto(`${e2e.url}/admin/staff`);
    await o.waitForURL(`${e2e.url}/admin`);
    await o.getByText("Only a manager can open this page.").first().waitFor();
    expect((await e2e.db("visa_applications").where({ id: caseId }).first("assignee_id")).assignee_id).toBeTruthy();
    expect(officer.problems).toEqual([]);
  });
});
