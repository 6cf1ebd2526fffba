// A payment held for staff (Needs attention) is settled on its page by a manager: applied to the case's bill when it is
// exactly what is owed now (the whole bill, or the next instalment), with the receipt and its e-mail as any payment;
// or refunded, through Paystack for Paystack's money or recorded with the bank's reference for a transfer back made by
// hand, becoming "Refunded, never applied" without a receipt. Refusals change nothing; a double submit acts once; an
// applicant, an officer, another case's page and an unknown payment change nothing.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILL_REFUNDED, NOTHING_OWED } from "../../server/actions/payments/heldApplicable.ts";
import { BANK_REFERENCE_NEEDED } from "../../server/actions/payments/heldPayments.ts";
import { addDays, lagosToday } from "../../server/domain/calendar.ts";
import { MANAGERS_ONLY } from "../../server/middleware/auth.ts";
import { createPaystackClient } from "../../server/payments/paystack.ts";
import { REFUND_REASON_REQUIRED } from "../../server/validation/adminPayments.ts";
import type { Client } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";
import { visibleText } from "../helpers/html.ts";
import type { MailTestApp } from "../helpers/mail.ts";
import { submittedApplication } from "../helpers/payments.ts";
import { startPaystackApp } from "../helpers/paystackApp.ts";
import type { LocalPaystack } from "../paystack/server.ts";

let t: MailTestApp;
let paystack: LocalPaystack;
let closeApp: () => Promise<void>;
let owner: Client;
let ownerId: string;
let manager: Client;
let managerId: string;
let officer: Client;

beforeAll(async () => {
  ({ t, paystack, close: closeApp } = await startPaystackApp());
  const o = await makeUser(t.db);
  ownerId = o.id;
  owner = await signedIn(t.app, o);
  const m = await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" });
  managerId = m.id;
  manager = await signedIn(t.app, m);
  officer = await signedIn(t.app, await makeUser(t.db, { officer: true }));
});
afterAll(async () => {
  await closeApp();
});

/** The tourist fee at the test databases' rate: $150 at ₦1,550/$, in kobo. */
const OWED = 23_250_000;

/** A held payment of `applicationId`: `arrived` kobo verified by Paystack, or counted by staff on a bank transfer. */
async function held(applicationId: string, arrived: number, opts: { provider?: "paystack" | "bank_transfer"; reference?: string } = {}) {
  const provider = opts.provider ?? "paystack";
  const [row] = await t
    .db("payments")
    .insert({
      application_id: applicationId,
      user_id: ownerId,
      provider,
      currency: "NGN",
      amount_minor: OWED,
      fee_usd_cents: 15_000,
      rate_kobo_per_usd: 155_000,
      quote_expires_at: new Date(),
      reference: opts.reference ?? `HG-HELD-${randomBytes(5).toString("hex").toUpperCase()}`,
      state: "needs_attention",
      bill_version: -1,
      decision_note: "Money arrived on a quote made before staff changed the bill. Refund it: the applicant pays today's bill.",
      ...(provider === "paystack"
        ? { verified_amount_minor: arrived, verified_currency: "NGN" }
        : { verified_amount_minor: OWED, verified_currency: "NGN", received_minor: arrived }),
    })
    .returning("id");
  return row.id as string;
}

/** A Paystack transaction the local Paystack has as paid: its refund can then be asked for. */
async function paidAtPaystack(amountMinor: number): Promise<string> {
  const reference = `HG-TEST-${randomBytes(5).toString("hex").toUpperCase()}`;
  const client = createPaystackClient({ secretKey: paystack.secretKey, apiUrl: paystack.url });
  await client.initialize({ email: "ada@example.ng", amountMinor, currency: "NGN", reference, callbackUrl: "http://127.0.0.1/cb" });
  await paystack.pay(reference);
  return reference;
}

