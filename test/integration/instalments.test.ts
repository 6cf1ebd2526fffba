// A case's bill split into instalments: staff split it (the case's officer or a manager; amounts adding up to the
// bill; audited; the service fee frozen), the applicant pays the next instalment by every way to pay, each instalment
// is paid once whatever order the webhooks and late money arrive in, each has its own receipt, and the application's
// payment_status is paid once everything due before lodging is.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remindInstalments } from "../../server/actions/payments/remindInstalments.ts";
import { addDays, lagosToday } from "../../server/domain/calendar.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { createLogger } from "../../server/middleware/logging.ts";
import { formatDate } from "../../views/lib/format.ts";
import type { Client } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";
import { PNG } from "../helpers/files.ts";
import type { MailTestApp } from "../helpers/mail.ts";
import { BANK_ENV, postProof, submittedApplication } from "../helpers/payments.ts";
import { startPaystackApp } from "../helpers/paystackApp.ts";
import type { LocalPaystack } from "../paystack/server.ts";

let t: MailTestApp;
let paystack: LocalPaystack;
let closeApp: () => Promise<void>;
let owner: Client;
let manager: Client;
let officer: Client;
let officerId: string;
let otherOfficer: Client;

beforeAll(async () => {
  ({ t, paystack, close: closeApp } = await startPaystackApp({ ...BANK_ENV, PAYMENT_PROVIDERS: "paystack,bank_transfer,demo" }));
  owner = await signedIn(t.app, await makeUser(t.db));
  manager = await signedIn(t.app, await makeUser(t.db, { admin: true }));
  const o = await makeUser(t.db, { officer: true });
  officerId = o.id;
  officer = await signedIn(t.app, o);
  otherOfficer = await signedIn(t.app, await makeUser(t.db, { officer: true }));
});
afterAll(async () => {
  await closeApp();
});

const SERVICE = 15_000 * 1550; // $150 at ₦1,550/$, in kobo: ₦232,500
const today = () => lagosToday();
const application = (id: string) => t.db("visa_applications").where({ id }).first();
const instalments = (id: string) => t.db("bill_instalments").where({ application_id: id }).orderBy("position");
const paidPayments = (id: string) => t.db("payments").where({ application_id: id, state: "paid" }).orderBy("paid_at");
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out waiting");
};

/** The split form's fields: [amount, due in days from today] per instalment. */
const splitFields = (rows: [string, number][], afterLodging = false) => {
  const fields: Record<string, string> = {};
  rows.forEach(([amount, days], n) => {
    fields[`amount_${n + 1}`] = amount;
    fields[`due_${n + 1}`] = addDays(today(), days);
  });
  if (afterLodging) fields.after_lodging = "on";
  return fields;
};
const split = (client: Client, id: string, rows: [string, number][], afterLodging = false) =>
  client.form(`/admin/application/${id}/bill/instalments`, splitFields(rows, afterLodging));

/** Starts Paystack's checkout as the applicant's browser does; answers the new attempt. */
async function startPaystack(id: string) {
  await owner.form(`/payment/${id}/paystack`, {}).expect(303);
  return t.db("payments").where({ application_id: id, provider: "paystack" }).orderBy("created_at", "desc").first();
}

/** A bank transfer started, its proof sent, and confirmed by staff for `received`. */
async function payByTransfer(id: string, received: string) {
  await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
  await postProof(owner, id, PNG, "receipt.png").expect(303);
  const payment = await t.db("payments").where({ application_id: id, provider: "bank_transfer", state: "awaiting_confirmation" }).first();
  const shown = new Date(payment.proof_uploaded_at).toISOString();
  await manager.form(`/admin/payments/${payment.id}/confirm`, { received, proofUploadedAt: shown }).expect(303);
  return payment;
}

