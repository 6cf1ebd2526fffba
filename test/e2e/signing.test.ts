// The applicant signs the answer sheet on a phone: from the details page of the approved application to the sheet in
// plain words, a signature drawn with a finger (touch events through the browser's own input), the typed name and the
// confirmation; the page then says it is signed, with the PDF and the public check's address. Checked at both widths.
import { beforeAll, describe, expect, it } from "vitest";
import { atBothWidths, PHONE } from "../helpers/axe.ts";
import { drawByTouch } from "../helpers/drawing.ts";
import { e2eEnabled, insertApplication, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";

const e2e = setupE2E();
let applicant: TestUser;

beforeAll(async () => {
  if (!e2eEnabled) return;
  applicant = await makeUser(e2e.db, { fullName: "Adaeze Nwosu" });
});

describe.skipIf(!e2eEnabled)("signing the answer sheet", () => {
  it("on a 360 px phone, draws a signature by touch, types the name and signs", async () => {
    const id = await insertApplication(e2e, applicant.id, { reference: "VA-2026-SIGN01", status: "approved" });
    const { page, problems } = await signInAs(e2e, applicant);
    await page.setViewportSize(PHONE);
    await page.goto(`${e2e.url}/application/${id}`);
    await page.getByRole("link", { name: "Review and sign what we will lodge" }).click();
    await page.getByRole("heading", { name: "Review and sign what we will lodge" }).waitFor();
    await page.getByText("Standard Visitor visa: online application (GOV.UK)").waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

    // A stroke with a finger, as a phone's screen sends it.
    await drawByTouch(page);
    await page.getByRole("button", { name: "Clear the drawing" }).waitFor();

    await page.getByLabel(/^Type your full name/).fill("Adaeze Nwosu");
    await page.getByLabel(/I confirm these answers are true and complete/).check();
    await atBothWidths(page, "signing-form");
    await page.setViewportSize(PHONE);
    await page.getByRole("button", { name: "Sign the answer sheet" }).click();
    await page.getByText("Answer sheet signed", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Open the signed answer sheet (PDF)" }).waitFor();
    await page.getByText(/Anyone can check it at .*\/signatures\/[A-Z2-9]{10}$/).waitFor();

    const row = await e2e.db("form_signatures").where({ application_id: id }).first();
    expect(row).toMatchObject({ typed_name: "Adaeze Nwosu", drawn: true, voided_at: null });
    await atBothWidths(page, "signing-signed");
    expect(problems).toEqual([]);
  });
});
