// Each applicant's own account number (Paystack dedicated virtual accounts, the local Paystack-compatible server):
// asked for once however many pages ask at once, shown on the payment page, and a transfer into it — verified with
// Paystack, never taken on the webhook's word — settles the one bill owed when it is exactly what is owed now. Every
// other transfer is recorded once and held for staff; a bad signature changes nothing; one person's account never pays
// another person's bill.

import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkDedicatedAccounts } from "../../server/cli/doctorChecks.ts";
import { loadConfig } from "../../server/config.ts";
import { addDays, lagosToday } from "../../server/domain/calendar.ts";
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

/** The work visa's fee at the seeded rate (₦1,550/$): what a new application owes, in kobo. */
const OWED = 387_500 * 100;

beforeAll(async () => {
  ({
    t,
    paystack,
    url: appUrl,
    close: closeApp,
  } = await startPaystackApp({ PAYSTACK_DEDICATED_ACCOUNTS: "true", PAYSTACK_DEDICATED_BANK: "test-bank" }));
});
afterAll(async () => {
  await closeApp();
});
beforeEach(() => {
  Object.assign(paystack.options, { dropWebhook: false, dropCallback: false, dedicatedUnavailable: false });
});

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 150; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out waiting");
};
const application = (id: string) => t.db("visa_applications").where({ id }).first();
const transferRow = (reference: string) => t.db("dedicated_transfers").where({ reference }).first();
const stripTags = (html: string) => html.replace(/<!--.*?-->/g, "").replace(/<[^>]+>/g, "");

async function applicant(): Promise<{ client: Client; userId: string; email: string }> {
  const user = await makeUser(t.db);
  return { client: await signedIn(t.app, user), userId: user.id, email: user.email };
}

async function submitted(client: Client): Promise<string> {
  const id = (
    await client
      .post(
        "/api/applications",
        completeDraft({ visa_type: "work", visa_specific_data: { employer_name: "Acme", employer_address: "Berlin", job_title: "Engineer" } }),
      )
      .expect(201)
  ).body.application.id;
  await attachPassportFiles(client, id);
  await client.post(`/api/applications/${id}/submit`).expect(200);
  await signedAgreement(t.db, id);
  return id;
}

/** Opens the payment page and waits for the job to open the account; answers its number. */
async function ownAccount(client: Client, userId: string, applicationId: string): Promise<string> {
  await client.getJson(`/payment/${applicationId}`).expect(200);
  await until(async () => (await t.db("dedicated_accounts").where({ user_id: userId, state: "assigned" }).first()) !== undefined);
  const props = (await client.getJson(`/payment/${applicationId}`).expect(200)).body.props;
  expect(props.ownAccount).toMatchObject({ state: "assigned", bankName: "Test Bank" });
  return props.ownAccount.accountNumber;
}

describe("the setting", () => {
  const base = { NODE_ENV: "test", SESSION_SECRET: "x".repeat(40), PAYSTACK_SECRET_KEY: "sk_test_abc", PAYSTACK_PUBLIC_KEY: "pk_test_abc" };
  it("needs Paystack, a bank and Naira; off unless set", () => {
    expect(() =>
      loadConfig({ ...base, PAYMENT_PROVIDERS: "demo", PAYSTACK_DEDICATED_ACCOUNTS: "true", PAYSTACK_DEDICATED_BANK: "wema-bank" }, () => {}),
    ).toThrow(/PAYSTACK_DEDICATED_ACCOUNTS: requires PAYMENT_PROVIDERS to include paystack/);
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDERS: "paystack", PAYSTACK_DEDICATED_ACCOUNTS: "true" }, () => {})).toThrow(
      /PAYSTACK_DEDICATED_BANK: required/,
    );
    expect(() =>
      loadConfig(
        {
          ...base,
          PAYMENT_PROVIDERS: "paystack",
          PAYMENT_CURRENCY: "USD",
          PAYSTACK_DEDICATED_ACCOUNTS: "true",
          PAYSTACK_DEDICATED_BANK: "wema-bank",
        },
        () => {},
      ),
    ).toThrow(/requires PAYMENT_CURRENCY=NGN/);
    expect(() =>
      loadConfig({ ...base, PAYMENT_PROVIDERS: "paystack", PAYSTACK_DEDICATED_ACCOUNTS: "true", PAYSTACK_DEDICATED_BANK: "Wema Bank" }, () => {}),
    ).toThrow(/PAYSTACK_DEDICATED_BANK/);
    const on = loadConfig(
      { ...base, PAYMENT_PROVIDERS: "paystack", PAYSTACK_DEDICATED_ACCOUNTS: "true", PAYSTACK_DEDICATED_BANK: "wema-bank" },
      () => {},
    );
    expect(on.payments.dedicatedAccounts).toEqual({ preferredBank: "wema-bank" });
    expect(loadConfig({ ...base, PAYMENT_PROVIDERS: "paystack" }, () => {}).payments.dedicatedAccounts).toBeUndefined();
  });
});

