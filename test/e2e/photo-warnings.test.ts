// Step 3 on a phone: the applicant uploads a passport photo too small for the UK's rule; the job worker measures it
// and the step tells them what failed and what to do, as a warning (the step goes on). Reloaded, the page renders
// the same list from the server. Checked at both widths (axe, overflow).
import { beforeAll, describe, expect, it } from "vitest";
import { atBothWidths, PHONE } from "../helpers/axe.ts";
import { e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { portrait } from "../helpers/portraits.ts";

const e2e = setupE2E();
let applicant: TestUser;
const TOO_SMALL = "The photo is 480 × 600 pixels; the UK asks for at least 600 × 750.";

beforeAll(async () => {
  if (!e2eEnabled) return;
  applicant = await makeUser(e2e.db, { fullName: "Adaeze Nwosu" });
});

describe.skipIf(!e2eEnabled)("the passport photo against the destination's rules on step 3", () => {
  it("on a 360 px phone: upload, the warnings in words, the step going on, and the list on the next load", async () => {
    const id = await insertApplication(e2e, applicant.id, {
      reference: "VA-2026-PHO001",
      status: "draft",
      step: 3,
      passportFiles: false,
      fields: { destination_country: "United Kingdom" },
    });
    const { page, problems } = await signInAs(e2e, applicant);
    await page.setViewportSize(PHONE);
    await page.goto(`${e2e.url}/visa-application/${id}`);
    await page.getByRole("heading", { name: /^Step 3 of 8/ }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page
      .getByLabel("Passport photo")
      .setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: await portrait({ width: 480, height: 600 }) });

    // The worker measures it in the background; the step asks until it has.
    const warnings = page.getByRole("region", { name: "Check your passport photo" });
    await warnings.waitFor({ timeout: 60_000 });
    await warnings.getByText(TOO_SMALL).waitFor();
    expect(await warnings.getByRole("listitem").count()).toBe(1);
    await atBothWidths(page, "photo-warnings");
    await page.setViewportSize(PHONE);

    // A warning, not a refusal: Next goes on to step 4.
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: /^Step 4 of 8/ }).waitFor();

    // The next load of step 3 has the list in the server's HTML.
    const html = await (await page.request.get(`${e2e.url}/visa-application/${id}?step=3`)).text();
    expect(html).toContain(TOO_SMALL);
    // And the application's page.
    await page.goto(`${e2e.url}/application/${id}`);
    await page.getByRole("region", { name: "Check your passport photo" }).getByText(TOO_SMALL).waitFor();
    await atBothWidths(page, "photo-warnings-details");
    expect(problems).toEqual([]);

    // Staff see the same beside the passport files on the case.
    const staff = await signInAs(e2e, await makeStaff(e2e));
    await staff.page.goto(`${e2e.url}/admin/application/${id}`);
    const checks = staff.page.getByRole("region", { name: "Passport photo checks" });
    await checks.getByText(TOO_SMALL).waitFor();
    await atBothWidths(staff.page, "photo-warnings-case");
    expect(staff.problems).toEqual([]);
  }, 120_000);
});
