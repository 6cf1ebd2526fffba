// The case's bill in the browser at 360 px: a manager adds the embassy's visa fee on the case page (a plain form), the
// applicant's payment page lists the service fee and that line ("paid to the embassy / visa centre on your behalf")
// and charges their sum through the local Paystack checkout; the receipt's public check is reached.
import { beforeAll, describe, expect, it } from "vitest";
import { atBothWidths } from "../helpers/axe.ts";
import { e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { freePort } from "../helpers/server.ts";
import { type LocalPaystack, startLocalPaystack } from "../paystack/server.ts";

const env: Record<string, string> = {};
let paystack: LocalPaystack | undefined;
beforeAll(async () => {
  if (!e2eEnabled) return;
  paystack = await startLocalPaystack();
  const port = await freePort();
  Object.assign(env, {
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PAYMENT_PROVIDERS: "paystack,demo",
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_PUBLIC_KEY: paystack.publicKey,
    PAYSTACK_API_URL: paystack.url,
  });
  return () => paystack?.stop();
});
const e2e = setupE2E(env);
let applicant: TestUser;
let manager: TestUser;

beforeAll(async () => {
  if (!e2eEnabled) return;
  paystack?.setWebhookUrl(`${e2e.url}/webhooks/paystack`);
  applicant = await makeUser(e2e.db, { fullName: "Tunde Bakare" });
  manager = await makeStaff(e2e, { fullName: "Ngozi Manager" });
});

describe.skipIf(!e2eEnabled)("the bill", () => {
  it("a pass-through line added on the case page is listed and charged, and paid through Paystack at 360 px", async () => {
    const id = await insertApplication(e2e, applicant.id, { reference: "VA-2026-BILL01", status: "submitted" });
    const staff = await signInAs(e2e, manager);
    await staff.page.setViewportSize({ width: 360, height: 800 });
    await staff.page.goto(`${e2e.url}/admin/application/${id}`);
    const form = staff.page.getByRole("form", { name: "Add a line to the bill" });
    await form.getByLabel("What it is for").selectOption("embassy_fee");
    await form.getByLabel("Label").fill("UK visa fee");
    await form.getByLabel("Amount").fill("67,500");
    await form.getByLabel("Why it is added").fill("UKVI standard visitor fee");
    await form.getByRole("button", { name: "Add line" }).click();
    await staff.page.getByText("Line added", { exact: true }).waitFor();
    await staff.page.getByRole("heading", { name: "Bill", exact: true }).scrollIntoViewIfNeeded();
    await staff.page.getByText("₦300,000", { exact: true }).first().waitFor();
    await atBothWidths(staff.page, "bill-case-page");
    expect(staff.problems).toEqual([]);
    await staff.context.close();

    const { page, problems, context } = await signInAs(e2e, applicant);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${e2e.url}/payment/${id}`);
    await page.getByRole("heading", { name: "Pay the application fee" }).waitFor();
    const lines = page.getByRole("list", { name: "What the bill is made of" });
    await lines.getByText("UK visa fee").waitFor();
    await lines.getByText("Paid to the embassy / visa centre on your behalf").waitFor();
    await atBothWidths(page, "bill-payment-page");
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole("button", { name: "Pay ₦300,000 with Paystack" }).click();
    await page.getByRole("heading", { name: "Test checkout" }).waitFor();
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(`${e2e.url}/application/${id}`);
    await page.getByText("Payment of ₦300,000 processed successfully", { exact: true }).waitFor();
    const paid = await e2e.db("payments").where({ application_id: id, state: "paid" }).first();
    expect(Number(paid.amount_minor)).toBe(30_000_000);
    expect(Number(paid.pass_through_minor)).toBe(6_750_000);
    await page.goto(`${e2e.url}/receipts/${paid.receipt_code}`);
    await page.getByText(/^Genuine receipt — VA-2026-BILL01, ₦300,000, paid/).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