/** Everything Apply or Refund writes. */
async function snapshot(applicationId: string, paymentId: string) {
  return {
    payment: await t.db("payments").where({ id: paymentId }).first(),
    application: await t.db("visa_applications").where({ id: applicationId }).first("payment_status", "paid_at", "payment_reference"),
    audits: await t.db("audit_events").where({ subject_id: applicationId }).count({ n: "*" }).first(),
    mails: await t.db("email_messages").where({ application_id: applicationId }).count({ n: "*" }).first(),
    instalments: await t.db("bill_instalments").where({ application_id: applicationId }).orderBy("position"),
  };
}

const apply = (client: Client, paymentId: string, applicationId: string) =>
  client.form(`/admin/payments/${paymentId}/held/apply`, { application: applicationId });
const refund = (client: Client, paymentId: string, fields: Record<string, string>) => client.form(`/admin/payments/${paymentId}/held/refund`, fields);

describe("applying a held payment", () => {
  it("settles the whole bill when it is exactly what is owed: paid, its receipt code, QR e-mail and public page, audited", async () => {
    const id = await submittedApplication(owner);
    const paymentId = await held(id, OWED);
    const page = visibleText((await manager.get(`/admin/payments/${paymentId}`).expect(200)).text);
    expect(page).toContain("Held: apply or refund ₦232,500");
    expect(page).toContain("It settles the whole bill: ₦232,500.");

    const res = await apply(manager, paymentId, id).expect(303);
    expect(res.headers.location).toBe(`/admin/payments/${paymentId}`);
    const paid = await t.db("payments").where({ id: paymentId }).first();
    expect(paid).toMatchObject({ state: "paid", amount_minor: OWED, currency: "NGN", decided_by: managerId });
    expect(paid.receipt_code).toMatch(/^[A-Z2-9]{10}$/);
    expect(paid.bill_version).toBe(Number((await t.db("visa_applications").where({ id }).first()).bill_version));
    expect(await t.db("visa_applications").where({ id }).first()).toMatchObject({ payment_status: "paid", payment_reference: paid.reference });
    const actions = (await t.db("audit_events").where({ subject_id: id }).select("action", "actor_id")).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["payment_recorded", "held_payment_applied"]));
    const audit = await t.db("audit_events").where({ subject_id: id, action: "held_payment_applied" }).first();
    expect(audit).toMatchObject({ actor_id: managerId, details: { payment: paymentId, amount: OWED, currency: "NGN" } });
    const [mail] = await t.smtp.waitFor((m) => m.subject.startsWith("Payment received") && m.text.includes(`/receipts/${paid.receipt_code}`));
    expect(mail.text).toContain("₦232,500");
    expect(visibleText((await owner.get(`/receipts/${paid.receipt_code}`).expect(200)).text)).toContain("₦232,500");
    const after = visibleText((await manager.get(`/admin/payments/${paymentId}`).expect(200)).text);
    expect(after).not.toContain("Held: apply or refund");
  });

  it("pays the next unpaid instalment of a split bill when it is exactly that instalment", async () => {
    const id = await submittedApplication(owner);
    const day = (n: number) => addDays(lagosToday(), n);
    await manager
      .form(`/admin/application/${id}/bill/instalments`, { amount_1: "100,000", due_1: day(1), amount_2: "132,500", due_2: day(30) })
      .expect(303);
    const tooMuch = await held(id, OWED);
    const refused = await apply(manager, tooMuch, id).expect(400);
    expect(visibleText(refused.text)).toContain("₦232,500 is more than the bill owes now, ₦100,000 (Instalment 1 of 2, due");
    const paymentId = await held(id, 10_000_000);
    await apply(manager, paymentId, id).expect(303);
    const [first, second] = await t.db("bill_instalments").where({ application_id: id }).orderBy("position");
    expect(first).toMatchObject({ payment_id: paymentId });
    expect(second.payment_id).toBeNull();
    expect(await t.db("payments").where({ id: paymentId }).first()).toMatchObject({
      state: "paid",
      instalment_id: first.id,
      amount_minor: 10_000_000,
    });
    // Instalment 2 is due after the first: the application is paid only once it is.
    expect((await t.db("visa_applications").where({ id }).first()).payment_status).toBe("pending");
  });

  it("refuses more or less than is owed, a paid bill and a refunded one, saying why, and changes nothing", async () => {
    const id = await submittedApplication(owner);
    for (const [arrived, message] of [
      [30_000_000, "₦300,000 is more than the bill owes now, ₦232,500 (the whole bill). It is not applied in part: refund it"],
      [20_000_000, "₦200,000 is less than the bill owes now, ₦232,500 (the whole bill). Only an amount that settles it exactly is applied"],
    ] as const) {
      const paymentId = await held(id, arrived);
      const before = await snapshot(id, paymentId);
      expect(visibleText((await apply(manager, paymentId, id).expect(400)).text)).toContain(message);
      expect(await snapshot(id, paymentId)).toEqual(before);
    }
    const paymentId = await held(id, OWED);
    await owner
      .post(`/api/applications/${id}/payment`, { cardholderName: "Ada Obi", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" })
      .expect(200);
    const before = await snapshot(id, paymentId);
    expect(visibleText((await apply(manager, paymentId, id).expect(409)).text)).toContain(NOTHING_OWED);
    expect(await snapshot(id, paymentId)).toEqual(before);
    const card = await t.db("payments").where({ application_id: id, provider: "demo" }).first("id");
    await manager.form(`/admin/payments/${card.id}/refund`, { reason: "Withdrawn" }).expect(303);
    const refunded = await snapshot(id, paymentId);
    expect(visibleText((await apply(manager, paymentId, id).expect(409)).text)).toContain(BILL_REFUNDED);
    expect(await snapshot(id, paymentId)).toEqual(refunded);
  });

  it("applies once when submitted twice at once", async () => {
    const id = await submittedApplication(owner);
    const paymentId = await held(id, OWED);
    const statuses = (await Promise.all([apply(manager, paymentId, id), apply(manager, paymentId, id)])).map((r) => r.status).sort();
    expect(statuses).toEqual([303, 409]);
    expect(await t.db("audit_events").where({ subject_id: id, action: "payment_recorded" })).toHaveLength(1);
    expect(await t.db("audit_events").where({ subject_id: id, action: "held_payment_applied" })).toHaveLength(1);
    expect(await t.db("email_messages").where({ application_id: id, kind: "payment_received" })).toHaveLength(1);
  });
});

