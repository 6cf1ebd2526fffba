// A submitted application's missing required documents in the browser: the applicant, at 360 px, follows the review's
// link to the details page and sends one there without being asked; staff, at 1280 px, find it to review under the
// item's name. With axe, and nothing wider than the phone.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../helpers/axe.ts";
import { e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { PNG } from "../helpers/files.ts";

const e2e = setupE2E();
let staff: TestUser;
let applicant: TestUser;
const CAS = "CAS (Confirmation of Acceptance for Studies)";

beforeAll(async () => {
  if (!e2eEnabled) return;
  staff = await makeStaff(e2e, { fullName: "Bisi Ojo" });
  applicant = await makeUser(e2e.db, { fullName: "Tobi Adeyemi" });
});

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const shoot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true });
};

describe.skipIf(!e2eEnabled)("missing documents after submission", () => {
  it("the applicant sends one from the details page; staff see it to review under its item's name", async () => {
    const id = await insertApplication(e2e, applicant.id, {
      reference: "VA-2026-MISS01",
      status: "submitted",
      fields: {
        visa_type: "study",
        destination_country: "United Kingdom",
        visa_specific_data: { institution_name: "University of Leeds", course_of_study: "MSc Data Science", study_duration: "1 year" },
      },
    });

    const owner = await signInAs(e2e, applicant);
    const { page } = owner;
    await page.setViewportSize({ width: 360, height: 800 });
    // The review names what is missing and leads to where it is sent, not to the wizard's step 7.
    await page.goto(`${e2e.url}/visa-application/${id}/review`);
    await hydrated(page);
    await page.getByRole("link", { name: `send it (${CAS})` }).click();
    await page.waitForURL(`${e2e.url}/application/${id}#missing-documents`);
    const missing = page.getByRole("region", { name: "Documents still missing" });
    await missing.getByLabel(/^Proof of funds/).waitFor({ state: "attached" });
    await hydrated(page);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, "missing-360-before");
    await missing.getByLabel(/^CAS/).setInputFiles({ name: "cas-leeds.png", mimeType: "image/png", buffer: PNG });
    await page.getByText("Document uploaded successfully").first().waitFor();
    await missing.getByText(CAS).waitFor({ state: "detached" });
    await missing.getByLabel(/^Certificates and transcripts/).waitFor({ state: "attached" });
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, "missing-360-after");
    expect(await e2e.db("application_documents").where({ application_id: id })).toMatchObject([
      { document_type: "admission_letter", file_name: "cas-leeds.png", review_state: "to_review", request_id: null },
    ]);

    const admin = await signInAs(e2e, staff);
    const desk = admin.page;
    await desk.setViewportSize({ width: 1280, height: 900 });
    await desk.goto(`${e2e.url}/admin/application/${id}`);
    await hydrated(desk);
    const documents = desk.getByRole("region", { name: "Documents", exact: true });
    const file = documents.getByRole("listitem").filter({ has: desk.getByRole("heading", { name: CAS }) });
    await file.getByText("To review", { exact: true }).waitFor();
    await file.getByRole("button", { name: `Accept ${CAS}` }).waitFor();
    expect(await documents.getByText("Admission letter", { exact: true }).count()).toBe(0);
    expect(await seriousViolations(desk)).toEqual([]);
    await shoot(desk, "missing-staff-1280");

    expect([...admin.problems, ...owner.problems]).toEqual([]);
    await admin.context.close();
    await owner.context.close();
  }, 240_000);
});
