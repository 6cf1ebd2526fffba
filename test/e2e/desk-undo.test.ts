// The staff's desk end to end: a manager invites an officer → the officer sets a password from the e-mailed link and
// turns on two-factor sign-in → takes an unassigned case → approves it (answering the confirmation) → presses Undo
// within the 30 seconds → the case is back in its status and no e-mail went to the applicant. At 360 and 1280 px,
// with axe on the review page while Undo shows.
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { atBothWidths, DESKTOP, PHONE, seriousViolations } from "../helpers/axe.ts";
import { answerConfirm, openPage } from "../helpers/browser.ts";
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

describe.skipIf(!e2eEnabled)("the staff's desk: a status change taken back", () => {
  it("an invited officer enrols, takes a case, approves it and undoes it within 30 seconds: no e-mail leaves", { timeout: 240_000 }, async () => {
    const manager = await makeStaff(e2e, { fullName: "Folake Adeyemi" });
    const applicant = await makeUser(e2e.db, { fullName: "Chidi Okafor", email: "chidi.undo@example.com" });
    const caseId = await insertApplication(e2e, applicant.id, {
      reference: "VA-2026-UNDO01",
      status: "submitted",
      fields: { full_name: "Chidi Okafor" },
    });

    // The manager invites the officer from the Staff page.
    const { page, problems } = await signInAs(e2e, manager);
    await page.goto(`${e2e.url}/admin/staff`);
    await page.waitForFunction(hydrated);
    await page.getByLabel("Full name").fill("Folake Officer");
    await page.getByLabel("Email").fill("folake.officer@example.com");
    await page.getByLabel("Role", { exact: true }).selectOption("case_officer");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText("Invitation sent").first().waitFor();
    expect(problems).toEqual([]);

    // The officer follows the link, chooses a password and turns on two-factor sign-in.
    const [mail] = await smtp.waitFor((m) => m.to.includes("folake.officer@example.com") && /invited/.test(m.subject), 1, 30_000);
    const officer = await openPage(e2e.browser, PHONE);
    const o = officer.page;
    await o.goto(onServer(mail.links.find((l) => l.includes("/staff/invitation?token=")) ?? ""));
    await o.waitForFunction(hydrated);
    await o.getByLabel(/^Password/).fill("folake chooses a long passphrase 8");
    await o.getByRole("button", { name: "Set my password" }).click();
    await o.waitForURL(`${e2e.url}/account/two-factor`);
    await o.waitForFunction(hydrated);
    const secret = (await o.locator("li code").first().textContent())?.replace(/\s/g, "") ?? "";
    await o.getByLabel("Code from the app").fill(await freshCode(secret));
    await o.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await o.getByText("I have saved them: continue").click();

    // The officer takes the unassigned case.
    // Continuing opens the panel, on Unassigned: nothing is theirs yet.
    await o.waitForURL(`${e2e.url}/admin`);
    await o.getByRole("heading", { name: "Unassigned Cases" }).waitFor();
    const card = o.getByRole("list", { name: "Applications" }).getByRole("listitem").filter({ hasText: "VA-2026-UNDO01" });
    await card.getByRole("button", { name: "Take VA-2026-UNDO01" }).click();
    await o.waitForURL(`${e2e.url}/admin/application/${caseId}`);
    await o.getByText("Case taken").first().waitFor();

    // Approves it, answering the confirmation; the e-mail waits for the window, and Undo shows in a live region.
    await o.getByLabel("New status").selectOption("approved");
    const asked = answerConfirm(o);
    await o.getByRole("button", { name: "Update Status" }).click();
    expect(await asked).toBe("Approve VA-2026-UNDO01 and e-mail Chidi Okafor?");
    const banner = o.getByRole("status").filter({ hasText: "Status changed to Approved." });
    await banner.waitFor();
    expect((await e2e.db("visa_applications").where({ id: caseId }).first("status")).status).toBe("approved");
    expect((await e2e.db("email_messages").where({ application_id: caseId, kind: "status_changed" }).first("status")).status).toBe("queued");
    await o.setViewportSize(PHONE);
    if (process.env.SCREENSHOT_DIR) await banner.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, "undo-banner-360.png") });
    await atBothWidths(o, "review-with-undo");

    // Undo, from the keyboard.
    await banner.getByRole("button", { name: "Undo" }).focus();
    await o.keyboard.press("Enter");
    await o.getByText("Status change undone").first().waitFor();
    await banner.waitFor({ state: "detached" });
    await o.getByText("approved, undone by Folake").waitFor();
    expect((await e2e.db("email_messages").where({ application_id: caseId, kind: "status_changed" }).first("status")).status).toBe("not_sent");
    expect(await e2e.db.raw("SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'send_email'").then((r) => r.rows)).toEqual([]);
    expect(smtp.received.filter((m) => m.to.includes("chidi.undo@example.com"))).toEqual([]);

    // The list's inline change offers the same Undo in its row.
    await o.setViewportSize(DESKTOP);
    await o.goto(`${e2e.url}/admin`);
    await o.waitForFunction(hydrated);
    const select = o.getByLabel("Status of VA-2026-UNDO01");
    const inline = answerConfirm(o);
    await select.selectOption("under_review");
    expect(await inline).toBe("Move VA-2026-UNDO01 to Under Review and e-mail Chidi Okafor?");
    const row = o.getByRole("row").filter({ hasText: "VA-2026-UNDO01" });
    await row.getByRole("status").filter({ hasText: "Status changed to Under Review." }).waitFor();
    expect(await seriousViolations(o)).toEqual([]);
    await row.getByRole("button", { name: "Undo" }).click();
    await row.getByRole("button", { name: "Undo" }).waitFor({ state: "detached" });
    expect(await select.inputValue()).toBe("submitted");
    expect(smtp.received.filter((m) => m.to.includes("chidi.undo@example.com"))).toEqual([]);
    expect(officer.problems).toEqual([]);

    expect((await e2e.db("visa_applications").where({ id: caseId }).first("status")).status).toBe("submitted");

    // The manager sees the officer's workload in analytics: the case taken and still open, none late.
    await page.goto(`${e2e.url}/admin/analytics`);
    const workload = page.getByRole("table", { name: "Per officer" }).getByRole("row").filter({ hasText: "Folake Officer" });
    expect(await workload.getByRole("cell").allTextContents()).toEqual(["1", "0", "0", "—"]);
    expect(problems).toEqual([]);
  });
});
