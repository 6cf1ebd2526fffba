// A line added to a bill already paid is owed as an extra instalment on the day staff give: a bill paid whole is first
// split as it was paid (its payment settles the first instalment), the case stays paid, the applicant pays the extra
// like any instalment (its own receipt). A second line joins the unpaid extra; removing it takes it off (the extra
// goes when nothing is left); money already paid is never silently given back. Refused without a date, on a refunded
// bill, and on another officer's case (404), each changing nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, lagosToday } from "../../server/domain/calendar.ts";
import type { Client } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";
import type { MailTestApp } from "../helpers/mail.ts";
import { BANK_ENV, submittedApplication } from "../helpers/payments.ts";
import { startPaystackApp } from "../helpers/paystackApp.ts";
import type { LocalPaystack } from "../paystack/server.ts";

let t: MailTestApp;
let paystack: LocalPaystack;
let closeApp: () => Promise<void>;
let owner: Client;
let manager: Client;
let otherOfficer: Client;
let officerId: string;

beforeAll(async () => {
  ({ t, paystack, close: closeApp } = await startPaystackApp({ ...BANK_ENV, PAYMENT_PROVIDERS: "paystack,bank_transfer" }));
  owner = await signedIn(t.app, await makeUser(t.db));
  manager = await signedIn(t.app, await makeUser(t.db, { admin: true }));
  otherOfficer = await signedIn(t.app, await makeUser(t.db, { officer: true }));
  officerId = (await makeUser(t.db, { officer: true })).id;
});
afterAll(async () => {
  await closeApp();
});

const SERVICE = 15_000 * 1550; // $150 at ₦1,550/$, in kobo: ₦232,500
const dueIn = (days: number) => addDays(lagosToday(), days);
const courier = { kind: "courier", label: "Passport courier", amount: "10,000", currency: "NGN", rate: "", reason: "Passport sent back by courier" };
const embassy = { kind: "embassy_fee", label: "UK visa fee", amount: "67,500", currency: "NGN", rate: "", reason: "UKVI standard visitor fee" };
const application = (id: string) => t.db("visa_applications").where({ id }).first();
const instalments = (id: string) => t.db("bill_instalments").where({ application_id: id }).orderBy("position");
const lines = (id: string) => t.db("bill_lines").where({ application_id: id }).whereNull("removed_at");

/** The applicant pays what is owed now through Paystack's checkout; answers the payment. */
async function payNow(id: string) {
  await owner.form(`/payment/${id}/paystack`, {}).expect(303);
  const attempt = await t.db("payments").where({ application_id: id, provider: "paystack", state: "pending" }).first();
  await paystack.pay(attempt.reference);
  await owner.get(`/payment/${id}/return?reference=${attempt.reference}`).expect(303);
  return t.db("payments").where({ id: attempt.id }).first();
}

async function paidCase() {
  const id = await submittedApplication(owner);
  await t.db("visa_applications").where({ id }).update({ assignee_id: officerId });
  const paid = await payNow(id);
  expect(paid.state).toBe("paid");
  expect(await application(id)).toMatchObject({ payment_status: "paid" });
  return { id, paid };
}