describe("splitting the bill", () => {
  it("is for the case's officer or a manager only: unassigned 403, another officer's case 404, the applicant not at all", async () => {
    const id = await submittedApplication(owner);
    const rows: [string, number][] = [
      ["132,500", 0],
      ["100,000", 10],
    ];
    await t.db("visa_applications").where({ id }).update({ assignee_id: null });
    await split(officer, id, rows).expect(403);
    await t.db("visa_applications").where({ id }).update({ assignee_id: officerId });
    await split(otherOfficer, id, rows).expect(404);
    const applicant = await split(owner, id, rows);
    expect(applicant.headers.location ?? "").not.toContain("#bill");
    expect(await instalments(id)).toHaveLength(0);
    await split(officer, id, rows).expect(303);
    expect(await instalments(id)).toHaveLength(2);
  });

  it("refuses what does not add up or is out of order with a clear message, and changes nothing", async () => {
    const id = await submittedApplication(owner);
    const cases: [[string, number][], string][] = [
      [
        [
          ["100,000", 0],
          ["100,000", 10],
        ],
        "The instalments add up to ₦200,000; the bill is ₦232,500. Make them add up to the bill.",
      ],
      [[["232,500", 0]], "Split the bill into 2 to 6 instalments"],
      [
        [
          ["132,500", -1],
          ["100,000", 10],
        ],
        "Instalment 1: the due date has passed",
      ],
      [
        [
          ["132,500", 10],
          ["100,000", 2],
        ],
        "Instalment 2 is due before instalment 1",
      ],
      [
        [
          ["lots", 0],
          ["100,000", 2],
        ],
        "Instalment 1: enter the amount as a number",
      ],
    ];
    for (const [rows, message] of cases) {
      const res = await split(manager, id, rows).expect(400);
      expect(res.text).toContain(message);
    }
    const seven: [string, number][] = Array.from({ length: 6 }, (_, n) => ["10,000", n]);
    const tooMany = await manager.form(`/admin/application/${id}/bill/instalments`, { ...splitFields(seven), amount_7: "1", due_7: today() });
    // A seventh row is not read: six rows that do not add up are refused.
    expect(tooMany.status).toBe(400);
    expect(await t.db("bill_splits").where({ application_id: id })).toHaveLength(0);
    expect(await instalments(id)).toHaveLength(0);
    expect((await application(id)).bill_version).toBe(0);
  });

  it("freezes the service fee, closes open quotes, is audited, and is done once", async () => {
    const id = await submittedApplication(owner);
    const open = await startPaystack(id);
    await split(manager, id, [
      ["132,500", 0],
      ["100,000", 10],
    ]).expect(303);
    expect(await t.db("payments").where({ id: open.id }).first()).toMatchObject({ state: "failed", decision_note: "Quote no longer valid" });
    const saved = await t.db("bill_splits").where({ application_id: id }).first();
    expect(Number(saved.service_minor)).toBe(SERVICE);
    expect(await t.db("audit_events").where({ action: "bill_split", subject_id: id })).toHaveLength(1);
    expect((await application(id)).bill_version).toBe(1);
    const again = await split(manager, id, [
      ["132,500", 0],
      ["100,000", 10],
    ]).expect(409);
    expect(again.text).toContain("This bill is already split into instalments.");
    // A new rate does not move the bill under its instalments.
    await manager.form("/admin/settings/payments", { rate: "2000" }).expect(303);
    try {
      const page = (await owner.getJson(`/payment/${id}`).expect(200)).body.props;
      expect(page.bill.totalMinor).toBe(SERVICE);
      expect(page.instalment).toMatchObject({ position: 1, count: 2, amountMinor: 13_250_000, state: "next" });
    } finally {
      await manager.form("/admin/settings/payments", { rate: "1550" }).expect(303);
    }
  });

  it("a line added later goes to the last unpaid instalment; a removal that would empty it is refused, nothing changed", async () => {
    const id = await submittedApplication(owner);
    const line = (label: string, amount: string) => ({ kind: "translation", label, amount, currency: "NGN", rate: "", reason: label });
    await manager.form(`/admin/application/${id}/bill/lines`, line("Translation", "100,000")).expect(303);
    await split(manager, id, [
      ["300,000", 0],
      ["32,500", 10],
    ]).expect(303);
    await manager.form(`/admin/application/${id}/bill/lines`, line("Courier", "12,000")).expect(303);
    expect((await instalments(id)).map((i) => Number(i.amount_minor))).toEqual([30_000_000, 4_450_000]);
    await owner
      .post(`/api/applications/${id}/payment`, { cardholderName: "Ada Obi", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" })
      .expect(200);
    const translation = await t.db("bill_lines").where({ application_id: id, label: "Translation" }).first();
    const refused = await manager.form(`/admin/application/${id}/bill/lines/${translation.id}/remove`, { reason: "Not needed" }).expect(409);
    expect(refused.text).toContain("would leave the last unpaid instalment (₦44,500) at nothing or less");
    expect((await t.db("bill_lines").where({ id: translation.id }).first()).removed_at).toBeNull();
    const courier = await t.db("bill_lines").where({ application_id: id, label: "Courier" }).first();
    await manager.form(`/admin/application/${id}/bill/lines/${courier.id}/remove`, { reason: "Collected in person" }).expect(303);
    expect((await instalments(id)).map((i) => Number(i.amount_minor))).toEqual([30_000_000, 3_250_000]);
    const page = (await owner.getJson(`/payment/${id}`).expect(200)).body.props;
    expect(page.bill.totalMinor).toBe(33_250_000);
    expect(page.instalment).toMatchObject({ position: 2, amountMinor: 3_250_000 });
  });
});

describe("paying instalments", () => {
  it("Paystack pays instalment 1 then 2; a webhook twice pays once; the application is paid only with the last; each has its receipt", async () => {
    const id = await submittedApplication(owner);
    await split(manager, id, [
      ["132,500", 0],
      ["100,000", 10],
    ]).expect(303);
    const html = (await owner.get(`/payment/${id}`).expect(200)).text;
    expect(html).toContain("Instalment 1 of 2");
    const first = await startPaystack(id);
    expect(Number(first.amount_minor)).toBe(13_250_000);
    expect(first.instalment_id).toBe((await instalments(id))[0].id);
    expect(paystack.transactions().find((x) => x.reference === first.reference)?.amountMinor).toBe(13_250_000);
    paystack.options.dropCallback = true;
    await paystack.pay(first.reference);
    expect(await paystack.sendWebhook(first.reference)).toBe(200);
    expect(await paystack.sendWebhook(first.reference)).toBe(200);
    await until(async () => (await instalments(id))[0].paid_at !== null);
    await new Promise((r) => setTimeout(r, 600));
    expect(await paidPayments(id)).toHaveLength(1);
    expect(await application(id)).toMatchObject({ payment_status: "pending" });
    paystack.options.dropCallback = false;

    // The next instalment is what the payment page asks for now.
    const page = (await owner.getJson(`/payment/${id}`).expect(200)).body.props;
    expect(page.instalment).toMatchObject({ position: 2, count: 2, amountMinor: 10_000_000 });
    const details = (await owner.getJson(`/application/${id}`).expect(200)).body.props;
    expect(details.showPayNow).toBe(true);
    expect(details.instalments.map((i: { state: string }) => i.state)).toEqual(["paid", "next"]);

    const second = await startPaystack(id);
    expect(Number(second.amount_minor)).toBe(10_000_000);
    await paystack.pay(second.reference);
    await owner.get(`/payment/${id}/return?reference=${second.reference}`).expect(303);
    await until(async () => (await application(id)).payment_status === "paid");
    const app = await application(id);
    expect(Number(app.amount_paid)).toBe(150);
    expect(app.payment_reference).toBe(second.reference);
    const paid = await paidPayments(id);
    expect(paid).toHaveLength(2);
    expect(new Set(paid.map((p) => p.receipt_code)).size).toBe(2);
    // The SPEC's 'Already Paid': nothing more is owed.
    const redirect = await owner.get(`/payment/${id}`).expect(303);
    expect(redirect.headers.location).toBe(`/application/${id}`);
    // Each instalment's receipt is checked on its own public page, at its own amount.
    const one = await otherOfficer.get(`/receipts/${paid[0].receipt_code}`).expect(200);
    expect(one.text).toContain("₦132,500");
    const two = await otherOfficer.get(`/receipts/${paid[1].receipt_code}`).expect(200);
    expect(two.text).toContain("₦100,000");
    const schedule = (await owner.getJson(`/application/${id}`).expect(200)).body.props.instalments;
    expect(schedule.map((i: { state: string; receiptCode: string }) => [i.state, i.receiptCode])).toEqual([
      ["paid", paid[0].receipt_code],
      ["paid", paid[1].receipt_code],
    ]);
  });

  it("by bank transfer: paid once the instalments before lodging are; the one after lodging is still offered and paid", async () => {
    const id = await submittedApplication(owner);
    await split(
      manager,
      id,
      [
        ["100,000", 0],
        ["82,500", 5],
        ["50,000", 30],
      ],
      true,
    ).expect(303);
    await payByTransfer(id, "100,000");
    expect(await application(id)).toMatchObject({ payment_status: "pending" });
    const second = await payByTransfer(id, "82,500");
    expect(Number(second.amount_minor)).toBe(8_250_000);
    // Everything due before lodging is paid: the application is paid (SPEC's payment_status and amount_paid).
    expect(await application(id)).toMatchObject({ payment_status: "paid", payment_reference: second.reference });
    // The instalment due after lodging is still offered.
    const details = (await owner.getJson(`/application/${id}`).expect(200)).body.props;
    expect(details.showPayNow).toBe(true);
    expect(details.instalments.map((i: { state: string }) => i.state)).toEqual(["paid", "paid", "next"]);
    const page = (await owner.getJson(`/payment/${id}`).expect(200)).body.props;
    expect(page.instalment).toMatchObject({ position: 3, amountMinor: 5_000_000, afterLodging: true });
    // The dashboard's card says so, with the way to pay it, until it is paid.
    const cardOf = async () => (await owner.getJson("/dashboard").expect(200)).body.props.applications.find((a: { id: string }) => a.id === id).next;
    const due = (await instalments(id))[2].due_on;
    expect(await cardOf()).toEqual({
      text: `The last instalment of your bill is due on ${formatDate(due)}.`,
      action: { label: "Pay the instalment", href: `/payment/${id}` },
    });
    const third = await payByTransfer(id, "50,000");
    expect((await t.db("payments").where({ id: third.id }).first()).state).toBe("paid");
    expect((await instalments(id)).every((i) => i.paid_at !== null)).toBe(true);
    expect((await owner.get(`/payment/${id}`).expect(303)).headers.location).toBe(`/application/${id}`);
    expect((await cardOf()).action.label).not.toBe("Pay the instalment");
  });

  it("money arriving late on a checkout for an instalment already paid another way is held for staff, never paid twice", async () => {
    const id = await submittedApplication(owner);
    await split(manager, id, [
      ["132,500", 0],
      ["100,000", 10],
    ]).expect(303);
    paystack.options.dropWebhook = true;
    const checkout = await startPaystack(id);
    // The applicant turns to a bank transfer instead (the checkout closes), and staff confirm it.
    const transfer = await payByTransfer(id, "132,500");
    const [first] = await instalments(id);
    expect(first.payment_id).toBe(transfer.id);
    // The checkout left open in a tab is paid after all, and its webhook arrives after the transfer settled.
    await paystack.pay(checkout.reference);
    paystack.options.dropWebhook = false;
    expect(await paystack.sendWebhook(checkout.reference)).toBe(200);
    await until(async () => (await t.db("payments").where({ id: checkout.id }).first()).state === "needs_attention");
    expect((await t.db("payments").where({ id: checkout.id }).first()).decision_note).toContain("instalment that was already paid");
    expect((await instalments(id))[0].payment_id).toBe(transfer.id);
    expect((await instalments(id))[1].paid_at).toBeNull();
    expect(await paidPayments(id)).toHaveLength(1);
  });
});

describe("overdue instalments", () => {
  it("show Overdue on the staff's Bill card once their Lagos due day has passed, and in the Payments page's filter", async () => {
    const id = await submittedApplication(owner);
    await split(manager, id, [
      ["132,500", 0],
      ["100,000", 10],
    ]).expect(303);
    await t
      .db("bill_instalments")
      .where({ application_id: id, position: 1 })
      .update({ due_on: addDays(today(), -1) });
    const review = (await manager.getJson(`/admin/application/${id}`).expect(200)).body.props;
    expect(review.bill.instalments.map((i: { state: string }) => i.state)).toEqual(["overdue", "later"]);
    const html = (await manager.get(`/admin/application/${id}`).expect(200)).text;
    expect(html).toContain("Overdue");
    // The Payments page's "Overdue instalments" lists it (and not one still due), with its case.
    const reference = (await application(id)).reference_number;
    const list = (await manager.getJson("/admin/payments?overdue=1").expect(200)).body.props;
    const mine = list.overdue.filter((o: { applicationId: string }) => o.applicationId === id);
    expect(mine).toEqual([
      {
        applicationId: id,
        applicationReference: reference,
        applicantName: expect.any(String),
        title: "Instalment 1 of 2",
        amountText: "₦132,500",
        dueText: expect.any(String),
      },
    ]);
    expect(list.rows).toEqual([]);
    const page = (await manager.get("/admin/payments?overdue=1").expect(200)).text;
    expect(page).toContain("Overdue instalments, longest overdue first");
    // Paid, it is no longer overdue.
    await owner
      .post(`/api/applications/${id}/payment`, { cardholderName: "Ada Obi", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" })
      .expect(200);
    const after = (await manager.getJson("/admin/payments?overdue=1").expect(200)).body.props;
    expect(after.overdue.filter((o: { applicationId: string }) => o.applicationId === id)).toEqual([]);
    // Officers do not reach the Payments page.
    await officer.get("/admin/payments?overdue=1").expect((r) => expect(r.status).not.toBe(200));
  });

  it("reminds three days before and on the due day at 09:00 Lagos, each once, and never an instalment paid", async () => {
    const ctx = { db: t.db, config: t.config, logger: createLogger("silent"), outbox: createOutbox(t.config.mail, t.config.channels) };
    const id = await submittedApplication(owner);
    const half = String(SERVICE / 200);
    await split(manager, id, [
      [half, 0],
      [half, 3],
    ]).expect(303);
    const { reference_number: reference } = await t.db("visa_applications").where({ id }).first("reference_number");
    // Both fall on this run: the first is due today, the second in three days.
    const first = await remindInstalments(ctx, new Date());
    expect(first.reminded).toBeGreaterThanOrEqual(2);
    const rows = await instalments(id);
    expect(
      await t
        .db("instalment_reminders")
        .whereIn(
          "instalment_id",
          rows.map((r) => r.id),
        )
        .orderBy("lead")
        .pluck("lead"),
    ).toEqual(["3d", "due"]);
    await t.smtp.waitFor((m) => m.subject === `Payment due today for ${reference}`, 1, 20_000);
    const [ahead] = await t.smtp.waitFor((m) => m.subject.startsWith("Payment due on ") && m.subject.endsWith(`for ${reference}`), 1, 20_000);
    expect(ahead.text).toContain("Instalment 2 of 2");
    expect(ahead.links.some((l) => l.endsWith(`/payment/${id}`))).toBe(true);
    // Run again (the worker's fill, a restart): nothing more for this bill.
    await remindInstalments(ctx, new Date());
    expect(await t.db("email_messages").where({ application_id: id, kind: "instalment_due" })).toHaveLength(2);

    // A bill whose first instalment is paid gets no reminder of it.
    const paidFirst = await submittedApplication(owner);
    await split(manager, paidFirst, [
      [half, 0],
      [half, 3],
    ]).expect(303);
    const attempt = await startPaystack(paidFirst);
    await paystack.pay(attempt.reference);
    await until(async () => (await instalments(paidFirst))[0].paid_at !== null);
    await remindInstalments(ctx, new Date());
    const later = await instalments(paidFirst);
    expect(
      await t
        .db("instalment_reminders")
        .whereIn(
          "instalment_id",
          later.map((r) => r.id),
        )
        .pluck("lead"),
    ).toEqual(["3d"]);
  });
});
