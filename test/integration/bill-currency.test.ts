// PAYMENT_CURRENCY changed after staff wrote a case's bill lines: a line written in the other currency still counts,
// converted at the bill's rate with the amount it was written at as its basis, on the applicant's and the staff's
// pages alike, and the payment and its receipt are for that total (the line was once dropped from the bill unseen).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, lagosToday } from "../../server/domain/calendar.ts";
import type { Client } from "../helpers/app.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";
import { visibleText } from "../helpers/html.ts";
import { submittedApplication } from "../helpers/payments.ts";

const CARD = { cardholderName: "Ada Obi", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" };

/** A line as the bill stored it while the site charged `currency` (written directly: the setting has changed since). */
async function earlierLine(t: TestApp, applicationId: string, currency: "NGN" | "USD", amountMinor: number) {
  await t.db("bill_lines").insert({
    application_id: applicationId,
    kind: "embassy_fee",
    label: "Embassy visa fee",
    currency,
    amount_minor: amountMinor,
    reason: "The embassy's fee, collected for them",
  });
}

describe("lines written in dollars, the site now charging Naira", () => {
  let t: TestApp;
  let owner: Client;
  let manager: Client;
  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_CURRENCY: "NGN" });
    owner = await signedIn(t.app, await makeUser(t.db));
    manager = await signedIn(t.app, await makeUser(t.db, { admin: true }));
  });
  afterAll(async () => {
    await t.drop();
  });

  it("count in Naira at the rate, with their dollar basis, on both sides; the payment and the receipt are the total", async () => {
    const id = await submittedApplication(owner);
    await earlierLine(t, id, "USD", 5_000); // $50
    const page = (await owner.getJson(`/payment/${id}`).expect(200)).body.props;
    expect(page.bill.totalText).toBe("₦310,000");
    expect(page.bill.lines[1]).toMatchObject({ amountText: "₦77,500", passThrough: true });
    expect(page.bill.lines[1].basis).toMatch(/^\$50 at ₦1,550\/\$, rate of .+ \(billed when fees were charged in dollars\)$/);
    expect(visibleText((await owner.get(`/payment/${id}`).expect(200)).text)).not.toMatch(/\$50\.00/);

    const review = (await manager.getJson(`/admin/application/${id}`).expect(200)).body.props;
    expect(review.bill.bill).toMatchObject({ totalText: "₦310,000", passThroughText: "₦77,500" });
    expect(review.bill.bill.lines[1]).toMatchObject({ amountText: "₦77,500", basis: page.bill.lines[1].basis });

    await owner.post(`/api/applications/${id}/payment`, CARD).expect(200);
    const paid = await t.db("payments").where({ application_id: id, state: "paid" }).first();
    expect(paid).toMatchObject({ currency: "NGN", amount_minor: 31_000_000, pass_through_minor: 7_750_000 });
    const receipt = visibleText((await owner.get(`/receipts/${paid.receipt_code}`).expect(200)).text);
    expect(receipt).toContain("₦310,000");

    // A line added after it was paid splits the bill as it was paid: the service fee is the fee's, not the payment less
    // the dollar line's figure counted as Naira.
    const courier = { kind: "courier", label: "Passport courier", amount: "10,000", currency: "NGN", rate: "", reason: "Sent back" };
    await manager.form(`/admin/application/${id}/bill/lines`, { ...courier, due_on: addDays(lagosToday(), 7) }).expect(303);
    expect(Number((await t.db("bill_splits").where({ application_id: id }).first()).service_minor)).toBe(23_250_000);
    const after = (await owner.getJson(`/application/${id}`).expect(200)).body.props.instalments;
    expect(after.map((i: { amountText: string }) => i.amountText)).toEqual(["₦310,000", "₦10,000"]);
  });

  it("a bill split in dollars is charged in Naira at today's rate, instalment by instalment, paid ones shown as paid", async () => {
    const id = await submittedApplication(owner);
    // Split while the site charged dollars: the service fee frozen at $150, two instalments of $100 and $50.
    await t.db("bill_splits").insert({ application_id: id, currency: "USD", service_minor: 15_000, fee_usd_cents: 15_000 });
    const day = (n: number) => addDays(lagosToday(), n);
    await t.db("bill_instalments").insert([
      { application_id: id, position: 1, amount_minor: 10_000, due_on: day(-3) },
      { application_id: id, position: 2, amount_minor: 5_000, due_on: day(-1) },
    ]);
    const page = (await owner.getJson(`/payment/${id}`).expect(200)).body.props;
    expect(page.bill.totalText).toBe("₦232,500");
    expect(page.bill.lines[0].basis).toMatch(/^\$150 at ₦1,550\/\$, rate of .+ \(billed when fees were charged in dollars\)$/);
    expect(page.instalment).toMatchObject({ position: 1, amountText: "₦155,000" });

    await owner.post(`/api/applications/${id}/payment`, CARD).expect(200);
    const paid = await t.db("payments").where({ application_id: id, state: "paid" }).first();
    expect(paid).toMatchObject({ currency: "NGN", amount_minor: 15_500_000 });
    const schedule = (await owner.getJson(`/application/${id}`).expect(200)).body.props.instalments;
    expect(schedule.map((i: { amountText: string }) => i.amountText)).toEqual(["₦155,000 (paid as $100.00)", "₦77,500"]);
    expect(visibleText((await owner.get(`/application/${id}`).expect(200)).text)).not.toContain("$50.00");
    const staff = (await manager.getJson(`/admin/application/${id}`).expect(200)).body.props.bill;
    expect(staff.instalments.map((i: { amountText: string }) => i.amountText)).toEqual(["₦155,000 (paid as $100.00)", "₦77,500"]);
    expect((await owner.getJson(`/payment/${id}`).expect(200)).body.props.instalment).toMatchObject({ position: 2, amountText: "₦77,500" });
    const overdue = (await manager.getJson("/admin/payments?overdue=1").expect(200)).body.props.overdue;
    expect(overdue.find((o: { applicationId: string }) => o.applicationId === id)).toMatchObject({ amountText: "₦77,500" });
  });
});

