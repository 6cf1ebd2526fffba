// A bill in instalments in the browser at 360 px: a manager splits it on the case page (a plain form), the applicant
// pays instalment 1 and then instalment 2 through the local Paystack checkout, the application's page shows the
// schedule, and each instalment's receipt has its own public check page.
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, lagosToday } from "../../server/domain/calendar.ts";
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
  applicant = await makeUser(e2e.db, { fullName: "Chioma Okafor" });
  manager = await makeStaff(e2e, { fullName: "Ngozi Manager" });
});

describe.skipIf(!e2eEnabled)("instalments", () => {
  it("staff split the bill in two; the applicant pays one then the other at 360 px, each with its receipt", async () => {
    const id = await insertApplication(e2e, applicant.id, { reference: "VA-2026-INST01", status: "submitted" });
    const staff = await signInAs(e2e, manager);
    await staff.page.setViewportSize({ width: 360, height: 800 });
    await staff.page.goto(`${e2e.url}/admin/application/${id}`);
    await staff.page.getByText("Split into instalments", { exact: true }).click();
    const form = staff.page.getByRole("form", { name: "Split the bill into instalments" });
    const first = form.getByRole("group", { name: "Instalment 1" });
    await first.getByLabel("Amount").fill("132,500");
    await first.getByLabel("Due on").fill(lagosToday());
    const second = form.getByRole("group", { name: "Instalment 2" });
    await second.getByLabel("Amount").fill("100,000");
    await second.getByLabel("Due on").fill(addDays(lagosToday(), 14));
    await atBothWidths(staff.page, "instalments-split-form");
    await staff.page.setViewportSize({ width: 360, height: 800 });
    await form.getByRole("button", { name: "Split the bill" }).click();
    await staff.page.getByText("Bill split", { exact: true }).waitFor();
    const schedule = staff.page.getByRole("list", { name: "Instalments" });
    await schedule.getByText("Instalment 2 of 2").waitFor();
    await schedule.scrollIntoViewIfNeeded();
    await atBothWidths(staff.page, "instalments-case-page");
    expect(staff.problems).toEqual([]);
    await staff.context.close();

    const { page, problems, context } = await signInAs(e2e, applicant);
    const codes: string[] = [];
    for (const [n, amount] of [
      [1, "₦132,500"],
      [2, "₦100,000"],
    ] as const) {
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(`${e2e.url}/payment/${id}`);
      await page.getByText(new RegExp(`^Instalment ${n} of 2, due `)).waitFor();
      if (n === 1) await atBothWidths(page, "instalments-payment-page");
      await page.setViewportSize({ width: 360, height: 800 });
      await page.getByRole("button", { name: `Pay ${amount} with Paystack` }).click();
      await page.getByRole("heading", { name: "Test checkout" }).waitFor();
      await page.getByRole("button", { name: "Pay" }).click();
      await page.waitForURL(`${e2e.url}/application/${id}`);
      await page.getByText(`Payment of ${amount} processed successfully`, { exact: true }).waitFor();
      const paid = await e2e.db("payments").where({ application_id: id, state: "paid" }).orderBy("paid_at", "desc").first();
      expect(Number(paid.amount_minor)).toBe(n === 1 ? 13_250_000 : 10_000_000);
      codes.push(paid.receipt_code);
      const row = await e2e.db("visa_applications").where({ id }).first();
      expect(row.payment_status).toBe(n === 1 ? "pending" : "paid");
    }
    // The application's page lists both instalments paid, each with its receipt's check page.
    const list = page.getByRole("list", { name: "Instalments" });
    await list.getByText("Instalment 2 of 2").waitFor();
    await list.scrollIntoViewIfNeeded();
    await atBothWidths(page, "instalments-details-page");
    for (const [n, amount] of [
      [0, "₦132,500"],
      [1, "₦100,000"],
    ] as const) {
      await page.goto(`${e2e.url}/application/${id}`);
      await page.getByRole("link", { name: `Receipt ${codes[n]}` }).click();
      await page.waitForURL(`${e2e.url}/receipts/${codes[n]}`);
      await page.getByText(new RegExp(`^Genuine receipt — VA-2026-INST01, ${amount}, paid`)).waitFor();
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
