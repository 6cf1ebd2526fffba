// Paying through Paystack (the local Paystack-compatible server): the application is paid only after the server
// verifies the reference, whether the callback, the webhook or the reconcile job gets there first; a bad signature
// changes nothing; a repeated event pays once; money that does not match the quote is held for staff.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { reconcilePaystackPayment } from "../../server/actions/payments/paystack.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { createLogger } from "../../server/middleware/logging.ts";
import type { Client } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import type { MailTestApp } from "../helpers/mail.ts";
import { startPaystackApp } from "../helpers/paystackApp.ts";
import { signedAgreement } from "../helpers/signatures.ts";
import type { LocalPaystack } from "../paystack/server.ts";

let t: MailTestApp;
let paystack: LocalPaystack;
let appUrl: string;
let closeApp: () => Promise<void>;
let owner: Client;
let other: Client;

beforeAll(async () => {
  ({ t, paystack, url: appUrl, close: closeApp } = await startPaystackApp());
  owner = await signedIn(t.app, await makeUser(t.db));
  other = await signedIn(t.app, await makeUser(t.db));
});
afterAll(async () => {
  await closeApp();
});
beforeEach(() => {
  Object.assign(paystack.options, { dropWebhook: false, dropCallback: false, chargeAmountMinor: undefined, chargeCurrency: undefined });
});

async function submitted(): Promise<string> {
  const id = (
    await owner
      .post(
        "/api/applications",
        completeDraft({ visa_type: "work", visa_specific_data: { employer_name: "Acme", employer_address: "Berlin", job_title: "Engineer" } }),
      )
      .expect(201)
  ).body.application.id;
  await attachPassportFiles(owner, id);
  await owner.post(`/api/applications/${id}/submit`).expect(200);
  await signedAgreement(t.db, id);
  return id;
}

/** Starts Paystack's checkout as the applicant's browser does (a form post), answering our reference. */
async function start(id: string): Promise<string> {
  const res = await owner.form(`/payment/${id}/paystack`, {}).expect(303);
  expect(res.headers.location).toMatch(new RegExp(`^${paystack.url}/checkout/`));
  const payment = await t.db("payments").where({ application_id: id, provider: "paystack" }).orderBy("created_at", "desc").first();
  expect(payment.authorization_url).toBe(res.headers.location);
  return payment.reference;
}

const application = (id: string) => t.db("visa_applications").where({ id }).first();
const payments = (id: string) => t.db("payments").where({ application_id: id });
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out waiting");
};