describe("npm run doctor", () => {
  const configFor = (bank: string) =>
    loadConfig(
      {
        NODE_ENV: "test",
        SESSION_SECRET: "x".repeat(40),
        PAYMENT_PROVIDERS: "paystack",
        PAYSTACK_SECRET_KEY: paystack.secretKey,
        PAYSTACK_PUBLIC_KEY: paystack.publicKey,
        PAYSTACK_API_URL: paystack.url,
        PAYSTACK_DEDICATED_ACCOUNTS: "true",
        PAYSTACK_DEDICATED_BANK: bank,
      },
      () => {},
    );
  it("says whether Paystack has dedicated accounts for the key, at the bank set", async () => {
    expect(await checkDedicatedAccounts(configFor("test-bank"))).toEqual([
      { mark: "ok", text: "Paystack dedicated accounts are enabled for this key: applicants get their own account number at Test Bank" },
    ]);
    const [other] = await checkDedicatedAccounts(configFor("no-such-bank"));
    expect(other).toMatchObject({ mark: "fail", text: expect.stringContaining("it offers: test-bank, wema-bank, titan-paystack") });
    paystack.options.dedicatedUnavailable = true;
    const [off] = await checkDedicatedAccounts(configFor("test-bank"));
    expect(off).toMatchObject({ mark: "fail", text: expect.stringContaining("Dedicated NUBAN not available for this integration") });
  });
});

