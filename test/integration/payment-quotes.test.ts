// Never at an old price, never on top of a transfer: a payment attempt is good only for the amount it quoted. Returning
// an application to draft closes its open quotes; money that still arrives on one (an old checkout paid later) is held
// for staff, never added; a transfer whose price expired takes no proof; a checkout is reused only at today's price;
// while a transfer's proof waits for staff, no other way to pay is opened. Through the HTTP routes and the webhook.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcilePaystackPayment } from "../../server/actions/payments/paystack.ts";
import { START_TRANSFER_FIRST } from "../../server/actions/payments/uploadTransferProof.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { createLogger } from "../../server/middleware/logging.ts";
import type { Client } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";
import { filesUnder, PNG } from "../helpers/files.ts";
import type { MailTestApp } from "../helpers/mail.ts";
import { BANK_ENV, postProof, submittedApplication } from "../helpers/payments.ts";
import { startPaystackApp } from "../helpers/paystackApp.ts";
import type { LocalPaystack } from "../paystack/server.ts";

let t: MailTestApp;
let paystack: LocalPaystack;
let closeApp: () => Promise<void>;
let owner: Client;
let staff: Client;

beforeAll(async () => {
  ({ t, paystack, close: closeApp } = await startPaystackApp({ ...BANK_ENV, PAYMENT_PROVIDERS: "paystack,bank_transfer,demo" }));
  owner = await signedIn(t.app, await makeUser(t.db));
  staff = await signedIn(t.app, await makeUser(t.db, { admin: true }));
});
afterAll(async () => {
  await closeApp();
});

const application = (id: string) => t.db("visa_applications").where({ id }).first();
const attempts = (id: string) => t.db("payments").where({ application_id: id }).orderBy("created_at", "asc");
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out waiting");
};

/** Paystack's checkout started as the browser does: our reference. */
async function startPaystack(id: string): Promise<string> {
  const res = await owner.form(`/payment/${id}/paystack`, {}).expect(303);
  expect(res.headers.location).toMatch(new RegExp(`^${paystack.url}/checkout/`));
  return (await t.db("payments").where({ application_id: id, provider: "paystack" }).orderBy("created_at", "desc").first()).reference;
}

/** Staff send a submitted application back for changes; the applicant makes it a work application and submits again. */
async function switchToWork(id: string): Promise<void> {
  await staff
    .patch(`/api/admin/applications/${id}/status`, { status: "draft", shownStatus: "submitted", note: "Please choose the work visa." })
    .expect(200);
  await owner
    .patch(`/api/applications/${id}`, {
      visa_type: "work",
      visa_specific_data: { employer_name: "Acme", employer_address: "Berlin", job_title: "Engineer" },
    })
    .expect(200);
  await owner.post(`/api/applications/${id}/submit`).expect(200);
}

