// A manager settles payments held under Needs attention on a 360 px phone: the payment's page says what arrived and
// what Apply would settle, Apply takes it as the bill's payment; a bank transfer's held money is refunded with the
// bank's reference. Axe finds nothing serious and nothing is wider than the screen, at both widths.
import { beforeAll, describe, expect, it } from "vitest";
import { atBothWidths, PHONE } from "../helpers/axe.ts";
import { e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";

const e2e = setupE2E();
let applicant: TestUser;
let manager: TestUser;

beforeAll(async () => {
  if (!e2eEnabled) return;
  applicant = await makeUser(e2e.db, { fullName: "Adaeze Nwosu" });
  manager = await makeStaff(e2e, { fullName: "Folake Adeyemi" });
});

/** A payment held for staff: `arrived` kobo, on a quote made before the bill changed. */
async function held(applicationId: string, provider: "paystack" | "bank_transfer", arrived: number): Promise<string> {
  const [row] = await e2e
    .db("payments")
    .insert({
      application_id: applicationId,
      user_id: applicant.id,
      provider,
      currency: "NGN",
      amount_minor: 23_250_000,
      fee_usd_cents: 15_000,
      quote_expires_at: e2e.db.fn.now(),
      reference: `HG-HELD-${applicationId.slice(0, 8)}`,
      state: "needs_attention",
      bill_version: -1,
      decision_note: "Money arrived on a quote made before staff changed the bill.",
      verified_amount_minor: arrived,
      verified_currency: "NGN",
      ...(provider === "bank_transfer" ? { received_minor: arrived } : {}),
    })
    .returning("id");
  return row.id;
}

describe.skipIf(!e2eEnabled)("a held payment", () => {
  it("is applied to the bill, or refunded with the bank's reference, from its page on a phone", async () => {
    const toApply = await insertApplication(e2e, applicant.id, { reference: "VA-2026-HELD01", status: "submitted" });
    const toRefund = await insertApplication(e2e, applicant.id, { reference: "VA-2026-HELD02", status: "submitted" });
    const applyId = await held(toApply, "paystack", 23_250_000);
    const refundId = await held(toRefund, "bank_transfer", 25_000_000);
    const { page, context, problems } = await signInAs(e2e, manager);
    await page.setViewportSize(PHONE);

    await page.goto(`${e2e.url}/admin/payments/${applyId}`);
    await page.getByRole("heading", { name: "Held: apply or refund ₦232,500" }).waitFor();
    await page.getByText("It settles the whole bill: ₦232,500.").waitFor();
    await atBothWidths(page, "held-payment");
    await page.setViewportSize(PHONE);
    await page.getByRole("button", { name: "Apply to the bill" }).click();
    await page.getByText("Applied to the bill", { exact: true }).waitFor();
    expect((await e2e.db("payments").where({ id: applyId }).first()).state).toBe("paid");

    await page.goto(`${e2e.url}/admin/payments/${refundId}`);
    await page.getByText(/₦250,000 is more than the bill owes now/).waitFor();
    await page.getByLabel("Reason for the refund").fill("Paid more than the bill");
    await page.getByLabel("Bank's reference of the transfer back").fill("FBN/2026/0042");
    await atBothWidths(page, "held-payment-refund");
    await page.setViewportSize(PHONE);
    await page.getByRole("button", { name: "Refund ₦250,000" }).click();
    await page.getByText("Held payment refunded", { exact: true }).waitFor();
    await page.getByText("Refunded, never applied").first().waitFor();
    expect(await e2e.db("payments").where({ id: refundId }).first()).toMatchObject({ state: "returned", provider_refund_id: "FBN/2026/0042" });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