describe("an applicant's own account number", () => {
  it("is opened once, however many pages ask at once, and the payment page shows it", async () => {
    const { client, userId, email } = await applicant();
    const id = await submitted(client);
    const pages = await Promise.all([1, 2, 3].map(() => client.getJson(`/payment/${id}`).expect(200)));
    // The page never waits for Paystack: it says the account is being opened.
    for (const page of pages) expect(page.body.props.ownAccount).toMatchObject({ state: expect.stringMatching(/^(requested|assigned)$/) });
    const number = await ownAccount(client, userId, id);
    await client.getJson(`/payment/${id}`).expect(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(paystack.dedicatedAccounts().filter((a) => a.email === email)).toHaveLength(1);
    expect(await t.db("dedicated_accounts").where({ user_id: userId })).toHaveLength(1);
    const html = stripTags((await client.get(`/payment/${id}`).expect(200)).text);
    const account = paystack.dedicatedAccounts().find((a) => a.email === email);
    expect(html).toContain(`Your own account for this consultancy: Test Bank, ${number}, ${account?.accountName}`);
    expect(html).toContain("Transfer exactly ₦387,500");
    expect(html).toContain("there is no proof to upload");
  });

  it("while Paystack refuses, the page still loads and says the account is being opened", async () => {
    paystack.options.dedicatedUnavailable = true;
    const { client, userId } = await applicant();
    const id = await submitted(client);
    const page = await client.getJson(`/payment/${id}`).expect(200);
    expect(page.body.props.ownAccount).toEqual({ state: "requested", bankName: null, accountNumber: null, accountName: null });
    await until(async () => (await t.db("dedicated_accounts").where({ user_id: userId }).first())?.state === "failed");
    expect((await t.db("dedicated_accounts").where({ user_id: userId }).first()).last_error).toMatch(/Dedicated NUBAN not available/);
    expect((await client.getJson(`/payment/${id}`).expect(200)).body.props.ownAccount.state).toBe("requested");
  });
});

describe("a transfer into it", () => {
  it("of exactly what is owed settles the bill by itself, with the receipt and no staff step", async () => {
    const { client, userId } = await applicant();
    const id = await submitted(client);
    // An open Paystack checkout is closed once the transfer pays the bill.
    await client.form(`/payment/${id}/paystack`, {}).expect(303);
    const number = await ownAccount(client, userId, id);
    const reference = await paystack.transfer(number, OWED);
    // Paystack's own reference for a transfer has '_' in it: the job must be able to ask about it (it once retried until it gave up).
    expect(reference).toContain("_");
    await until(async () => (await application(id)).payment_status === "paid");
    const paid = await t.db("payments").where({ application_id: id, state: "paid" });
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ provider: "paystack", reference, amount_minor: OWED, currency: "NGN", decided_by: null });
    expect(paid[0].receipt_code).toMatch(/^[A-Z2-9]{10}$/);
    expect(await transferRow(reference)).toMatchObject({ outcome: "settled", payment_id: paid[0].id, user_id: userId });
    expect(await t.db("payments").where({ application_id: id, state: "pending" })).toHaveLength(0);
    await t.smtp.waitFor((m) => m.subject.startsWith("Payment received") && m.text.includes("₦387,500"));
  });

  it("of a split bill pays its next instalment when it is exactly that, and holds the whole bill's amount", async () => {
    const { client, userId } = await applicant();
    const id = await submitted(client);
    const manager = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    const day = (n: number) => addDays(lagosToday(), n);
    await manager
      .form(`/admin/application/${id}/bill/instalments`, { amount_1: "200000", due_1: day(1), amount_2: "187500", due_2: day(30) })
      .expect(303);
    const number = await ownAccount(client, userId, id);
    // The whole bill is no longer what is owed now: held, nothing paid.
    const whole = await paystack.transfer(number, OWED);
    await until(async () => (await transferRow(whole))?.outcome === "held");
    expect(await t.db("bill_instalments").where({ application_id: id }).whereNotNull("paid_at")).toHaveLength(0);
    // The first instalment, exactly: paid by itself, with its own receipt; the second is what is owed next.
    const first = await paystack.transfer(number, 200_000 * 100);
    await until(async () => (await transferRow(first))?.outcome === "settled");
    const rows = await t.db("bill_instalments").where({ application_id: id }).orderBy("position");
    expect(rows.map((r) => r.paid_at !== null)).toEqual([true, false]);
    const paid = await t.db("payments").where({ application_id: id, state: "paid" });
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amount_minor: 200_000 * 100, instalment_id: rows[0].id });
    expect((await application(id)).payment_status).not.toBe("paid");
  });

  it("of another amount is held under Needs attention with what arrived, never paid", async () => {
    const { client, userId } = await applicant();
    const id = await submitted(client);
    const number = await ownAccount(client, userId, id);
    const reference = await paystack.transfer(number, OWED - 100);
    await until(async () => (await transferRow(reference)) !== undefined);
    const held = await transferRow(reference);
    expect(held).toMatchObject({ outcome: "held", amount_minor: OWED - 100 });
    const payment = await t.db("payments").where({ id: held.payment_id }).first();
    expect(payment).toMatchObject({ state: "needs_attention", verified_amount_minor: OWED - 100, verified_currency: "NGN" });
    expect(payment.decision_note).toMatch(/Received ₦387,499 where ₦387,500 was quoted/);
    expect(await application(id)).toMatchObject({ payment_status: "pending" });
    // Staff see it on the Payments page's Needs attention list.
    const staff = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    const list = await staff.get("/admin/payments?state=needs_attention").expect(200);
    expect(list.text).toContain(`/admin/payments/${held.payment_id}`);
  });

  it("the same event twice (and again after) makes one payment and one receipt", async () => {
    paystack.options.dropWebhook = true;
    const { client, userId } = await applicant();
    const id = await submitted(client);
    const number = await ownAccount(client, userId, id);
    const reference = await paystack.transfer(number, OWED);
    expect(await Promise.all([paystack.sendWebhook(reference), paystack.sendWebhook(reference)])).toEqual([200, 200]);
    await until(async () => (await application(id)).payment_status === "paid");
    expect(await paystack.sendWebhook(reference)).toBe(200);
    await new Promise((r) => setTimeout(r, 800));
    expect(await t.db("payments").where({ application_id: id })).toHaveLength(1);
    expect(await t.db("dedicated_transfers").where({ reference })).toHaveLength(1);
    expect(await t.db("email_messages").where({ application_id: id, kind: "payment_received" })).toHaveLength(1);
  });

  it("with a wrong or missing signature changes nothing and queues nothing", async () => {
    paystack.options.dropWebhook = true;
    const { client, userId } = await applicant();
    const id = await submitted(client);
    const number = await ownAccount(client, userId, id);
    const reference = await paystack.transfer(number, OWED);
    expect(await paystack.sendWebhook(reference, { secretKey: "sk_test_not_the_key" })).toBe(401);
    expect(await paystack.sendWebhook(reference, { sign: false })).toBe(401);
    const jobs = await t.db.raw("SELECT count(*) FROM graphile_worker.jobs WHERE key = ?", [`paystack-dedicated-transfer:${reference}`]);
    expect(Number(jobs.rows[0].count)).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(await transferRow(reference)).toBeUndefined();
    expect(await application(id)).toMatchObject({ payment_status: "pending" });
  });

  it("into one person's account never pays another person's bill, whatever the webhook claims", async () => {
    const a = await applicant();
    const aId = await submitted(a.client);
    const aNumber = await ownAccount(a.client, a.userId, aId);
    const b = await applicant();
    const bId = await submitted(b.client);
    await ownAccount(b.client, b.userId, bId);
    const bCode = (await t.db("dedicated_accounts").where({ user_id: b.userId }).first()).customer_code;
    // A pays their own bill first: from then on A owes nothing.
    const first = await paystack.transfer(aNumber, OWED);
    await until(async () => (await application(aId)).payment_status === "paid");
    expect((await transferRow(first)).outcome).toBe("settled");
    // Money into A's account — with a correctly signed event that claims B's customer and account — is A's: held, as A
    // owes nothing; B's bill stays owed.
    paystack.options.dropWebhook = true;
    const second = await paystack.transfer(aNumber, OWED);
    const forged = JSON.stringify({
      event: "charge.success",
      data: {
        id: 1,
        reference: second,
        amount: OWED,
        currency: "NGN",
        channel: "dedicated_nuban",
        customer: { customer_code: bCode },
        authorization: { channel: "dedicated_nuban", receiver_bank_account_number: "0000000000" },
      },
    });
    const res = await fetch(`${appUrl}/webhooks/paystack`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-paystack-signature": createHmac("sha512", paystack.secretKey).update(forged).digest("hex") },
      body: forged,
    });
    expect(res.status).toBe(200);
    await until(async () => (await transferRow(second)) !== undefined);
    expect(await transferRow(second)).toMatchObject({ outcome: "held", user_id: a.userId, payment_id: null });
    expect((await transferRow(second)).reason).toMatch(/owes no fee/);
    expect(await application(bId)).toMatchObject({ payment_status: "pending" });
    expect(await t.db("payments").where({ application_id: bId })).toHaveLength(0);
  });

  it("while several fees are owed is held for staff, who close it with what they did", async () => {
    const { client, userId } = await applicant();
    const first = await submitted(client);
    const second = await submitted(client);
    const number = await ownAccount(client, userId, first);
    const page = (await client.getJson(`/payment/${second}`).expect(200)).body.props;
    expect(page.otherFeesOwed).toBe(true);
    const reference = await paystack.transfer(number, OWED);
    await until(async () => (await transferRow(reference)) !== undefined);
    const held = await transferRow(reference);
    expect(held).toMatchObject({ outcome: "held", payment_id: null });
    expect(held.reason).toMatch(/owes fees on 2 applications/);
    for (const id of [first, second]) expect(await application(id)).toMatchObject({ payment_status: "pending" });
    const staff = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    const list = await staff.get("/admin/payments?state=needs_attention").expect(200);
    expect(stripTags(list.text)).toContain(reference);
    // An applicant or a case officer cannot close it (sent away, nothing changes); a manager must say what was done.
    expect((await client.form(`/admin/payments/held-transfers/${held.id}/close`, { note: "Refunded" }).expect(303)).headers.location).toBe(
      "/dashboard",
    );
    const officer = await signedIn(t.app, await makeUser(t.db, { officer: true }));
    expect((await officer.form(`/admin/payments/held-transfers/${held.id}/close`, { note: "Refunded" }).expect(303)).headers.location).toBe("/admin");
    expect((await transferRow(reference)).outcome).toBe("held");
    await staff.form(`/admin/payments/held-transfers/${held.id}/close`, { note: "" }).expect(400);
    await staff.form(`/admin/payments/held-transfers/${held.id}/close`, { note: "Refunded through Paystack on 30 Nov" }).expect(303);
    expect(await transferRow(reference)).toMatchObject({ outcome: "closed", close_note: "Refunded through Paystack on 30 Nov" });
    await staff.form(`/admin/payments/held-transfers/${held.id}/close`, { note: "Again" }).expect(404);
    expect(stripTags((await staff.get("/admin/payments?state=needs_attention").expect(200)).text)).not.toContain(reference);
  });
});