describe("refunding a held payment", () => {
  it("refunds Paystack's money through Paystack: returned, never given a receipt, audited, once", async () => {
    const id = await submittedApplication(owner);
    const reference = await paidAtPaystack(30_000_000);
    const paymentId = await held(id, 30_000_000, { reference });
    const before = await snapshot(id, paymentId);
    const noReason = await refund(manager, paymentId, { application: id, reason: "  " }).expect(400);
    expect(visibleText(noReason.text)).toContain(REFUND_REASON_REQUIRED);
    expect(await snapshot(id, paymentId)).toEqual(before);

    const fields = { application: id, reason: "Paid twice" };
    const statuses = (await Promise.all([refund(manager, paymentId, fields), refund(manager, paymentId, fields)])).map((r) => r.status).sort();
    expect(statuses).toEqual([303, 409]);
    const returned = await t.db("payments").where({ id: paymentId }).first();
    expect(returned).toMatchObject({
      state: "returned",
      refund_minor: 30_000_000,
      refund_reason: "Paid twice",
      refunded_by: managerId,
      receipt_code: null,
      paid_at: null,
    });
    expect(returned.provider_refund_id).toMatch(/^\d+$/);
    expect(await t.db("audit_events").where({ subject_id: id, action: "held_payment_refunded" })).toHaveLength(1);
    expect((await t.db("visa_applications").where({ id }).first()).payment_status).toBe("pending");
    const page = visibleText((await manager.get(`/admin/payments/${paymentId}`).expect(200)).text);
    expect(page).toContain("Refunded, never applied");
    expect(page).toContain("₦300,000");
  });

  it("records a bank transfer's refund by hand only with the bank's reference", async () => {
    const id = await submittedApplication(owner);
    const paymentId = await held(id, 25_000_000, { provider: "bank_transfer" });
    const before = await snapshot(id, paymentId);
    const missing = await refund(manager, paymentId, { application: id, reason: "Paid twice", bankReference: "" }).expect(400);
    expect(visibleText(missing.text)).toContain(BANK_REFERENCE_NEEDED);
    expect(missing.text).toContain(">Paid twice</textarea>");
    expect(await snapshot(id, paymentId)).toEqual(before);
    const r = await refund(manager, paymentId, { application: id, reason: "Paid twice", bankReference: "FBN/2026/0042" });
    expect(r.status).toBe(303);
    expect(await t.db("payments").where({ id: paymentId }).first()).toMatchObject({
      state: "returned",
      refund_minor: 25_000_000,
      provider_refund_id: "FBN/2026/0042",
      receipt_code: null,
    });
    // The applicant is told, without a receipt code the payment never had.
    const [mail] = await t.smtp.waitFor((m) => m.text.includes("₦250,000") && m.subject.startsWith("Refund for"));
    expect(mail.text).toContain("This payment was not taken as your fee, so it has no receipt.");
    expect(mail.text).not.toContain("Receipt code");
  });

  it("is the database's rule too: a returned payment has no receipt and has its refund's facts", async () => {
    const id = await submittedApplication(owner);
    const paymentId = await held(id, OWED);
    await expect(t.db("payments").where({ id: paymentId }).update({ state: "returned" })).rejects.toThrow(/payments_returned_refund/);
    const refundFacts = { refund_minor: OWED, refund_reason: "x", refunded_at: new Date(), provider_refund_id: "1" };
    await expect(
      t
        .db("payments")
        .where({ id: paymentId })
        .update({ state: "returned", ...refundFacts, receipt_code: "ABCDEFGHJK", paid_at: new Date() }),
    ).rejects.toThrow(/payments_returned_refund/);
  });
});