describe("a quote is good only for what is owed", () => {
  it("Paystack: a checkout opened for a tourist fee and paid after the switch to work is held for staff, not taken as the fee", async () => {
    paystack.options.dropCallback = true;
    const id = await submittedApplication(owner);
    const old = await startPaystack(id);
    expect((await attempts(id))[0]).toMatchObject({ amount_minor: 23_250_000, fee_usd_cents: 15_000 });
    await switchToWork(id);
    // Returning it to draft closed the open quote, in the same transaction.
    expect((await attempts(id))[0]).toMatchObject({ reference: old, state: "failed", decision_note: "Quote no longer valid" });
    // The applicant pays the old checkout anyway (a tab left open): the webhook is verified and the money held.
    await paystack.pay(old);
    await until(async () => (await attempts(id))[0].state !== "failed");
    const [held] = await attempts(id);
    expect(held).toMatchObject({ state: "needs_attention", verified_amount_minor: 23_250_000 });
    expect(held.decision_note).toContain("₦232,500");
    expect(held.decision_note).toMatch(/refund/i);
    expect(await application(id)).toMatchObject({ payment_status: "pending", amount_paid: null });
    // Listed for staff with the money that arrived, the figure a refund starts from.
    const listed = (await staff.getJson("/admin/payments?state=needs_attention").expect(200)).body.props.rows;
    expect(listed.find((r: { reference: string }) => r.reference === old)).toMatchObject({ amountText: "₦232,500 received" });
    // Staff's case page and the applicant's review name the fee owed now, in Naira with its dollar basis.
    const owed = /^₦387,500 — \$250 at ₦1,550\/\$, rate of \d{1,2} [A-Z][a-z]{2} \d{4}$/;
    expect((await staff.getJson(`/admin/application/${id}`).expect(200)).body.props.application.feeText).toMatch(owed);
    expect((await staff.getJson(`/admin/application/${id}/full`).expect(200)).body.props.application.feeText).toMatch(owed);
    // Paying now opens a checkout at the work fee.
    const fresh = await startPaystack(id);
    expect(fresh).not.toBe(old);
    expect(paystack.transactions().find((x) => x.reference === fresh)).toMatchObject({ amountMinor: 38_750_000 });
    paystack.options.dropCallback = false;
  });

  it("Paystack: an open checkout is reused only at today's price; a new rate opens a new one", async () => {
    const id = await submittedApplication(owner);
    const first = await startPaystack(id);
    expect(await startPaystack(id)).toBe(first);
    const [rate] = await t.db("exchange_rates").insert({ kobo_per_usd: 180_000 }).returning("id");
    try {
      const second = await startPaystack(id);
      expect(second).not.toBe(first);
      const rows = await attempts(id);
      expect(rows.map((r) => [r.state, r.amount_minor])).toEqual([
        ["failed", 23_250_000],
        ["pending", 27_000_000],
      ]);
      expect(rows[0].decision_note).toBe("Quote no longer valid");
    } finally {
      await t.db("exchange_rates").where({ id: rate.id }).delete();
    }
  });

  it("bank transfer: a transfer started for the tourist fee is closed by the switch; its proof is refused, a new transfer quotes the work fee", async () => {
    const id = await submittedApplication(owner);
    await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
    await switchToWork(id);
    expect((await attempts(id))[0]).toMatchObject({ state: "failed", decision_note: "Quote no longer valid" });
    const before = filesUnder(t.config.uploadDir).length;
    const refused = await postProof(owner, id, PNG, "receipt.png").expect(409);
    expect(refused.text).toContain("Choose “Pay by bank transfer” first");
    expect(filesUnder(t.config.uploadDir)).toHaveLength(before);
    expect((await attempts(id))[0]).toMatchObject({ state: "failed", proof_path: null });
    await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
    expect((await attempts(id))[1]).toMatchObject({ state: "pending", amount_minor: 38_750_000, fee_usd_cents: 25_000 });
  });

  it("bank transfer: a proof for a transfer whose price expired is refused and changes nothing; starting again quotes today's rate", async () => {
    const id = await submittedApplication(owner);
    await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
    const [started] = await attempts(id);
    await t
      .db("payments")
      .where({ id: started.id })
      .update({ quote_expires_at: new Date(Date.now() - 60_000) });
    const [rate] = await t.db("exchange_rates").insert({ kobo_per_usd: 180_000 }).returning("id");
    try {
      const before = filesUnder(t.config.uploadDir).length;
      const res = await postProof(owner, id, PNG, "receipt.png").expect(409);
      expect(res.text).toMatch(/This transfer&#x27;s price expired on .+?: start again at today&#x27;s price/);
      expect(filesUnder(t.config.uploadDir)).toHaveLength(before);
      expect((await attempts(id))[0]).toMatchObject({ state: "pending", proof_path: null });
      expect(await t.db("audit_events").where({ action: "transfer_proof_uploaded", subject_id: id })).toHaveLength(0);
      await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
      const rows = await attempts(id);
      expect(rows.map((r) => [r.state, r.amount_minor])).toEqual([
        ["failed", 23_250_000],
        ["pending", 27_000_000],
      ]);
    } finally {
      await t.db("exchange_rates").where({ id: rate.id }).delete();
    }
  });

  it("bank transfer: staff confirming a proof sent before the switch hold the money for a refund instead of paying the new fee", async () => {
    const id = await submittedApplication(owner);
    await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
    await postProof(owner, id, PNG, "receipt.png").expect(303);
    await switchToWork(id);
    // Money the applicant says they sent is not closed: staff still decide on it.
    const [waiting] = await attempts(id);
    expect(waiting.state).toBe("awaiting_confirmation");
    // Staff are told before they confirm.
    const page = (await staff.getJson(`/admin/payments/${waiting.id}`).expect(200)).body.props;
    expect(page.payment.confirmWarning).toBe(
      "This transfer was quoted for a fee of $150.00; the application now owes $250.00 (its visa type changed). Confirming records the money under Needs attention, for you to refund it.",
    );
    await staff
      .form(`/admin/payments/${waiting.id}/confirm`, { received: "232,500", proofUploadedAt: new Date(waiting.proof_uploaded_at).toISOString() })
      .expect(303);
    const [held] = await attempts(id);
    expect(held).toMatchObject({ state: "needs_attention", received_minor: 23_250_000 });
    expect(held.decision_note).toMatch(/refund/i);
    expect(await application(id)).toMatchObject({ payment_status: "pending" });
  });
});

describe("one open payment at a time", () => {
  it("while a transfer's proof waits for staff, Paystack and the card are refused and nothing is charged", async () => {
    const id = await submittedApplication(owner);
    await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
    await postProof(owner, id, PNG, "receipt.png").expect(303);
    const card = await owner
      .post(`/api/applications/${id}/payment`, { cardholderName: "Ada Obi", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" })
      .expect(409);
    expect(card.body.error.message).toMatch(/^Transfer received — we are checking it/);
    const res = await owner.form(`/payment/${id}/paystack`, {}).expect(303);
    expect(res.headers.location).toBe(`/payment/${id}`);
    const page = await owner.get(`/payment/${id}`).expect(200);
    expect(page.text).toContain("Transfer received — we are checking it");
    expect(page.text).not.toContain("Payment Failed");
    expect((await attempts(id)).map((r) => [r.provider, r.state])).toEqual([["bank_transfer", "awaiting_confirmation"]]);
    // The application's page says the transfer is being checked, and offers no Pay Now.
    const details = (await owner.getJson(`/application/${id}`).expect(200)).body.props;
    expect(details.showPayNow).toBe(false);
    expect(details.transferWaiting).toMatchObject({ amountText: "₦232,500" });
    expect(await application(id)).toMatchObject({ payment_status: "pending" });
  });
});

describe("one way to pay at a time", () => {
  it("opening Paystack closes a transfer that has no proof yet, and a new transfer closes the checkout; each audited", async () => {
    const id = await submittedApplication(owner);
    await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
    await startPaystack(id);
    expect((await attempts(id)).map((r) => [r.provider, r.state, r.decision_note])).toEqual([
      ["bank_transfer", "failed", "Closed: the applicant chose to pay with Paystack"],
      ["paystack", "pending", null],
    ]);
    // Its proof is no longer taken: the transfer is closed.
    const refused = await postProof(owner, id, PNG, "receipt.png").expect(409);
    expect(refused.text).toContain(START_TRANSFER_FIRST);
    expect((await attempts(id))[0]).toMatchObject({ state: "failed", proof_path: null });
    await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
    expect((await attempts(id)).map((r) => [r.provider, r.state, r.decision_note])).toEqual([
      ["bank_transfer", "failed", "Closed: the applicant chose to pay with Paystack"],
      ["paystack", "failed", "Closed: the applicant chose to pay by bank transfer"],
      ["bank_transfer", "pending", null],
    ]);
    const closed = await t.db("audit_events").where({ action: "payment_closed", subject_id: id }).orderBy("id", "asc");
    expect(closed.map((a) => a.details.provider)).toEqual(["bank_transfer", "paystack"]);
  });

  it("the database holds one open attempt per application, whatever the provider", async () => {
    const id = await submittedApplication(owner);
    await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
    const [open] = await attempts(id);
    const { id: _id, reference: _ref, payment_code: _code, created_at: _at, updated_at: _up, ...copy } = open;
    await expect(t.db("payments").insert({ ...copy, provider: "paystack", reference: `T-${Date.now()}` })).rejects.toThrow(/payments_one_open/);
  });
});

describe("money on a checkout closed for another way to pay, its webhook lost", () => {
  const reconcile = (paymentId: string) =>
    reconcilePaystackPayment({ db: t.db, config: t.config, logger: createLogger("silent"), outbox: createOutbox(t.config.mail) }, paymentId);

  it("the reconcile job finds it: settled while the fee is still owed, held for staff once it is paid another way", async () => {
    paystack.options.dropWebhook = true;
    paystack.options.dropCallback = true;
    try {
      // The applicant opens the checkout, then chooses bank transfer; the checkout had in fact been paid.
      const id = await submittedApplication(owner);
      const reference = await startPaystack(id);
      await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
      const [checkout] = await attempts(id);
      expect(checkout).toMatchObject({ reference, state: "failed", decision_note: "Closed: the applicant chose to pay by bank transfer" });
      expect(await reconcile(checkout.id)).toBe("not_paid");
      // Not paid yet: it looks again in an hour.
      const job = (await t.db.raw("SELECT run_at FROM graphile_worker.jobs WHERE key = ?", [`paystack-reconcile:${checkout.id}`])).rows[0];
      expect(new Date(job.run_at).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
      await paystack.pay(reference);
      expect(await reconcile(checkout.id)).toBe("paid");
      expect((await attempts(id))[0]).toMatchObject({ reference, state: "paid", verified_amount_minor: 23_250_000 });
      expect(await application(id)).toMatchObject({ payment_status: "paid", payment_reference: reference });
      // Run again (the next hour's look): nothing changes.
      expect(await reconcile(checkout.id)).toBe("unchanged");

      // A second application's checkout, closed because the card paid the fee: the money found later is held for a refund.
      const second = await submittedApplication(owner);
      const late = await startPaystack(second);
      await owner
        .post(`/api/applications/${second}/payment`, { cardholderName: "Ada Obi", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" })
        .expect(200);
      const [closed] = await attempts(second);
      expect(closed).toMatchObject({ reference: late, state: "failed", decision_note: "Closed: the applicant paid by card" });
      await paystack.pay(late);
      expect(await reconcile(closed.id)).toBe("needs_attention");
      const [held] = await attempts(second);
      expect(held).toMatchObject({ state: "needs_attention", verified_amount_minor: 23_250_000 });
      expect(held.decision_note).toMatch(/refund/i);
    } finally {
      paystack.options.dropWebhook = false;
      paystack.options.dropCallback = false;
    }
  });

  it("looks for a week at most: a checkout closed longer ago is left alone", async () => {
    paystack.options.dropWebhook = true;
    try {
      const id = await submittedApplication(owner);
      const reference = await startPaystack(id);
      await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
      const [checkout] = await attempts(id);
      await paystack.pay(reference);
      await t
        .db("payments")
        .where({ id: checkout.id })
        .update({ created_at: new Date(Date.now() - 8 * 24 * 3_600_000) });
      expect(await reconcile(checkout.id)).toBe("unchanged");
      expect((await attempts(id))[0]).toMatchObject({ state: "failed" });
    } finally {
      paystack.options.dropWebhook = false;
    }
  });
});

describe("two tabs at once", () => {
  it("a proof recorded while Paystack is starting wins: Paystack waits for the application, then opens no checkout", async () => {
    const id = await submittedApplication(owner);
    await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
    const [transfer] = await attempts(id);
    let finished = false;
    let started: Promise<string> | undefined;
    await t.db.transaction(async (trx) => {
      // The proof's upload in the other tab holds the application while it records the proof.
      await trx("visa_applications").where({ id }).forUpdate().first("id");
      started = owner.form(`/payment/${id}/paystack`, {}).then((r) => {
        finished = true;
        return String(r.headers.location);
      });
      const waiting = async () =>
        (await t.db.raw("select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()")).rows.length > 0;
      await until(async () => finished || (await waiting()));
      await trx("payments").where({ id: transfer.id }).update({ state: "awaiting_confirmation", proof_uploaded_at: trx.fn.now() });
    });
    // Back to the payment page (which says the transfer is being checked), not to a checkout.
    expect(await started).toBe(`/payment/${id}`);
    expect((await attempts(id)).map((r) => [r.provider, r.state])).toEqual([["bank_transfer", "awaiting_confirmation"]]);
  });
});

describe("withdrawing a transfer", () => {
  const withdraw = (client: Client, id: string, fields: Record<string, string>) => client.form(`/payment/${id}/bank-transfer/withdraw`, fields);

  it("needs a reason (400, the message on the page), answers 404 for another applicant, and changes nothing either way", async () => {
    const id = await submittedApplication(owner);
    await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
    await postProof(owner, id, PNG, "receipt.png").expect(303);
    const [before] = await attempts(id);
    const empty = await withdraw(owner, id, { reason: "   " }).expect(400);
    expect(empty.text).toContain("Say why you are withdrawing the transfer");
    const stranger = await signedIn(t.app, await makeUser(t.db));
    await withdraw(stranger, id, { reason: "Not mine" }).expect(404);
    expect(await attempts(id)).toEqual([before]);
    expect(await t.db("audit_events").where({ action: "transfer_withdrawn", subject_id: id })).toHaveLength(0);
  });

  it("closes the waiting transfer with the applicant's reason, and the other ways to pay open again", async () => {
    const id = await submittedApplication(owner);
    await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
    await postProof(owner, id, PNG, "receipt.png").expect(303);
    const res = await withdraw(owner, id, { reason: "My bank reversed the transfer." }).expect(303);
    expect(res.headers.location).toBe(`/payment/${id}`);
    const [closed] = await attempts(id);
    expect(closed).toMatchObject({ state: "failed", decision_note: "Withdrawn by the applicant: My bank reversed the transfer." });
    expect(await t.db("audit_events").where({ action: "transfer_withdrawn", subject_id: id })).toHaveLength(1);
    expect((await owner.getJson(`/application/${id}`).expect(200)).body.props).toMatchObject({ showPayNow: true, transferWaiting: null });
    await startPaystack(id);
    // Nothing left to withdraw: 409 with the reason, nothing changed.
    const again = await withdraw(owner, id, { reason: "Twice" }).expect(409);
    expect(again.text).toContain("There is no open bank transfer to withdraw.");
  });
});