describe("with the setting turned off later", () => {
  it("a transfer into an account already given out is still settled by the same rules", async () => {
    const off = await startPaystackApp();
    try {
      const user = await makeUser(off.t.db);
      const client = await signedIn(off.t.app, user);
      const id = (
        await client
          .post(
            "/api/applications",
            completeDraft({ visa_type: "work", visa_specific_data: { employer_name: "Acme", employer_address: "Berlin", job_title: "Engineer" } }),
          )
          .expect(201)
      ).body.application.id;
      await attachPassportFiles(client, id);
      await client.post(`/api/applications/${id}/submit`).expect(200);
      await signedAgreement(off.t.db, id);
      // The page offers no own account now…
      expect((await client.getJson(`/payment/${id}`).expect(200)).body.props.ownAccount).toBeNull();
      // …but the one opened while the setting was on still exists at Paystack and in the site's records.
      const ask = async (path: string, body: unknown) =>
        (
          await (
            await fetch(`${off.paystack.url}${path}`, {
              method: "POST",
              headers: { authorization: `Bearer ${off.paystack.secretKey}`, "content-type": "application/json" },
              body: JSON.stringify(body),
            })
          ).json()
        ).data;
      const customer = await ask("/customer", { email: user.email });
      const account = await ask("/dedicated_account", { customer: customer.customer_code, preferred_bank: "test-bank" });
      await off.t.db("dedicated_accounts").insert({
        user_id: user.id,
        state: "assigned",
        preferred_bank: "test-bank",
        customer_code: customer.customer_code,
        customer_id: String(customer.id),
        bank_name: account.bank.name,
        account_number: account.account_number,
        account_name: account.account_name,
      });
      await off.paystack.transfer(account.account_number, OWED);
      await until(async () => (await off.t.db("visa_applications").where({ id }).first()).payment_status === "paid");
    } finally {
      await off.close();
    }
  });
});