describe("lines written in Naira, the site now charging dollars", () => {
  let t: TestApp;
  let owner: Client;
  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_CURRENCY: "USD" });
    owner = await signedIn(t.app, await makeUser(t.db));
  });
  afterAll(async () => {
    await t.drop();
  });

  it("count in dollars at the staff's rate, with their Naira basis, and are paid with the fee", async () => {
    const id = await submittedApplication(owner);
    await earlierLine(t, id, "NGN", 7_750_000); // ₦77,500
    const page = (await owner.getJson(`/payment/${id}`).expect(200)).body.props;
    expect(page.bill.totalText).toBe("$200.00");
    expect(page.bill.lines[1]).toMatchObject({ amountText: "$50.00", basis: "₦77,500 at ₦1,550/$ (billed when fees were charged in Naira)" });
    await owner.post(`/api/applications/${id}/payment`, CARD).expect(200);
    expect(await t.db("payments").where({ application_id: id, state: "paid" }).first()).toMatchObject({ currency: "USD", amount_minor: 20_000 });
  });
});

describe("every amount in Naira", () => {
  let t: TestApp;
  let owner: Client;
  let manager: Client;
  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_CURRENCY: "NGN" });
    owner = await signedIn(t.app, await makeUser(t.db));
    manager = await signedIn(t.app, await makeUser(t.db, { admin: true }));
  });
  afterAll(async () => {
    await t.drop();
  });

  it("a split bill paid reads as its Naira total, not the dollar fee basis, to the applicant and to staff", async () => {
    const id = await submittedApplication(owner);
    const day = (n: number) => addDays(lagosToday(), n);
    await manager
      .form(`/admin/application/${id}/bill/instalments`, { amount_1: "100,000", due_1: day(1), amount_2: "132,500", due_2: day(30) })
      .expect(303);
    await owner.post(`/api/applications/${id}/payment`, CARD).expect(200);
    await owner.post(`/api/applications/${id}/payment`, CARD).expect(200);
    const details = (await owner.getJson(`/application/${id}`).expect(200)).body.props;
    expect(details.paidText).toBe("₦232,500 in 2 instalments");
    expect(visibleText((await owner.get(`/application/${id}`).expect(200)).text)).not.toContain("$150.00");
    const review = (await manager.getJson(`/admin/application/${id}`).expect(200)).body.props;
    expect(review.application.feeText).toBe("₦232,500 in 2 instalments");
  });

  it("before a rate is set, the dollar price list is said as what the Naira fee is worked out from", async () => {
    const id = await submittedApplication(owner, {}, { agreement: false });
    await t.db("exchange_rates").del();
    const details = (await owner.getJson(`/application/${id}`).expect(200)).body.props;
    expect(details.feeCharged).toBe("$150 on our price list, paid in Naira at the day's exchange rate");
    const review = (await manager.getJson(`/admin/application/${id}`).expect(200)).body.props;
    expect(review.application.feeText).toBe("$150 on our price list, paid in Naira at the day's exchange rate");
  });
});