describe("Paystack", () => {
  it("initialises with the quote in kobo, our reference, the applicant's e-mail and the return address", async () => {
    const id = await submitted();
    // The application's page names the fee as it will be charged, in Naira at today's rate.
    // The fee is in Naira everywhere; the dollar price only explains how the amount was reached.
    const details = (await owner.getJson(`/application/${id}`).expect(200)).body.props;
    expect(details).toMatchObject({ showPayNow: true, feeCharged: "₦387,500", paidText: null });
    expect(details.feeBasis).toMatch(/^\$250 at ₦1,550\/\$, rate of \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    const reference = await start(id);
    const tx = paystack.transactions().find((x) => x.reference === reference);
    expect(tx).toMatchObject({ amountMinor: 250 * 155000, currency: "NGN", callbackUrl: `https://site.test/payment/${id}/return` });
    // Starting again while the quote holds resumes the same checkout: one attempt, one transaction.
    expect(await start(id)).toBe(reference);
    expect(await payments(id)).toHaveLength(1);
    const page = await owner.getJson(`/payment/${id}`).expect(200);
    expect(page.body.props.attempts).toMatchObject([{ provider: "paystack", state: "pending", amountText: "₦387,500" }]);
  });

  it("a return without payment proves nothing: still pending, the applicant can resume", async () => {
    const id = await submitted();
    const reference = await start(id);
    const res = await owner.get(`/payment/${id}/return?reference=${reference}`).expect(303);
    expect(res.headers.location).toBe(`/payment/${id}`);
    expect(await application(id)).toMatchObject({ payment_status: "pending" });
    expect((await payments(id))[0].state).toBe("pending");
  });

  it("callback without webhook → paid after verification, with the receipt e-mail", async () => {
    paystack.options.dropWebhook = true;
    const id = await submitted();
    const reference = await start(id);
    await paystack.pay(reference);
    const res = await owner.get(`/payment/${id}/return?trxref=${reference}&reference=${reference}`).expect(303);
    expect(res.headers.location).toBe(`/application/${id}`);
    expect(await application(id)).toMatchObject({ payment_status: "paid", amount_paid: 250, payment_reference: reference });
    const [row] = await payments(id);
    expect(row).toMatchObject({ state: "paid", provider: "paystack", amount_minor: 387500 * 100, currency: "NGN" });
    expect(row.provider_reference).toMatch(/^\d+$/);
    await t.smtp.waitFor((m) => m.subject.startsWith("Payment received") && m.text.includes("₦387,500"));
    expect((await owner.getJson(`/application/${id}`).expect(200)).body.props).toMatchObject({ paidText: "₦387,500", feeCharged: null });
  });

  it("webhook without callback → paid by the queued verification", async () => {
    paystack.options.dropCallback = true;
    const id = await submitted();
    const reference = await start(id);
    await paystack.pay(reference);
    await until(async () => (await application(id)).payment_status === "paid");
    expect((await payments(id))[0]).toMatchObject({ state: "paid" });
  });

  it("the same webhook twice → one payment, one receipt", async () => {
    paystack.options.dropWebhook = true;
    const id = await submitted();
    const reference = await start(id);
    await paystack.pay(reference);
    expect(await paystack.sendWebhook(reference)).toBe(200);
    expect(await paystack.sendWebhook(reference)).toBe(200);
    await until(async () => (await application(id)).payment_status === "paid");
    await new Promise((r) => setTimeout(r, 600));
    // Each signed event is in the audit trail, with no session behind it.
    const trail = await t.db("audit_events").where({ action: "payment_webhook", subject_id: id });
    expect(trail).toHaveLength(2);
    expect(trail[0]).toMatchObject({
      actor_id: null,
      details: { provider: "paystack", event: "charge.success", reference, known: true, via: "system" },
    });
    expect((await payments(id)).filter((p) => p.state === "paid")).toHaveLength(1);
    const receipts = await t.db("email_messages").where({ application_id: id, kind: "payment_received" });
    expect(receipts).toHaveLength(1);
  });

  it("a wrong, missing or forged signature → 401 and nothing changes", async () => {
    paystack.options.dropWebhook = true;
    const id = await submitted();
    const reference = await start(id);
    await paystack.pay(reference);
    // This payment's verification job (other tests' jobs come and go meanwhile).
    const jobs = async () =>
      Number((await t.db.raw("SELECT count(*) FROM graphile_worker.jobs WHERE key = ?", [`paystack-verify:${reference}`])).rows[0].count);
    const before = await jobs();
    expect(before).toBe(0);
    const audits = async () =>
      Number(
        (await t.db("audit_events").where({ action: "payment_webhook" }).whereRaw("details->>'reference' = ?", [reference]).count({ n: "*" }))[0].n,
      );
    const auditsBefore = await audits();
    const metric = async (outcome: string) => {
      const text = await (await fetch(`${appUrl}/metrics`)).text();
      return Number(text.match(new RegExp(`webhooks_total\\{provider="paystack",outcome="${outcome}"\\} (\\d+)`))?.[1] ?? 0);
    };
    const refusedBefore = await metric("bad_signature");
    expect(await paystack.sendWebhook(reference, { secretKey: "sk_test_not_the_key" })).toBe(401);
    expect(await paystack.sendWebhook(reference, { sign: false })).toBe(401);
    expect(await jobs()).toBe(before);
    expect(await audits()).toBe(auditsBefore);
    // Counted for the operator's alerts, by outcome only.
    expect(await metric("bad_signature")).toBe(refusedBefore + 2);
    await new Promise((r) => setTimeout(r, 500));
    expect(await application(id)).toMatchObject({ payment_status: "pending" });
  });

  it("a body over 64 KB is refused before it is read as an event", async () => {
    const res = await fetch(`${appUrl}/webhooks/paystack`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-paystack-signature": "0".repeat(128) },
      body: JSON.stringify({ event: "charge.success", data: { pad: "x".repeat(70_000) } }),
    });
    expect(res.status).toBe(413);
  });

  it("an amount or currency that differs from the quote → needs_attention, never paid", async () => {
    paystack.options.dropWebhook = true;
    paystack.options.chargeAmountMinor = 100;
    const id = await submitted();
    const reference = await start(id);
    await paystack.pay(reference);
    await owner.get(`/payment/${id}/return?reference=${reference}`).expect(303);
    expect(await application(id)).toMatchObject({ payment_status: "pending" });
    const [row] = await payments(id);
    expect(row).toMatchObject({ state: "needs_attention", verified_amount_minor: 100, verified_currency: "NGN" });
    expect(row.decision_note).toMatch(/Received ₦1 where ₦387,500 was quoted/);

    paystack.options.chargeAmountMinor = undefined;
    paystack.options.chargeCurrency = "USD";
    const id2 = await submitted();
    const ref2 = await start(id2);
    await paystack.pay(ref2);
    await owner.get(`/payment/${id2}/return?reference=${ref2}`).expect(303);
    expect((await payments(id2))[0]).toMatchObject({ state: "needs_attention", verified_currency: "USD" });
    expect(await application(id2)).toMatchObject({ payment_status: "pending" });
  });

  it("the staff's Payments CSV shows what actually arrived on a held payment, in the currency it came in", async () => {
    const staff = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    paystack.options.chargeAmountMinor = 100;
    const id = await submitted();
    const reference = await start(id);
    await paystack.pay(reference);
    await owner.get(`/payment/${id}/return?reference=${reference}`).expect(303);
    paystack.options.chargeAmountMinor = undefined;
    paystack.options.chargeCurrency = "USD";
    const id2 = await submitted();
    const ref2 = await start(id2);
    await paystack.pay(ref2);
    await owner.get(`/payment/${id2}/return?reference=${ref2}`).expect(303);
    expect((await payments(id2))[0]).toMatchObject({ state: "needs_attention", verified_amount_minor: 38_750_000, verified_currency: "USD" });

    const csv = (await staff.get("/admin/payments.csv?state=needs_attention").expect(200)).text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    // Cells: plain, or quoted with "" for a quote inside (the notes hold commas).
    const cells = (line: string) => [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => (m[1] ?? m[2]).replaceAll('""', '"'));
    const header = cells(csv[0]);
    const row = (ref: string) => {
      const line = csv.find((l) => l.includes(ref));
      expect(line).toBeDefined();
      return Object.fromEntries(cells(line as string).map((v, i) => [header[i], v]));
    };
    expect(row(reference)).toMatchObject({
      State: "Needs attention",
      Currency: "NGN",
      Amount: "387500.00",
      Received: "1.00",
      "Received currency": "NGN",
    });
    expect(row(ref2)).toMatchObject({ Currency: "NGN", Amount: "387500.00", Received: "387500.00", "Received currency": "USD" });
  });

  it("the reconcile job pays a payment whose callback and webhook were both lost", async () => {
    paystack.options.dropWebhook = true;
    paystack.options.dropCallback = true;
    const id = await submitted();
    const reference = await start(id);
    const [row] = await payments(id);
    // The job was queued for 10 minutes after the start.
    const job = (await t.db.raw("SELECT run_at FROM graphile_worker.jobs WHERE key = ?", [`paystack-reconcile:${row.id}`])).rows[0];
    expect(new Date(job.run_at).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    const ctx = { db: t.db, config: t.config, logger: createLogger("silent"), outbox: createOutbox(t.config.mail) };
    // Not paid yet: it looks again in an hour.
    expect(await reconcilePaystackPayment(ctx, row.id)).toBe("not_paid");
    await paystack.pay(reference);
    expect(await reconcilePaystackPayment(ctx, row.id)).toBe("paid");
    expect(await application(id)).toMatchObject({ payment_status: "paid" });
    // A day later, an attempt never paid is closed as failed.
    const id2 = await submitted();
    await start(id2);
    const [late] = await payments(id2);
    await t
      .db("payments")
      .where({ id: late.id })
      .update({ created_at: new Date(Date.now() - 24 * 3_600_000) });
    expect(await reconcilePaystackPayment(ctx, late.id)).toBe("gave_up");
    expect((await payments(id2))[0].state).toBe("failed");
  });

  it("another applicant's application or reference answers 404; a paid one cannot start again", async () => {
    const id = await submitted();
    const reference = await start(id);
    await other.form(`/payment/${id}/paystack`, {}).expect(404);
    await other.get(`/payment/${id}/return?reference=${reference}`).expect(404);
    const mine = await submitted();
    await owner.get(`/payment/${mine}/return?reference=${reference}`).expect(404);
    await paystack.pay(reference);
    await until(async () => (await application(id)).payment_status === "paid");
    const again = await owner.form(`/payment/${id}/paystack`, {}).expect(303);
    expect(again.headers.location).toBe(`/payment/${id}`);
    expect((await payments(id)).filter((p) => p.provider === "paystack")).toHaveLength(1);
  });
});
