// One bill per case: staff add lines (the consultancy's fees, or fees collected for the embassy or the visa centre)
// with a reason, audited, on their own cases only; what is owed is the sum of the lines; a change closes the quotes
// still waiting for money in the same step; money arriving on a quote made before the change is held for staff; the
// lines collected for others stay apart from revenue (the payments CSV, the monthly figures).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

const SERVICE = 15_000 * 1550; // $150 at ₦1,550/$, in kobo
const embassyLine = { kind: "embassy_fee", label: "UK visa fee", amount: "67,500", currency: "NGN", rate: "", reason: "UKVI standard visitor fee" };
const lines = (id: string) => t.db("bill_lines").where({ application_id: id }).orderBy("added_at");
const application = (id: string) => t.db("visa_applications").where({ id }).first();

describe("the bill", () => {
  it("starts as the service fee from the price list, and a manager's line adds to what is owed, audited", async () => {
    const id = await submittedApplication(owner);
    const before = (await owner.getJson(`/payment/${id}`).expect(200)).body.props;
    expect(before.bill).toMatchObject({ totalMinor: SERVICE, lines: [{ id: null, kindLabel: "Service fee", passThrough: false }] });

    const res = await manager.form(`/admin/application/${id}/bill/lines`, embassyLine).expect(303);
    expect(res.headers.location).toBe(`/admin/application/${id}#bill`);
    const [line] = await lines(id);
    expect(line).toMatchObject({ kind: "embassy_fee", label: "UK visa fee", currency: "NGN", reason: "UKVI standard visitor fee", removed_at: null });
    expect(Number(line.amount_minor)).toBe(6_750_000);
    expect((await application(id)).bill_version).toBe(1);
    const audit = await t.db("audit_events").where({ action: "bill_line_added", subject_id: id });
    expect(audit).toHaveLength(1);

    // The applicant's payment page lists the lines and charges their sum; the pass-through line says where it goes.
    const page = (await owner.getJson(`/payment/${id}`).expect(200)).body.props;
    expect(page.bill.totalMinor).toBe(SERVICE + 6_750_000);
    expect(page.bill.lines[1]).toMatchObject({ label: "UK visa fee", amountText: "₦67,500", passThrough: true });
    // The staff's reason stays with the staff.
    expect(page.bill.lines[1].reason).toBeNull();
    const html = (await owner.get(`/payment/${id}`).expect(200)).text;
    expect(html).toContain("Paid to the embassy / visa centre on your behalf");
    // The details page charges the total and names the lines.
    const details = (await owner.getJson(`/application/${id}`).expect(200)).body.props;
    expect(details.feeCharged).toBe("₦300,000");
    expect(details.bill.lines.map((l: { label: string }) => l.label)).toEqual(["Service fee (price list)", "UK visa fee"]);
    // The staff's case page names the whole bill as the fee due.
    const review = (await manager.getJson(`/admin/application/${id}`).expect(200)).body.props;
    expect(review.application.feeText).toContain("UK visa fee ₦67,500 (paid to the embassy / visa centre on your behalf)");
    expect(review.bill.bill.totalText).toBe("₦300,000");
    expect(review.bill.bill.lines[1].reason).toBe("UKVI standard visitor fee");
  });

  it("converts a line typed in another currency at the rate given, and keeps both", async () => {
    const id = await submittedApplication(owner);
    await manager
      .form(`/admin/application/${id}/bill/lines`, {
        kind: "visa_centre_fee",
        label: "VFS fee",
        amount: "100",
        currency: "EUR",
        rate: "1,700",
        reason: "VFS",
      })
      .expect(303);
    const [line] = await lines(id);
    expect(line).toMatchObject({ currency: "NGN", source_currency: "EUR", rate_minor: 170_000 });
    expect(Number(line.source_minor)).toBe(10_000);
    expect(Number(line.amount_minor)).toBe(17_000_000);
    const page = (await owner.getJson(`/payment/${id}`).expect(200)).body.props;
    expect(page.bill.lines[1].basis).toBe("EUR 100.00 at ₦1,700/EUR");
  });

  it("refuses bad lines with a clear message beside the form, and changes nothing", async () => {
    const id = await submittedApplication(owner);
    const cases: [Record<string, string>, string][] = [
      [{ ...embassyLine, amount: "lots" }, "Enter the amount as a number"],
      [{ ...embassyLine, label: "  " }, "Name the line"],
      [{ ...embassyLine, reason: "" }, "Say why the line is added."],
      [{ ...embassyLine, kind: "tip" }, "Choose what the line is for."],
      [{ ...embassyLine, currency: "EUR", rate: "" }, "Enter the rate used"],
    ];
    for (const [body, message] of cases) {
      const res = await manager.form(`/admin/application/${id}/bill/lines`, body).expect(400);
      expect(res.text).toContain(message);
    }
    expect(await lines(id)).toHaveLength(0);
    expect((await application(id)).bill_version).toBe(0);
  });

  it("is changed only by whoever works the case: another officer's case is 404, an unassigned one 403, the applicant is sent away", async () => {
    const id = await submittedApplication(owner);
    await t.db("visa_applications").where({ id }).update({ assignee_id: null });
    await officer.form(`/admin/application/${id}/bill/lines`, embassyLine).expect(403);
    await t.db("visa_applications").where({ id }).update({ assignee_id: officerId });
    await otherOfficer.form(`/admin/application/${id}/bill/lines`, embassyLine).expect(404);
    const applicant = await owner.form(`/admin/application/${id}/bill/lines`, embassyLine);
    expect(applicant.status).not.toBe(200);
    expect(await lines(id)).toHaveLength(0);
    // The case's officer may.
    await officer.form(`/admin/application/${id}/bill/lines`, embassyLine).expect(303);
    const [line] = await lines(id);
    await otherOfficer.form(`/admin/application/${id}/bill/lines/${line.id}/remove`, { reason: "not needed" }).expect(404);
    expect((await lines(id))[0].removed_at).toBeNull();
  });

  it("removes a line with its reason (kept, audited); without a reason nothing changes; an unknown line is 404", async () => {
    const id = await submittedApplication(owner);
    await manager.form(`/admin/application/${id}/bill/lines`, embassyLine).expect(303);
    const [line] = await lines(id);
    const refused = await manager.form(`/admin/application/${id}/bill/lines/${line.id}/remove`, { reason: " " }).expect(400);
    expect(refused.text).toContain("Say why the line is removed.");
    expect((await lines(id))[0].removed_at).toBeNull();
    await manager.form(`/admin/application/${id}/bill/lines/00000000-0000-4000-8000-000000000000/remove`, { reason: "x" }).expect(404);
    await manager.form(`/admin/application/${id}/bill/lines/${line.id}/remove`, { reason: "Paid at the embassy directly" }).expect(303);
    expect((await lines(id))[0]).toMatchObject({ removal_reason: "Paid at the embassy directly" });
    expect((await owner.getJson(`/payment/${id}`).expect(200)).body.props.bill.totalMinor).toBe(SERVICE);
    expect(await t.db("audit_events").where({ action: "bill_line_removed", subject_id: id })).toHaveLength(1);
  });

  it("a line added while a Paystack checkout is open closes it ('Quote no longer valid'); the next checkout is for the bill", async () => {
    const id = await submittedApplication(owner);
    const first = await owner.form(`/payment/${id}/paystack`, {}).expect(303);
    const open = await t.db("payments").where({ application_id: id, provider: "paystack" }).first();
    expect(Number(open.amount_minor)).toBe(SERVICE);
    await manager.form(`/admin/application/${id}/bill/lines`, embassyLine).expect(303);
    expect(await t.db("payments").where({ id: open.id }).first()).toMatchObject({ state: "failed", decision_note: "Quote no longer valid" });
    const second = await owner.form(`/payment/${id}/paystack`, {}).expect(303);
    expect(second.headers.location).not.toBe(first.headers.location);
    const now = await t.db("payments").where({ application_id: id, state: "pending" }).first();
    expect(Number(now.amount_minor)).toBe(SERVICE + 6_750_000);
    expect(Number(now.pass_through_minor)).toBe(6_750_000);
    // Paid through Paystack: the application is paid, the SPEC's amount_paid stays the dollar fee.
    const tx = paystack.transactions().find((x) => x.reference === now.reference);
    expect(tx?.amountMinor).toBe(SERVICE + 6_750_000);
    await paystack.pay(now.reference);
    await owner.get(`/payment/${id}/return?reference=${now.reference}`).expect(303);
    expect(await application(id)).toMatchObject({ payment_status: "paid" });
    expect(Number((await application(id)).amount_paid)).toBe(150);
    // A line on a paid bill is owed as an extra instalment: without its day, nothing changes (bill-after-paid.test.ts).
    const refused = await manager.form(`/admin/application/${id}/bill/lines`, embassyLine).expect(400);
    expect(refused.text).toContain("The bill is paid: give the date");
    // The CSV keeps the pass-through part apart.
    const csv = (await manager.get("/admin/payments.csv").expect(200)).text;
    const header = csv.split("\n")[0];
    expect(header).toContain("Pass-through");
    const row = csv.split("\n").find((l) => l.includes(now.reference)) ?? "";
    expect(row).toContain("67500.00");
    // Analytics: the SPEC's revenue stays the fee basis; what was passed on is named beside it and left out of the
    // month's revenue.
    const analytics = (await manager.getJson("/admin/analytics").expect(200)).body.props;
    expect(analytics.passedOn).toEqual(["₦67,500"]);
    const month = analytics.revenue[0].months.at(-1);
    expect(month).toMatchObject({ passedOn: "₦67,500", received: "₦300,000", revenue: "₦232,500" });
  });

  it("money that arrives on a checkout quoted before the bill changed is held for staff, never taken as the bill", async () => {
    const id = await submittedApplication(owner);
    await owner.form(`/payment/${id}/paystack`, {}).expect(303);
    const old = await t.db("payments").where({ application_id: id, provider: "paystack" }).first();
    await manager.form(`/admin/application/${id}/bill/lines`, embassyLine).expect(303);
    // The old checkout is paid in a tab left open; the site learns of it.
    await paystack.pay(old.reference);
    await owner.get(`/payment/${id}/return?reference=${old.reference}`).expect(303);
    expect(await t.db("payments").where({ id: old.id }).first()).toMatchObject({ state: "needs_attention" });
    expect(await application(id)).toMatchObject({ payment_status: "pending" });
  });

  it("the demonstration card charges the whole bill, quoted under the application's lock", async () => {
    const id = await submittedApplication(owner);
    await manager
      .form(`/admin/application/${id}/bill/lines`, { ...embassyLine, kind: "courier", label: "DHL courier", amount: "12,000" })
      .expect(303);
    const res = await owner
      .post(`/api/applications/${id}/payment`, { cardholderName: "Ada Obi", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" })
      .expect(200);
    expect(res.body.amount).toBe("₦244,500");
    const paid = await t.db("payments").where({ application_id: id, state: "paid" }).first();
    expect(Number(paid.pass_through_minor)).toBe(1_200_000);
    expect(await application(id)).toMatchObject({ payment_status: "paid" });
    // The receipt names the total with the service fee and the part passed on, not the service fee's quote alone.
    const receipt = (await owner.getJson(`/application/${id}/receipt`).expect(200)).body.props;
    expect(JSON.stringify(receipt)).toMatch(
      /₦244,500: service fee ₦232,500 — \$150 at ₦1,550\/\$, rate of [^;]+; other lines ₦12,000, of which ₦12,000 paid to the embassy \/ visa centre on your behalf/,
    );
    // Its small print no longer says those fees are paid separately.
    expect(receipt.receipt.includesPassThrough).toBe(true);
    const printed = (await owner.get(`/application/${id}/receipt`).expect(200)).text;
    expect(printed).toContain("fees collected for the embassy or visa application centre, paid on your behalf");
    expect(printed).not.toContain("are paid separately");
  });

  it("a bank transfer waiting for staff keeps the bill as it is until they decide", async () => {
    const id = await submittedApplication(owner);
    await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
    await t
      .db("payments")
      .where({ application_id: id, provider: "bank_transfer" })
      .update({ state: "awaiting_confirmation", proof_uploaded_at: new Date() });
    const res = await manager.form(`/admin/application/${id}/bill/lines`, embassyLine).expect(409);
    expect(res.text).toContain("A bank transfer for this bill waits for confirmation");
    expect(await lines(id)).toHaveLength(0);
  });
});
