// The document loop in the browser: staff request a bank statement with a due date, the applicant sees it on the
// dashboard and uploads it, staff send it back with a reason, the applicant uploads again, staff accept and approve;
// at 360 px and 1280 px, with axe. Staff see the file by the name it was asked for ("Bank statements").
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, lagosDay } from "../../server/domain/calendar.ts";
import { seriousViolations } from "../helpers/axe.ts";
import { answerConfirm } from "../helpers/browser.ts";
import { e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { PNG } from "../helpers/files.ts";

const e2e = setupE2E();
let staff: TestUser;
let applicant: TestUser;

beforeAll(async () => {
  if (!e2eEnabled) return;
  staff = await makeStaff(e2e, { fullName: "Bisi Ojo" });
  applicant = await makeUser(e2e.db, { fullName: "Ngozi Eze" });
});

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const statement = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });

describe.skipIf(!e2eEnabled)("the document loop", () => {
  it("request → upload → send back → upload again → accept → approve", async () => {
    const id = await insertApplication(e2e, applicant.id, { reference: "VA-2026-DOCS01", status: "submitted", passportFiles: false });
    const dueOn = addDays(lagosDay(new Date()), 10);
    const [, m, d] = dueOn.split("-").map(Number);
    const shortDue = `${d} ${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][m - 1]}`;

    const admin = await signInAs(e2e, staff);
    const desk = admin.page;
    await desk.setViewportSize({ width: 1280, height: 900 });
    const openReview = async () => {
      await desk.goto(`${e2e.url}/admin/application/${id}`);
      await hydrated(desk);
    };
    await openReview();
    const requests = desk.getByRole("region", { name: "Document requests" });
    await requests.getByLabel("Bank statements", { exact: true }).check();
    await requests.getByLabel("Due date").fill(dueOn);
    await requests.getByRole("button", { name: "Request documents" }).click();
    await desk.getByText("Documents requested", { exact: true }).waitFor();
    await requests.getByText(`Due ${shortDue}`, { exact: false }).waitFor();
    expect(await seriousViolations(desk)).toEqual([]);

    const owner = await signInAs(e2e, applicant);
    const { page } = owner;
    await page.setViewportSize({ width: 360, height: 800 });
    const card = page.getByRole("listitem", { name: /VA-2026-DOCS01/ });
    await card.getByText(new RegExp(`^1 document requested — due ${shortDue}`)).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await card.getByRole("link", { name: "Tourist Visa" }).click();
    const asked = page.getByRole("region", { name: "Requested documents" });
    await asked.getByText(`Due ${shortDue}`, { exact: false }).first().waitFor();
    await hydrated(page);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await asked.getByLabel(/^Bank statement/).setInputFiles(statement("statement-june.png"));
    await asked.getByText("statement-june.png").waitFor();
    await asked.getByText("· To review").waitFor();

    await openReview();
    const documents = desk.getByRole("region", { name: "Documents", exact: true });
    await documents.getByRole("img", { name: "Bank statements preview" }).waitFor();
    await documents.getByText("0 of 1 accepted").waitFor();
    await documents.getByRole("button", { name: "Send back Bank statement" }).click();
    await documents.getByLabel('Why is "Bank statements" sent back?').fill("The statement is older than 3 months.");
    await documents.getByRole("button", { name: "Send back", exact: true }).click();
    await desk.getByText("Document sent back", { exact: true }).waitFor();
    await documents.getByText("Sent back: The statement is older than 3 months.").waitFor();

    await page.reload();
    await hydrated(page);
    await asked.getByText("The statement is older than 3 months.").waitFor();
    await asked.getByLabel(/^Bank statement/).setInputFiles(statement("statement-october.png"));
    await asked.getByText("statement-october.png").waitFor();

    await openReview();
    await documents.getByText("statement-october.png").waitFor();
    await documents.getByRole("button", { name: "Accept Bank statement" }).click();
    await desk.getByText("Document accepted", { exact: true }).waitFor();
    await documents.getByText("1 of 1 accepted").waitFor();
    await desk.getByLabel("New status").selectOption("approved");
    const confirmed = answerConfirm(desk);
    await desk.getByRole("button", { name: "Update Status" }).click();
    expect(await confirmed).toMatch(/^Approve VA-2026-DOCS01 and e-mail /);
    await desk.getByText("Status updated successfully", { exact: true }).waitFor();
    expect((await e2e.db("visa_applications").where({ id }).first()).status).toBe("approved");
    expect(await e2e.db("application_documents").where({ application_id: id })).toMatchObject([
      { file_name: "statement-october.png", review_state: "accepted" },
    ]);

    // The same pages the other way round: staff's at 360 px, the applicant's at 1280 px.
    await desk.setViewportSize({ width: 360, height: 800 });
    await openReview();
    expect(await fitsWidth(desk)).toBe(true);
    expect(await seriousViolations(desk)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await hydrated(page);
    await asked.getByText("· Accepted").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    expect([...admin.problems, ...owner.problems]).toEqual([]);
    await admin.context.close();
    await owner.context.close();
  }, 240_000);
});
