// The answer sheet in the browser: staff open it from the case page and copy an answer into the clipboard, to paste
// into the government's portal; the page is checked at both widths.
import { beforeAll, describe, expect, it } from "vitest";
import { atBothWidths, DESKTOP } from "../helpers/axe.ts";
import { e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";

const e2e = setupE2E();
let staff: TestUser;
let applicant: TestUser;

beforeAll(async () => {
  if (!e2eEnabled) return;
  staff = await makeStaff(e2e, { fullName: "Bisi Ojo" });
  applicant = await makeUser(e2e.db, { fullName: "Ngozi Eze" });
});

describe.skipIf(!e2eEnabled)("the answer sheet", () => {
  it("a staff member opens the case's sheet and copies an answer in the form's format", async () => {
    const id = await insertApplication(e2e, applicant.id, {
      reference: "VA-2026-SHEET1",
      status: "approved",
      fields: { destination_country: "Germany", date_of_birth: "1992-05-14", phone: null },
    });
    const { page } = await signInAs(e2e, staff);
    await page.setViewportSize(DESKTOP);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.url });
    await page.goto(`${e2e.url}/admin/application/${id}`);
    await page.getByRole("link", { name: "Answer sheet" }).click();
    await page.getByRole("heading", { name: "Answer sheet VA-2026-SHEET1" }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

    // The phone is not given: it is listed first, among what is still missing.
    const missing = page.getByRole("heading", { name: /^Not answered yet \(\d+\)$/ });
    await missing.waitFor();
    await page.getByRole("link", { name: "19. Telephone number(s)" }).waitFor();

    await page.getByRole("button", { name: "Copy the answer to 4. Date of birth (day-month-year)" }).click();
    await page.getByText("Copied the answer to 4. Date of birth (day-month-year)").waitFor({ state: "attached" });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("14-05-1992");

    await atBothWidths(page, "form-sheet");
  });
});
