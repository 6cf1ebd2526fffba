// Refunds: staff record one (the whole fee or part, a reason) as a plain form post; the payment and application are
// marked refunded, the applicant is e-mailed, the trail has it; bad input, the wrong state and non-staff change nothing;
// Paystack's payments are refunded through Paystack first, and its refusal records nothing.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEE_REFUNDED } from "../../server/domain/status.ts";
import { createPaystackClient } from "../../server/payments/paystack.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { visibleText } from "../helpers/html.ts";
import { signedAgreement } from "../helpers/signatures.ts";
import { type LocalPaystack, startLocalPaystack } from "../paystack/server.ts";

let t: TestApp;
let paystack: LocalPaystack;
let owner: Client;
let ownerUser: TestUser;
let admin: Client;
let adminUser: TestUser;
const CARD = { cardholderName: "Ada Obi", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" };

beforeAll(async () => {
  paystack = await startLocalPaystack();
  t = await createTestApp({
    PAYMENT_PROVIDERS: "demo,paystack",
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_PUBLIC_KEY: paystack.publicKey,
    PAYSTACK_API_URL: paystack.url,
  });
  ownerUser = await makeUser(t.db, { fullName: "Adaeze Nwosu", email: "adaeze.refund@example.com" });
  owner = await signedIn(t.app, ownerUser);
  adminUser = await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" });
  admin = await signedIn(t.app, adminUser);
});
afterAll(async () => {
  await t.drop();
  await paystack.stop();
});

async function submitted(): Promise<string> {
  const id = (await owner.post("/api/applications", completeDraft()).expect(201)).body.application.id;
  await attachPassportFiles(owner, id);
  await owner.post(`/api/applications/${id}/submit`).expect(200);
  await signedAgreement(t.db, id);
  return id;
}

/** A submitted application paid with the demo card: ₦232,500. */
async function paidByCard(): Promise<{ applicationId: string; paymentId: string }> {
  const applicationId = await submitted();
  await owner.post(`/api/applications/${applicationId}/payment`, CARD).expect(200);
  const payment = await t.db("payments").where({ application_id: applicationId }).first("id");
  return { applicationId, paymentId: payment.id };
}

/** A submitted application paid through Paystack (`known`: Paystack has the paid transaction too). */
async function paidByPaystack(known: boolean): Promise<{ applicationId: string; paymentId: string }> {
  const applicationId = await submitted();
  const reference = `HG-TEST-${randomBytes(5).toString("hex").toUpperCase()}`;
  if (known) {
    const client = createPaystackClient({ secretKey: paystack.secretKey, apiUrl: paystack.url });
    await client.initialize({ email: ownerUser.email, amountMinor: 23_250_000, currency: "NGN", reference, callbackUrl: "http://127.0.0.1/cb" });
    await paystack.pay(reference);
  }
  const now = new Date();
  const [payment] = await t
    .db("payments")
    .insert({
      application_id: applicationId,
      user_id: ownerUser.id,
      provider: "paystack",
      currency: "NGN",
      amount_minor: 23_250_000,
      fee_usd_cents: 15_000,
      rate_kobo_per_usd: 155_000,
      quote_expires_at: now,
      reference,
      state: "paid",
      receipt_code: randomBytes(5).toString("hex").toUpperCase(),
      paid_at: now,
    })
    .returning("id");
  await t
    .db("visa_applications")
    .where({ id: applicationId })
    .update({ payment_status: "paid", amount_paid: 150, payment_reference: reference, paid_at: now });
  return { applicationId, paymentId: payment.id };
}

/** What a refund writes: the payment, the application, the trail and the outbox. */
async function snapshot(applicationId: string) {
  return {
    payment: await t.db("payments").where({ application_id: applicationId }).first("state", "refund_minor", "refund_reason", "refunded_by"),
    application: (await t.db("visa_applications").where({ id: applicationId }).first("payment_status")).payment_status,
    audits: (await t.db("audit_events").where({ action: "refund_recorded", subject_id: applicationId })).length,
    mails: (await t.db("email_messages").where({ application_id: applicationId, kind: "payment_refunded" })).length,
  };
}

describe("recording a refund", () => {
  it("refunds the whole fee when no amount is given: payment and application refunded, the applicant e-mailed, audited", async () => {
    const { applicationId, paymentId } = await paidByCard();
    const res = await admin.form(`/admin/payments/${paymentId}/refund`, { amount: "", reason: "Embassy appointment cancelled" }).expect(303);
    expect(res.headers.location).toBe(`/admin/payments/${paymentId}`);
    const payment = await t.db("payments").where({ id: paymentId }).first();
    expect(payment).toMatchObject({
      state: "refunded",
      refund_minor: 23_250_000,
      refund_reason: "Embassy appointment cancelled",
      refunded_by: adminUser.id,
    });
    expect(payment.refunded_at).not.toBeNull();
    expect((await t.db("visa_applications").where({ id: applicationId }).first()).payment_status).toBe("refunded");
    const audit = await t.db("audit_events").where({ action: "refund_recorded", subject_id: applicationId }).first();
    expect(audit).toMatchObject({ actor_id: adminUser.id, details: { payment: paymentId, amount: 23_250_000, currency: "NGN", provider: "demo" } });
    const mail = await t.db("email_messages").where({ application_id: applicationId, kind: "payment_refunded" }).first();
    expect(mail).toMatchObject({ to_address: ownerUser.email, subject: expect.stringMatching(/^Refund for VA-/) });
    expect(mail.data).toMatchObject({ amount: "₦232,500", reason: "Embassy appointment cancelled" });
    const next = await admin.getJson("/admin").expect(200);
    expect(next.body.shared.flash).toEqual({ title: "Refund recorded", description: "₦232,500 refunded; the applicant has been e-mailed." });
  });

  it("refunds part of the fee, and shows it on the applicant's page and receipt", async () => {
    const { applicationId, paymentId } = await paidByCard();
    await admin.form(`/admin/payments/${paymentId}/refund`, { amount: "₦100,000.50", reason: "Service fee kept" }).expect(303);
    expect(await snapshot(applicationId)).toMatchObject({ payment: { state: "refunded", refund_minor: 10_000_050 }, application: "refunded" });
    const details = (await owner.getJson(`/application/${applicationId}`).expect(200)).body.props;
    expect(details.refund).toMatchObject({ amountText: "₦100,000.50", reason: "Service fee kept" });
    expect(details.showPayNow).toBe(false);
    const receipt = (await owner.getJson(`/application/${applicationId}/receipt`).expect(200)).body.props.receipt;
    expect(receipt.refund).toMatchObject({ amountText: "₦100,000.50", reason: "Service fee kept" });
    expect(visibleText((await owner.get(`/application/${applicationId}`).expect(200)).text)).toContain("Refunded ₦100,000.50 on");
  });

  it("does not take payment again for a refunded application", async () => {
    const { applicationId, paymentId } = await paidByCard();
    await admin.form(`/admin/payments/${paymentId}/refund`, { reason: "Withdrawn" }).expect(303);
    const again = await owner.post(`/api/applications/${applicationId}/payment`, CARD).expect(409);
    expect(again.body.error.message).toBe(FEE_REFUNDED);
    await owner.get(`/payment/${applicationId}`).expect(303);
    const flash = (await owner.getJson(`/application/${applicationId}`).expect(200)).body.shared.flash;
    expect(flash).toMatchObject({ title: "Payment not available", description: FEE_REFUNDED });
    expect(await t.db("payments").where({ application_id: applicationId })).toHaveLength(1);
  });

  it("refuses bad input with the message under the field and what was typed, and changes nothing", async () => {
    const { applicationId, paymentId } = await paidByCard();
    const before = await snapshot(applicationId);
    const cases: [Record<string, string>, string][] = [
      [{ amount: "", reason: "  " }, "Say why the fee is refunded: the applicant reads it."],
      [{ amount: "lots", reason: "Typed letters" }, "Enter the amount refunded as a number more than zero"],
      [{ amount: "0", reason: "Zero" }, "Enter the amount refunded as a number more than zero"],
      [{ amount: "-5", reason: "Negative" }, "Enter the amount refunded as a number more than zero"],
      [{ amount: "232,500.01", reason: "More than paid" }, "A refund cannot be more than was paid (₦232,500)."],
    ];
    for (const [fields, message] of cases) {
      const res = await admin.form(`/admin/payments/${paymentId}/refund`, fields).expect(400);
      const errors = [...res.text.matchAll(/<p id="[^"]*-error"[^>]*>([^<]*)<\/p>/g)].map((m) => m[1]);
      expect(errors.join(" "), JSON.stringify(fields)).toContain(message.replace(/&/g, "&amp;"));
      if (fields.reason.trim()) expect(res.text).toContain(`>${fields.reason}</textarea>`);
      expect(await snapshot(applicationId)).toEqual(before);
    }
  });

  it("refuses a payment that is not paid, one already refunded and one that does not exist", async () => {
    const { applicationId, paymentId } = await paidByCard();
    await admin.form(`/admin/payments/${paymentId}/refund`, { reason: "First" }).expect(303);
    const twice = await admin.form(`/admin/payments/${paymentId}/refund`, { reason: "Second" }).expect(409);
    expect(visibleText(twice.text)).toContain("This payment has already been refunded.");
    expect(await snapshot(applicationId)).toMatchObject({ payment: { refund_reason: "First" }, audits: 1, mails: 1 });

    const pendingApp = await submitted();
    const [pending] = await t
      .db("payments")
      .insert({
        application_id: pendingApp,
        user_id: ownerUser.id,
        provider: "bank_transfer",
        currency: "NGN",
        amount_minor: 23_250_000,
        fee_usd_cents: 15_000,
        quote_expires_at: new Date(Date.now() + 86_400_000),
        reference: `HG-PENDING-${randomBytes(4).toString("hex")}`,
        state: "awaiting_confirmation",
      })
      .returning("id");
    const notPaid = await admin.form(`/admin/payments/${pending.id}/refund`, { reason: "Not paid" }).expect(409);
    expect(visibleText(notPaid.text)).toContain("Only a paid payment can be refunded.");
    expect(await snapshot(pendingApp)).toMatchObject({ payment: { state: "awaiting_confirmation", refund_minor: null }, application: "pending" });

    const missing = await admin.form("/admin/payments/5f0c7a52-93a1-4c3b-9d38-0a7c3f1e2b11/refund", { reason: "Nothing" }).expect(404);
    expect(visibleText(missing.text)).toContain("Payment not found");
  });

  it("is for staff only: an applicant, an admin without two-factor and a post without the CSRF token change nothing", async () => {
    const { applicationId, paymentId } = await paidByCard();
    const before = await snapshot(applicationId);
    const byOwner = await owner.form(`/admin/payments/${paymentId}/refund`, { reason: "I want my money" }).expect(303);
    expect(byOwner.headers.location).toBe("/dashboard");
    const noTwoFactor = await signedIn(t.app, await makeUser(t.db, { admin: true, twoFactor: false }));
    const byEnrolling = await noTwoFactor.form(`/admin/payments/${paymentId}/refund`, { reason: "Not yet staff" }).expect(303);
    expect(byEnrolling.headers.location).toBe("/account/two-factor");
    await admin.agent.post(`/admin/payments/${paymentId}/refund`).type("form").send({ reason: "No token" }).expect(403);
    expect(await snapshot(applicationId)).toEqual(before);
  });
});

describe("a Paystack payment", () => {
  it("is refunded through Paystack first, with Paystack's refund id kept", async () => {
    const { applicationId, paymentId } = await paidByPaystack(true);
    await admin.form(`/admin/payments/${paymentId}/refund`, { amount: "50,000", reason: "Partly refunded" }).expect(303);
    const payment = await t.db("payments").where({ id: paymentId }).first();
    expect(payment).toMatchObject({ state: "refunded", refund_minor: 5_000_000 });
    expect(payment.provider_refund_id).toMatch(/^\d+$/);
    expect(await snapshot(applicationId)).toMatchObject({ application: "refunded", audits: 1, mails: 1 });
  });

  it("is not refunded when Paystack refuses: its one-line reason on the form, nothing recorded", async () => {
    const { applicationId, paymentId } = await paidByPaystack(false);
    const before = await snapshot(applicationId);
    const res = await admin.form(`/admin/payments/${paymentId}/refund`, { reason: "Paystack does not know it" }).expect(409);
    expect(visibleText(res.text)).toContain('Paystack refund: HTTP 400, "Transaction not found"');
    expect(res.text).toContain(">Paystack does not know it</textarea>");
    expect(await snapshot(applicationId)).toEqual(before);
    expect(await t.db("payments").where({ id: paymentId }).first("provider_refund_id")).toEqual({ provider_refund_id: null });
  });
});
