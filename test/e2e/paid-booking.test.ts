// A visitor books a paid consultation on a 360 px phone (no account): the price list, "Continue to payment", the local
// Paystack checkout, and back on the confirmation with the receipt code; axe-clean on the way.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../helpers/axe.ts";
import { openPage } from "../helpers/browser.ts";
import { makeConsultationType, takesConsultations } from "../helpers/consultations.ts";
import { e2eEnabled, makeStaff, setupE2E } from "../helpers/e2e.ts";
import { freePort } from "../helpers/server.ts";
import { type LocalPaystack, startLocalPaystack } from "../paystack/server.ts";

const PHONE = { width: 360, height: 740 };
const env: Record<string, string> = {};
let paystack: LocalPaystack | undefined;
beforeAll(async () => {
  if (!e2eEnabled) return;
  paystack = await startLocalPaystack();
  // Paystack sends the browser back to PUBLIC_URL: the address the browser booked at.
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

beforeAll(async () => {
  if (!e2eEnabled) return;
  paystack?.setWebhookUrl(`${e2e.url}/webhooks/paystack`);
  const staff = await makeStaff(e2e, { fullName: "Bisi Ogunleye" });
  await takesConsultations(e2e.db, staff.id);
  await makeConsultationType(e2e.db, { name: "Free visa consultation" });
  await makeConsultationType(e2e.db, { name: "Study abroad strategy session", minutes: 60, priceKobo: 1_500_000 });
}, 120_000);

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);

describe.skipIf(!e2eEnabled)("booking a paid consultation", () => {
  it("on a phone: price list → paid type → day → time and details → Paystack checkout → paid and confirmed with the receipt code", async () => {
    const { page, problems, context } = await openPage(e2e.browser, PHONE);
    await page.goto(`${e2e.url}/book`);
    await page.getByText("60 minutes · ₦15,000 · Video call").waitFor();
    await page.getByText("30 minutes · Free · Video call").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: "/tmp/paid-booking-prices.png", fullPage: true });

    await page.getByRole("link", { name: /Study abroad strategy session/ }).click();
    await page.getByRole("navigation", { name: "Days with free times" }).getByRole("link").nth(1).click();
    await page
      .getByRole("group", { name: /^Time on / })
      .getByRole("radio")
      .first()
      .check();
    await page.getByLabel("Full name").fill("Emeka Nwankwo");
    await page.getByLabel("E-mail").fill("emeka@example.com");
    await page.getByLabel("Phone").fill("0803 555 9876");
    await page.getByLabel("Destination country").fill("Germany");
    await page.getByLabel("Visa type").selectOption("study");
    await page.getByText("This consultation costs ₦15,000", { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: "/tmp/paid-booking-details.png", fullPage: true });
    await page.getByRole("button", { name: "Continue to payment" }).click();

    await page.getByRole("heading", { name: "Test checkout" }).waitFor();
    await page.getByRole("button", { name: "Pay" }).click();
    await page.getByRole("heading", { name: "Paid and confirmed" }).waitFor();
    const booking = await e2e.db("bookings").where({ email: "emeka@example.com" }).first();
    const payment = await e2e.db("payments").where({ booking_id: booking.id }).first();
    expect(booking.status).toBe("confirmed");
    expect(payment).toMatchObject({ state: "paid", amount_minor: 1_500_000, currency: "NGN" });
    await page.getByText(payment.receipt_code, { exact: true }).waitFor();
    await page.getByText("₦15,000", { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: "/tmp/paid-booking-confirmed.png", fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
