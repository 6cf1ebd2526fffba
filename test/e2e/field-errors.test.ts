// Each form family shows the server's message beside its field (aria-describedby, aria-invalid), and a toast that
// points to it instead of repeating it.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../helpers/axe.ts";
import { openPage } from "../helpers/browser.ts";
import { e2eEnabled, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { signedAgreement } from "../helpers/signatures.ts";

const e2e = setupE2E();
let applicant: TestUser;
let admin: TestUser;
let draftId: string;
let submittedId: string;

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

/** The control labelled `label` is marked invalid and described by an element that says `message`. */
async function expectBeside(page: Page, label: string, message: string) {
  const control = page.getByLabel(label).first();
  await expect.poll(() => control.getAttribute("aria-invalid")).toBe("true");
  const ids = ((await control.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  expect(texts).toContain(message);
}

/** The destructive toast of the error catalogue, with its title and what it says. */
async function expectToast(page: Page, title: string, description: string) {
  const toast = page.getByRole("status").filter({ hasText: title });
  await toast.filter({ hasText: description }).first().waitFor();
}

// A browser walk on a loaded machine takes longer than the default minute.
const SLOW = 180_000;

describe.skipIf(!e2eEnabled)("field errors beside their fields", () => {
  beforeAll(async () => {
    applicant = await makeUser(e2e.db, { fullName: "Ngozi Eze" });
    admin = await makeStaff(e2e, { fullName: "Bayo Ade" });
    const app = (ref: string, fields: Record<string, unknown>) => ({
      user_id: applicant.id,
      reference_number: ref,
      visa_type: "tourist",
      full_name: applicant.fullName,
      ...fields,
    });
    [{ id: draftId }] = await e2e
      .db("visa_applications")
      .insert(app("VA-2026-FIELD1", { status: "draft", current_step: 4 }))
      .returning("id");
    [{ id: submittedId }] = await e2e
      .db("visa_applications")
      .insert(app("VA-2026-FIELD2", { status: "submitted", submitted_at: new Date() }))
      .returning("id");
    // Its service agreement signed: the payment page offers the ways to pay.
    await signedAgreement(e2e.db, submittedId);
  }, SLOW);

  it(
    "auth: beside the field, and the 'Signup Error' toast points to it (without JavaScript: validation.test.ts)",
    async () => {
      const { page, problems } = await openPage(e2e.browser);
      await page.goto(`${e2e.url}/signup`);
      await hydrated(page);
      await page.getByLabel("Full Name").fill("Ada Obi");
      await page.getByLabel("Email").fill("ada@example");
      await page.getByLabel("Password").fill("secret-enough");
      await page.getByRole("button", { name: "Create Account" }).click();
      await expectBeside(page, "Email", "Enter a valid email address");
      await expectToast(page, "Signup Error", "Check the message under the field.");
      expect(await page.getByRole("status").filter({ hasText: "Enter a valid email address" }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems.filter((p) => !p.includes("400"))).toEqual([]);
    },
    SLOW,
  );

  it(
    "wizard: an answer in a wrong format is saved and shown beside its field (a draft's save never fails on format)",
    async () => {
      const { page } = await signInAs(e2e, applicant);
      await page.goto(`${e2e.url}/visa-application/${draftId}?step=4`);
      await hydrated(page);
      await page.getByLabel("Email").fill("not-an-email");
      await page.getByRole("button", { name: "Save Progress" }).click();
      await page.getByText("Progress saved successfully", { exact: true }).waitFor();
      await expectBeside(page, "Email", "Enter a valid email address");
      await page.getByRole("heading", { name: /Step 4 of 8/ }).waitFor();
      expect((await e2e.db("visa_applications").where({ id: draftId }).first()).email).toBe("not-an-email");
      expect(await seriousViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    "payment: a typing mistake is a message beside its field, not 'Payment Failed'; a corrected field's message goes; paying then shows only 'Payment Successful'",
    async () => {
      const { page } = await signInAs(e2e, applicant);
      await page.goto(`${e2e.url}/payment/${submittedId}`);
      await hydrated(page);
      await page.getByLabel("Cardholder name").fill("Ngozi Eze");
      await page.getByLabel("Card number").fill("4111 1111 1111");
      await page.getByLabel("Expiry (MM/YY)").fill("1329");
      await page.getByLabel("CVV").fill("12");
      await page.getByRole("button", { name: /^Pay / }).click();
      await expectBeside(page, "Card number", "Card number must be 16 digits");
      await expectBeside(page, "Expiry (MM/YY)", "Expiry month must be 01 to 12");
      await expectBeside(page, "CVV", "CVV must be 3 digits");
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.getByRole("status").filter({ hasText: "Payment Failed" }).count()).toBe(0);
      expect((await e2e.db("visa_applications").where({ id: submittedId }).first()).payment_status).not.toBe("paid");
      // Correcting a field takes its message away as it is typed; the others stay until they are corrected.
      await page.getByLabel("Expiry (MM/YY)").fill("1229");
      await expect.poll(() => page.getByLabel("Expiry (MM/YY)").getAttribute("aria-invalid")).not.toBe("true");
      await expectBeside(page, "CVV", "CVV must be 3 digits");
      await page.getByLabel("Card number").fill("4111 1111 1111 1111");
      await page.getByLabel("CVV").fill("123");
      // A payment that does go wrong (the connection drops) is "Payment Failed"; the next, successful try closes it,
      // so the two are never shown together.
      await page.route("**/api/applications/*/payment", (route) => route.abort("connectionreset"), { times: 1 });
      await page.getByRole("button", { name: /^Pay / }).click();
      await page.getByRole("status").filter({ hasText: "Payment Failed" }).first().waitFor();
      expect(await page.getByRole("status").filter({ hasText: "Payment Successful" }).count()).toBe(0);
      expect((await e2e.db("visa_applications").where({ id: submittedId }).first()).payment_status).not.toBe("paid");
      await page.getByRole("button", { name: /^Pay / }).click();
      await page.getByRole("status").filter({ hasText: "Payment Successful" }).first().waitFor();
      // Looked at the moment success shows (the failure toast would otherwise close by itself after 5 seconds).
      expect(await page.locator('[data-state="open"]').filter({ hasText: "Payment Failed" }).count()).toBe(0);
    },
    SLOW,
  );

  it(
    "admin: a blank note is refused beside the field, with 'Failed to add note' (the server refuses it too: validation.test.ts)",
    async () => {
      const { page } = await signInAs(e2e, admin);
      await page.goto(`${e2e.url}/admin/application/${submittedId}`);
      await hydrated(page);
      await page.getByLabel("Add a note").fill("   ");
      await page.getByRole("button", { name: "Add Note" }).click();
      await expectBeside(page, "Add a note", "Note cannot be empty");
      await expectToast(page, "Failed to add note", "Check the message under the field.");
      expect(await seriousViolations(page)).toEqual([]);
      expect(Number((await e2e.db("admin_notes").count({ n: "*" }).first())?.n)).toBe(0);
    },
    SLOW,
  );
});
