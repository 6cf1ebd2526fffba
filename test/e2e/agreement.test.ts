// The applicant signs the service agreement on a phone before paying: from the payment page, which offers the
// agreement instead of the ways to pay, to the agreement with this application's fee, a signature drawn with a finger
// (touch events through the browser's own input), the typed name and the two boxes; then back on the payment page,
// which offers the ways to pay. Checked at both widths.
import { beforeAll, describe, expect, it } from "vitest";
import { SERVICE_AGREEMENT_VERSION } from "../../views/content/serviceAgreement.ts";
import { atBothWidths, PHONE } from "../helpers/axe.ts";
import { drawByTouch } from "../helpers/drawing.ts";
import { e2eEnabled, insertApplication, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { BANK_ENV } from "../helpers/payments.ts";

const e2e = setupE2E(BANK_ENV);
let applicant: TestUser;

beforeAll(async () => {
  if (!e2eEnabled) return;
  applicant = await makeUser(e2e.db, { fullName: "Adaeze Nwosu" });
});

describe.skipIf(!e2eEnabled)("signing the service agreement", () => {
  it("on a 360 px phone, goes from the payment page to the agreement, draws by touch, signs and comes back to pay", async () => {
    const id = await insertApplication(e2e, applicant.id, {
      reference: "VA-2026-AGRE01",
      status: "submitted",
      agreement: false,
      fields: { full_name: "Adaeze Nwosu" },
    });
    const { page, problems } = await signInAs(e2e, applicant);
    await page.setViewportSize(PHONE);
    await page.goto(`${e2e.url}/payment/${id}`);
    await page.getByRole("heading", { name: "Before you pay: read and sign the service agreement" }).waitFor();
    expect(await page.getByRole("heading", { name: "Pay by bank transfer" }).count()).toBe(0);
    await atBothWidths(page, "agreement-before-pay");
    await page.setViewportSize(PHONE);
    await page.getByRole("link", { name: "Read and sign the service agreement" }).click();
    await page.getByRole("heading", { name: "Service agreement and data-protection consent" }).waitFor();
    await page.getByText("For this application you pay ₦232,500 in all:").waitFor();
    await page.getByRole("heading", { name: /Nigeria Data Protection Act 2023/ }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

    // A stroke with a finger, as a phone's screen sends it.
    await drawByTouch(page);

    await page.getByLabel(/I have read this service agreement and agree to it/).check();
    await page.getByLabel(/I consent to the processing of my data/).check();
    await page.getByLabel(/^Type your full name/).fill("Adaeze Nwosu");
    await atBothWidths(page, "agreement-form");
    await page.setViewportSize(PHONE);
    await page.getByRole("button", { name: "Sign the agreement" }).click();

    // Back on the payment page, the ways to pay offered.
    await page.waitForURL(`${e2e.url}/payment/${id}`);
    await page.getByText("Service agreement signed", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Pay by bank transfer" }).waitFor();
    expect(await page.getByRole("heading", { name: "Before you pay: read and sign the service agreement" }).count()).toBe(0);
    const row = await e2e.db("agreement_signatures").where({ application_id: id }).first();
    expect(row).toMatchObject({ typed_name: "Adaeze Nwosu", drawn: true, version: SERVICE_AGREEMENT_VERSION });

    await page.goto(`${e2e.url}/application/${id}/agreement`);
    await page.getByRole("link", { name: "Open the signed agreement (PDF)" }).waitFor();
    await atBothWidths(page, "agreement-signed");
    expect(problems).toEqual([]);
  });
});
