// Paying through Paystack in the browser: Pay Now → the local Paystack checkout → back to 'Payment Successful', the
// receipt, and its QR code's link verified on the public receipt page.
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../helpers/axe.ts";
import { e2eEnabled, insertApplication, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { freePort } from "../helpers/server.ts";
import { type LocalPaystack, startLocalPaystack } from "../paystack/server.ts";

const env: Record<string, string> = {};
let paystack: LocalPaystack | undefined;
beforeAll(async () => {
  if (!e2eEnabled) return;
  paystack = await startLocalPaystack();
  // Paystack sends the browser back to PUBLIC_URL: the address the browser signed in at.
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

beforeAll(async () => {
  if (!e2eEnabled) return;
  paystack?.setWebhookUrl(`${e2e.url}/webhooks/paystack`);
  applicant = await makeUser(e2e.db, { fullName: "Adaeze Nwosu" });
});

describe.skipIf(!e2eEnabled)("paying with Paystack", () => {
  it("Pay Now → checkout → Payment Successful → receipt", async () => {
    const id = await insertApplication(e2e, applicant.id, { reference: "VA-2026-PAYSTK", status: "submitted" });
    const { page, problems, context } = await signInAs(e2e, applicant);
    await page.goto(`${e2e.url}/application/${id}`);
    await page.getByRole("link", { name: "Pay Now" }).click();
    await page.getByRole("heading", { name: "Pay the application fee" }).waitFor();
    await page.getByText("₦232,500 — $150 at ₦1,550/$", { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Pay ₦232,500 with Paystack" }).click();
    await page.getByRole("heading", { name: "Test checkout" }).waitFor();
    // Closing the checkout and coming back: the attempt waits to be resumed.
    await page.goBack();
    await page.goto(`${e2e.url}/payment/${id}`);
    await page.getByRole("button", { name: "Resume payment" }).click();
    await page.getByRole("heading", { name: "Test checkout" }).waitFor();
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(`${e2e.url}/application/${id}`);
    await page.getByText("Payment Successful", { exact: true }).waitFor();
    await page.getByText("Payment of ₦232,500 processed successfully", { exact: true }).waitFor();
    await page.getByText("Paid", { exact: true }).waitFor();
    await page.getByRole("link", { name: "View receipt" }).click();
    await page.getByRole("heading", { name: "Payment receipt" }).waitFor();
    await page.getByText("₦232,500", { exact: false }).first().waitFor();
    // The QR code, read from the pixels the way a phone reads it, leads to the public check of this receipt.
    const qr = PNG.sync.read(await page.getByRole("img", { name: /QR code linking to/ }).screenshot());
    const decoded = jsQR(new Uint8ClampedArray(qr.data), qr.width, qr.height);
    expect(decoded?.data).toMatch(new RegExp(`^${e2e.url}/receipts/[A-Z2-9]{10}$`));
    const check = await context.newPage();
    await check.goto(decoded?.data as string);
    await check.getByText(/^Genuine receipt — VA-2026-PAYSTK, ₦232,500, paid \d{1,2} \w{3} \d{4}, A\. N\.$/).waitFor();
    expect(await seriousViolations(check)).toEqual([]);
    const payments = await e2e.db("payments").where({ application_id: id });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ provider: "paystack", state: "paid" });
    expect(problems).toEqual([]);
    await context.close();
  });
});