describe("a line added to a paid bill", () => {
  it("is owed as an extra instalment on the day given; the case stays paid; the applicant pays it with its own receipt", async () => {
    const { id, paid } = await paidCase();
    // Without the day it is due, nothing changes.
    const undated = await manager.form(`/admin/application/${id}/bill/lines`, embassy).expect(400);
    expect(undated.text).toContain("The bill is paid: give the date the applicant should pay this line by (today or later).");
    const past = await manager.form(`/admin/application/${id}/bill/lines`, { ...embassy, due_on: dueIn(-1) }).expect(400);
    expect(past.text).toContain("give the date the applicant should pay this line by");
    expect(await lines(id)).toHaveLength(0);
    expect(await t.db("bill_splits").where({ application_id: id })).toHaveLength(0);
    // Another officer's case is not found, and changes nothing.
    await otherOfficer.form(`/admin/application/${id}/bill/lines`, { ...embassy, due_on: dueIn(7) }).expect(404);
    expect(await lines(id)).toHaveLength(0);

    await manager.form(`/admin/application/${id}/bill/lines`, { ...embassy, due_on: dueIn(7) }).expect(303);
    const [first, extra] = await instalments(id);
    // Split as it was paid: the first instalment is the payment already made.
    expect(first).toMatchObject({ position: 1, payment_id: paid.id, after_lodging: false });
    expect(Number(first.amount_minor)).toBe(SERVICE);
    expect((await t.db("payments").where({ id: paid.id }).first()).instalment_id).toBe(first.id);
    expect(Number((await t.db("bill_splits").where({ application_id: id }).first()).service_minor)).toBe(SERVICE);
    expect(extra).toMatchObject({ position: 2, payment_id: null, paid_at: null, after_lodging: true });
    expect(Number(extra.amount_minor)).toBe(6_750_000);
    expect(await application(id)).toMatchObject({ payment_status: "paid" });
    const audit = await t.db("audit_events").where({ action: "bill_line_added", subject_id: id }).first();
    expect(audit.details).toMatchObject({ instalment: extra.id, amount: 6_750_000 });

    // A second line joins the extra still unpaid.
    await manager.form(`/admin/application/${id}/bill/lines`, { ...courier, due_on: dueIn(30) }).expect(303);
    const after = await instalments(id);
    expect(after).toHaveLength(2);
    expect(Number(after[1].amount_minor)).toBe(7_750_000);

    // The applicant is asked for it, and pays exactly it.
    const page = (await owner.getJson(`/payment/${id}`).expect(200)).body.props;
    expect(JSON.stringify(page)).toContain("₦77,500");
    const second = await payNow(id);
    expect(second).toMatchObject({ state: "paid", instalment_id: extra.id });
    expect(Number(second.amount_minor)).toBe(7_750_000);
    expect(second.receipt_code).not.toBe(paid.receipt_code);
    expect((await instalments(id))[1].payment_id).toBe(second.id);
    expect(await application(id)).toMatchObject({ payment_status: "paid" });

    // Everything is paid: a line cannot be taken off without giving money back.
    const line = (await lines(id)).find((l) => l.kind === "courier");
    const refused = await manager.form(`/admin/application/${id}/bill/lines/${line.id}/remove`, { reason: "Collected at the office" }).expect(409);
    expect(refused.text).toContain("₦10,000 of this bill is already paid and no unpaid instalment is left to take it off: record a refund");
    expect(await lines(id)).toHaveLength(2);
  });

  it("removed before it is paid, takes the extra with it; a line of the paid bill cannot come off", async () => {
    const { id } = await paidCase();
    await manager.form(`/admin/application/${id}/bill/lines`, { ...courier, due_on: dueIn(7) }).expect(303);
    expect(await instalments(id)).toHaveLength(2);
    const [line] = await lines(id);
    await manager.form(`/admin/application/${id}/bill/lines/${line.id}/remove`, { reason: "Added by mistake" }).expect(303);
    const left = await instalments(id);
    expect(left).toHaveLength(1);
    expect(left[0].payment_id).not.toBeNull();
    expect(await lines(id)).toHaveLength(0);
    // The applicant owes nothing more.
    expect((await owner.get(`/payment/${id}`)).status).toBe(303);
  });

  it("a refunded bill cannot change", async () => {
    const { id } = await paidCase();
    await t.db("visa_applications").where({ id }).update({ payment_status: "refunded" });
    const refused = await manager.form(`/admin/application/${id}/bill/lines`, { ...courier, due_on: dueIn(7) }).expect(409);
    expect(refused.text).toContain("The fee was refunded: this bill can no longer change.");
    expect(await lines(id)).toHaveLength(0);
    expect(await instalments(id)).toHaveLength(0);
  });
});
