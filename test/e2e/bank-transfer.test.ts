// Bank transfer in the browser: the applicant starts a transfer, reads the account, amount and narration code, uploads
// the proof; staff open it from the Payments page and confirm it; the application is paid and the receipt e-mailed.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atBothWidths, seriousViolations } from "../helpers/axe.ts";
import { e2eEnabled, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { completeDraft, makeUser, type TestUser } from "../helpers/factories.ts";
import { PNG } from "../helpers/files.ts";
import { BANK_ENV } from "../helpers/payments.ts";
import { signedAgreement } from "../helpers/signatures.ts";
import { startSmtp } from "../helpers/smtp.ts";

const smtp = await startSmtp();
const e2e = setupE2E({ ...BANK_ENV, SMTP_URL: smtp.url, STAFF_NOTIFY_EMAIL: "office@example.com" });
const fixtureDir = mkdtempSync(path.join(tmpdir(), "vs-fixtures-"));
afterAll(async () => {
  rmSync(fixtureDir, { recursive: true, force: true });
  await smtp.stop();
});

let staff: TestUser;
let applicant: TestUser;
let applicationId: string;
let secondId: string;

beforeAll(async () => {
  if (!e2eEnabled) return;
  staff = await makeStaff(e2e, { fullName: "Bisi Ojo" });
  applicant = await makeUser(e2e.db, { fullName: "Ngozi Eze", email: "ngozi@example.com" });
  const { visa_specific_data, ...fields } = completeDraft({ full_name: "Ngozi Eze" });
  const [row] = await e2e
    .db("visa_applications")
    .insert({
      ...fields,
      visa_specific_data: JSON.stringify(visa_specific_data),
      user_id: applicant.id,
      reference_number: "VA-2026-BANKTX",
      status: "submitted",
      current_step: 8,
      submitted_at: new Date(),
    })
    .returning("id");
  applicationId = row.id;
  const [second] = await e2e
    .db("visa_applications")
    .insert({
      ...fields,
      visa_specific_data: JSON.stringify(visa_specific_data),
      user_id: applicant.id,
      reference_number: "VA-2026-WITHDR",
      status: "submitted",
      current_step: 8,
      submitted_at: new Date(),
    })
    .returning("id");
  secondId = second.id;
  await signedAgreement(e2e.db, applicationId);
  await signedAgreement(e2e.db, secondId);
});

describe.skipIf(!e2eEnabled)("bank transfer in the browser", () => {
  it("transfer → proof → staff confirm → paid, and the receipt e-mailed", async () => {
    const { page, problems } = await signInAs(e2e, applicant);
    await page.goto(`${e2e.url}/payment/${applicationId}`);
    await page.getByRole("heading", { name: "Pay by bank transfer" }).waitFor();
    await page.getByRole("button", { name: "Pay by bank transfer" }).click();
    await page.getByText("Zenith Bank", { exact: true }).waitFor();
    const narration = await page.getByText(/^Write HG[A-Z2-9]{6} in the transfer's narration\.$/).textContent();
    const code = narration?.match(/HG[A-Z2-9]{6}/)?.[0];
    expect(code).toBeTruthy();
    await page.getByText("₦232,500", { exact: true }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const proof = path.join(fixtureDir, "transfer.png");
    writeFileSync(proof, PNG);
    await page.getByLabel("Proof of transfer").setInputFiles(proof);
    await page.getByRole("button", { name: "Upload proof" }).click();
    // The card's own status (the toast's announcement repeats its words while it shows).
    await page.getByRole("main").getByRole("status").filter({ hasText: "Waiting for our confirmation — usually within one working day." }).waitFor();
    await page.getByRole("link", { name: "transfer.png" }).waitFor();
    // One open payment at a time: the transfer is being checked, so no other way to pay is offered.
    await page.getByRole("heading", { name: "Transfer received — we are checking it" }).waitFor();
    expect(await page.getByText(/^₦232,500 by bank transfer, proof received /).count()).toBe(1);
    expect(await page.getByRole("heading", { name: "Demonstration card payment" }).count()).toBe(0);
    await atBothWidths(page, "payment-transfer-waiting");
    await page.goto(`${e2e.url}/application/${applicationId}`);
    await page.getByRole("heading", { name: "Transfer received — we are checking it" }).waitFor();
    expect(await page.getByRole("link", { name: "Pay Now" }).count()).toBe(0);
    // The Payment card's status says the same, with the amount and the proof's date, instead of "Payment pending".
    expect(await page.getByText("Payment pending", { exact: true }).count()).toBe(0);
    await page.getByText("Proof received", { exact: true }).waitFor();
    await atBothWidths(page, "details-transfer-waiting");
    await page.goto(`${e2e.url}/dashboard`);
    const card = page.getByRole("listitem", { name: /^VA-2026-BANKTX / });
    await card.getByText("Transfer received — we are checking it", { exact: true }).waitFor();
    expect(await card.getByText(/^₦232,500 by bank transfer, proof received /).count()).toBe(1);
    expect(await card.getByText("Payment pending", { exact: true }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await atBothWidths(page, "dashboard-transfer-waiting");
    const [office] = await smtp.waitFor(
      (m) => m.to.includes("office@example.com") && m.subject === "Bank transfer to confirm: VA-2026-BANKTX",
      1,
      30_000,
    );
    expect(office.text).toContain(code);
    expect(problems).toEqual([]);

    const admin = await signInAs(e2e, staff);
    await admin.page.goto(`${e2e.url}/admin`);
    await admin.page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Payments" }).click();
    await admin.page.getByRole("heading", { name: "Bank transfers to confirm" }).waitFor();
    await admin.page.getByRole("link", { name: /Check and confirm/ }).click();
    await admin.page
      .getByText(code as string)
      .first()
      .waitFor();
    await admin.page.getByRole("link", { name: "transfer.png" }).waitFor();
    expect(await admin.page.getByLabel("Amount received").inputValue()).toBe("₦232,500");
    expect(await seriousViolations(admin.page)).toEqual([]);
    await admin.page.getByRole("button", { name: "Confirm" }).click();
    await admin.page.getByText("Transfer confirmed", { exact: true }).first().waitFor();
    await admin.page.locator("[data-state=paid]").first().waitFor();
    expect(admin.problems).toEqual([]);

    const [receipt] = await smtp.waitFor((m) => m.to.includes("ngozi@example.com") && m.subject === "Payment received for VA-2026-BANKTX", 1, 30_000);
    expect(receipt.text).toContain("₦232,500");
    const app = await e2e.db("visa_applications").where({ id: applicationId }).first();
    expect(app).toMatchObject({ payment_status: "paid", amount_paid: 150 });

    await page.goto(`${e2e.url}/application/${applicationId}`);
    await page.getByText("Paid", { exact: true }).first().waitFor();
    expect(await page.getByRole("heading", { name: "Transfer received — we are checking it" }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("withdraws a waiting transfer with a reason at 360 px, and the card payment is offered again", async () => {
    const { page, problems } = await signInAs(e2e, applicant);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${e2e.url}/payment/${secondId}`);
    await page.getByRole("button", { name: "Pay by bank transfer" }).click();
    await page.getByText("Zenith Bank", { exact: true }).waitFor();
    const proof = path.join(fixtureDir, "second.png");
    writeFileSync(proof, PNG);
    await page.getByLabel("Proof of transfer").setInputFiles(proof);
    await page.getByRole("button", { name: "Upload proof" }).click();
    await page.getByRole("heading", { name: "Transfer received — we are checking it" }).waitFor();
    await page.getByText("Withdraw this transfer to pay another way").click();
    await page.getByLabel("Why are you withdrawing it?").fill("I would rather pay by card.");
    await page.getByRole("button", { name: "Withdraw transfer" }).click();
    await page.getByText("Transfer withdrawn", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Demonstration card payment" }).waitFor();
    expect(await page.getByRole("heading", { name: "Transfer received — we are checking it" }).count()).toBe(0);
    const [row] = await e2e.db("payments").where({ application_id: secondId });
    expect(row).toMatchObject({ state: "failed", decision_note: "Withdrawn by the applicant: I would rather pay by card." });
    await atBothWidths(page, "payment-after-withdrawal");
    expect(problems).toEqual([]);
  });
});
