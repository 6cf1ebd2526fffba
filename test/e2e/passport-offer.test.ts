// Step 3 on a phone with passport reading on: the applicant uploads a photo of the passport's data page, the site's
// job worker reads its bottom lines, and the step offers each answer that differs beside what was typed; one is
// taken ("Use this"), another kept, and the saved draft holds exactly that. Checked at both widths (axe, overflow).
import { beforeAll, describe, expect, it } from "vitest";
import { atBothWidths, PHONE } from "../helpers/axe.ts";
import { e2eEnabled, insertApplication, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { identity, passportImage } from "../helpers/passportScans.ts";

const e2e = setupE2E({ PASSPORT_READING: "on" });
let applicant: TestUser;
const who = identity(4);

beforeAll(async () => {
  if (!e2eEnabled) return;
  applicant = await makeUser(e2e.db, { fullName: "Adaeze Nwosu" });
});

describe.skipIf(!e2eEnabled)("the passport's bottom lines offered on step 3", () => {
  it("on a 360 px phone: upload, the offer beside what was typed, one answer taken and one kept", async () => {
    const id = await insertApplication(e2e, applicant.id, {
      reference: "VA-2026-MRZ001",
      status: "draft",
      step: 3,
      passportFiles: false,
      fields: { full_name: "Adaeze Nwosu", passport_number: "A1234567", date_of_birth: who.birthDate, passport_expiry_date: who.expiryDate },
    });
    const scan = await passportImage(who, { width: 1600, rotate: 1, blur: 0.5, brightness: 0.95, jpegQuality: 85, noise: 8 });
    const { page, problems } = await signInAs(e2e, applicant);
    await page.setViewportSize(PHONE);
    await page.goto(`${e2e.url}/visa-application/${id}`);
    await page.getByRole("heading", { name: /^Step 3 of 8/ }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByLabel("Passport scan").setInputFiles({ name: "passport.jpg", mimeType: "image/jpeg", buffer: scan });

    // The worker reads it in the background; the step asks until it has.
    const offer = page.getByRole("region", { name: "We read these from your passport — check them" });
    await offer.waitFor({ timeout: 90_000 });
    // What differs, and only that: the name, the number and (for a man: the draft says female) the gender; the dates
    // were typed as the passport has them.
    await expect.poll(() => offer.getByRole("listitem").count()).toBe(who.sex === "M" ? 3 : 2);
    await offer.getByText(`Passport: ${who.number}`).waitFor();
    await offer.getByText("You typed: A1234567").waitFor();
    await atBothWidths(page, "passport-offer");
    await page.setViewportSize(PHONE);

    // The number from the passport; the name as typed.
    await offer.getByRole("button", { name: "Use the passport's passport number" }).click();
    await expect.poll(() => page.getByLabel("Passport number").inputValue()).toBe(who.number);
    await expect.poll(() => offer.getByText(`Passport: ${who.number}`).count()).toBe(0);
    await page.getByRole("button", { name: "Save Progress" }).click();
    await expect
      .poll(async () => (await e2e.db("visa_applications").where({ id }).first("passport_number")).passport_number, { timeout: 15_000 })
      .toBe(who.number);
    const saved = await e2e.db("visa_applications").where({ id }).first("full_name", "date_of_birth");
    expect(saved.full_name).toBe("Adaeze Nwosu");
    expect(problems).toEqual([]);
  }, 180_000);
});