describe("who may settle a held payment", () => {
  it("a manager only, on its own case's page: anyone else, another case and an unknown payment change nothing", async () => {
    const id = await submittedApplication(owner);
    const otherCase = await submittedApplication(owner);
    const paymentId = await held(id, OWED, { provider: "bank_transfer" });
    const before = await snapshot(id, paymentId);
    const refundFields = { application: id, reason: "Paid twice", bankReference: "REF-1" };

    const noTwoFactor = await signedIn(t.app, await makeUser(t.db, { admin: true, twoFactor: false }));
    for (const post of [(c: Client) => apply(c, paymentId, id), (c: Client) => refund(c, paymentId, refundFields)]) {
      expect((await post(owner).expect(303)).headers.location).toBe("/dashboard");
      expect((await post(noTwoFactor).expect(303)).headers.location).toBe("/account/two-factor");
      // A case officer is sent back to the panel with the managers-only message, as on every payment page.
      expect((await post(officer).expect(303)).headers.location).toBe("/admin");
      expect((await officer.getJson("/admin").expect(200)).body.shared.flash).toMatchObject({ description: MANAGERS_ONLY });
    }
    await manager.agent.post(`/admin/payments/${paymentId}/held/apply`).type("form").send({ application: id }).expect(403);

    // The form names the case its page was opened for: another case's payment (or none) is not found.
    expect(visibleText((await apply(manager, paymentId, otherCase).expect(404)).text)).toContain("Payment not found");
    await refund(manager, paymentId, { ...refundFields, application: otherCase }).expect(404);
    await apply(manager, "5f0c7a52-93a1-4c3b-9d38-0a7c3f1e2b11", id).expect(404);
    await refund(manager, "not-a-payment", refundFields).expect(404);
    expect(await snapshot(id, paymentId)).toEqual(before);
  });
});
