// One bill for a family group: the lead's case carries each covered member's service fee (the price list, or the
// family rate staff set) and the lines staff add, each of which may name its person; a covered member's case has no
// bill of its own (every way to pay refuses, naming the lead's reference); paying the group's bill pays every covered
// member, its receipt names them, and analytics count its money once. Who it covers is frozen once it is split or paid:
// a member submitted later has their own bill. Another applicant's group answers 404; bad input changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FAMILY_RATE_FROZEN,
  FAMILY_RATE_INVALID,
  FAMILY_RATE_REASON,
  FAMILY_RATE_REASON_LONG,
  NOT_A_GROUP,
  OWN_BILL,
  PERSON_NOT_IN_GROUP,
} from "../../server/domain/familyBill.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import { BANK_ENV, submittedApplication } from "../helpers/payments.ts";
import { signAgreementAs, signedAgreement } from "../helpers/signatures.ts";

let t: TestApp;
let owner: Client;
let stranger: Client;
let manager: Client;
let otherOfficer: Client;
let officerId: string;

const CARD = { cardholderName: "Ngozi Eze", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" };
const FEE = 15_000 * 1550; // $150 at ₦1,550/$, in kobo
const GROUP_BILL_OF = (ref: string) => `This case is paid with the family group's bill, on ${ref}.`;

beforeAll(async () => {
  t = await createTestApp(BANK_ENV);
  owner = await signedIn(t.app, await makeUser(t.db, { fullName: "Ngozi Eze" }));
  stranger = await signedIn(t.app, await makeUser(t.db, { fullName: "Bola Ade" }));
  manager = await signedIn(t.app, await makeUser(t.db, { admin: true }));
  otherOfficer = await signedIn(t.app, await makeUser(t.db, { officer: true }));
  officerId = (await makeUser(t.db, { officer: true })).id;
});
afterAll(() => t.drop());

const row = (id: string) => t.db("visa_applications").where({ id }).first();
const paymentsOf = (id: string) => t.db("payments").where({ application_id: id }).orderBy("created_at");

/** A member added to the lead's group through its form, completed and submitted through the applicant's own API. */
async function submittedMember(leadId: string, fullName: string, submit = true): Promise<string> {
  const res = await owner.form(`/application/${leadId}/family`, { relation: "child", relationOther: "", fullName, dateOfBirth: "2014-05-06" });
  const id = String(res.headers.location).split("/").at(-1) as string;
  const { full_name: _, date_of_birth: __, ...personal } = completeDraft({ passport_number: `C${Math.floor(Math.random() * 1e7)}` });
  await owner.patch(`/api/applications/${id}`, personal).expect(200);
  await attachPassportFiles(owner, id);
  if (submit) await owner.post(`/api/applications/${id}/submit`).expect(200);
  return id;
}

async function group(members: string[]) {
  const lead = await submittedApplication(owner, { full_name: "Ngozi Eze" });
  const ids: string[] = [];
  for (const name of members) ids.push(await submittedMember(lead, name));
  return { lead, members: ids, ref: (await row(lead)).reference_number as string };
}

const paymentPage = async (id: string) => (await owner.getJson(`/payment/${id}`).expect(200)).body.props;
const setRate = (lead: string, fields: Record<string, string>, client = manager) =>
  client.form(`/admin/application/${lead}/bill/family-rate`, fields);

describe("a family group's bill", () => {
  it("bills three people on the lead's case: the lead at the price list, two members at a 50% family rate; paid once, it pays all three", async () => {
    const { lead, members, ref } = await group(["Chiamaka Eze", "Obinna Eze"]);
    const before = (await paymentPage(lead)).bill;
    expect(before.lines.map((l: { label: string }) => l.label)).toEqual([
      "Service fee: Ngozi Eze",
      "Service fee: Chiamaka Eze",
      "Service fee: Obinna Eze",
    ]);
    expect(before.totalMinor).toBe(3 * FEE);

    await setRate(lead, { percent: "50", reason: "Family of three" }).expect(303);
    expect(await row(lead)).toMatchObject({ family_rate_percent: 50, bill_version: 1 });
    expect(await t.db("audit_events").where({ action: "family_rate_set", subject_id: lead })).toHaveLength(1);
    const bill = (await paymentPage(lead)).bill;
    expect(bill.lines.map((l: { label: string; amountText: string }) => [l.label, l.amountText])).toEqual([
      ["Service fee: Ngozi Eze", "₦232,500"],
      ["Service fee: Chiamaka Eze (family rate 50%)", "₦116,250"],
      ["Service fee: Obinna Eze (family rate 50%)", "₦116,250"],
    ]);
    expect(bill.totalMinor).toBe(FEE * 2);

    // A pass-through line for one member names them on the staff's page and the applicant's.
    const visa = { kind: "embassy_fee", label: "UK visa fee", amount: "67,500", currency: "NGN", rate: "", reason: "UKVI fee" };
    await manager.form(`/admin/application/${lead}/bill/lines`, { ...visa, person: members[0] }).expect(303);
    const withLine = (await paymentPage(lead)).bill;
    expect(withLine.lines[3]).toMatchObject({ label: "UK visa fee", person: "Chiamaka Eze", passThrough: true });
    const review = (await manager.getJson(`/admin/application/${lead}`).expect(200)).body.props.bill;
    expect(review.people.map((p: { value: string }) => p.value)).toEqual([lead, ...members]);
    expect(review.bill.lines[3].person).toBe("Chiamaka Eze");
    expect(review.familyRate).toMatchObject({ percent: 50, frozen: null, members: 2 });

    // Paid at once: the lead, and each covered member with their own share (SPEC's amount_paid counts it once).
    const paid = await owner.post(`/api/applications/${lead}/payment`, CARD).expect(200);
    expect(paid.body.amount).toBe("₦532,500");
    const [payment] = await paymentsOf(lead);
    expect(payment).toMatchObject({ state: "paid", fee_usd_cents: 30_000 });
    expect([...payment.covers].sort()).toEqual([...members].sort());
    expect(await row(lead)).toMatchObject({ payment_status: "paid", payment_reference: payment.reference });
    expect(Number((await row(lead)).amount_paid)).toBe(150);
    for (const id of members) {
      const m = await row(id);
      expect(m).toMatchObject({
        payment_status: "paid",
        billed_with_id: lead,
        billed_fee_usd_cents: 7_500,
        payment_reference: `${payment.reference}/${m.reference_number}`,
      });
      expect(Number(m.amount_paid)).toBe(75);
      expect(await paymentsOf(id)).toHaveLength(0);
      expect((await manager.getJson(`/admin/application/${id}`).expect(200)).body.props.application.feeText).toBe(GROUP_BILL_OF(ref));
    }
    // The lead's own fee reads as the lead's price list, not the group's.
    expect((await row(lead)).payment_status).toBe("paid");
    // Analytics: one payment received, and the service fees counted once each ($150 + $75 + $75: SPEC's revenue).
    const analytics = (await manager.getJson("/admin/analytics").expect(200)).body.props;
    expect(analytics).toMatchObject({ totalRevenue: 300, paidApplications: 3 });
    const days = await t.db("payment_days").where({ currency: "NGN" });
    expect(days.map((d) => [Number(d.payments), Number(d.received_minor)])).toEqual([[1, 53_250_000]]);

    // One receipt for the payment, naming the members it covers: the printable one, the e-mail, the public check.
    const receipt = (await owner.getJson(`/application/${lead}/receipt`).expect(200)).body.props.receipt;
    const refs = await Promise.all(members.map(async (id) => (await row(id)).reference_number as string));
    expect(receipt.members).toEqual([`Chiamaka Eze (${refs[0]})`, `Obinna Eze (${refs[1]})`]);
    const memberReceipt = (await owner.getJson(`/application/${members[1]}/receipt`).expect(200)).body.props.receipt;
    expect(memberReceipt).toMatchObject({ reference: ref, receiptCode: payment.receipt_code });
    const mail = await t.db("email_messages").where({ kind: "payment_received", application_id: lead }).first();
    expect(mail.data.members).toBe(`Chiamaka Eze (${refs[0]}), Obinna Eze (${refs[1]})`);
    const check = await owner.get(`/receipts/${payment.receipt_code}`).expect(200);
    expect(check.text).toContain(`it also covers ${refs[0]} (C. E.), ${refs[1]} (O. E.)`);

    // Refunded, the group's payment marks every member it paid for refunded too.
    await manager.form(`/admin/payments/${payment.id}/refund`, { amount: "", reason: "Trip cancelled" }).expect(303);
    expect((await row(lead)).payment_status).toBe("refunded");
    for (const id of members) expect((await row(id)).payment_status).toBe("refunded");
  });

  it("refuses every way to pay on a covered member's case, naming the lead's reference, and changes nothing", async () => {
    const { lead, members, ref } = await group(["Chiamaka Eze"]);
    const [member] = members;
    // Signed for the member too (as if before the group's bill took it in): only the group's bill stops a payment here.
    await signedAgreement(t.db, member);
    const card = await owner.post(`/api/applications/${member}/payment`, CARD).expect(409);
    expect(card.body.error.message).toBe(GROUP_BILL_OF(ref));
    const transfer = await owner.form(`/payment/${member}/bank-transfer`, {}).expect(303);
    expect(transfer.headers.location).toBe(`/payment/${lead}`);
    expect(await paymentsOf(member)).toHaveLength(0);
    expect((await row(member)).payment_status).toBe("pending");
    // Its pages show the sentence and where the group pays instead of a fee.
    const page = await owner.get(`/payment/${member}`).expect(303);
    expect(page.headers.location).toBe(`/payment/${lead}`);
    const details = (await owner.getJson(`/application/${member}`).expect(200)).body.props;
    expect(details).toMatchObject({ showPayNow: false, groupBill: { text: GROUP_BILL_OF(ref), href: `/payment/${lead}` }, feeCharged: null });
    // The dashboard's next step for it is the group's bill, not a payment of its own.
    const cards = (await owner.getJson("/dashboard").expect(200)).body.props.applications as { id: string; next: unknown }[];
    expect(cards.find((c) => c.id === member)?.next).toEqual({
      text: GROUP_BILL_OF(ref),
      action: { label: "See the group's bill", href: `/payment/${lead}` },
    });
    // Staff cannot bill it on its own either.
    const line = { kind: "courier", label: "Courier", amount: "5,000", currency: "NGN", rate: "", reason: "DHL" };
    const refused = await manager.form(`/admin/application/${member}/bill/lines`, line).expect(409);
    expect(refused.text).toContain(GROUP_BILL_OF(ref));
    expect(await t.db("bill_lines").where({ application_id: member })).toHaveLength(0);
    const review = (await manager.getJson(`/admin/application/${member}`).expect(200)).body.props;
    expect(review.bill.groupBill).toEqual({ text: GROUP_BILL_OF(ref), href: `/admin/application/${lead}#bill` });
    expect(review.application.feeText).toBe(GROUP_BILL_OF(ref));
  });

  it("takes in a member submitted before it is split (closing the quotes made before), and leaves one submitted after to their own bill", async () => {
    const { lead, members } = await group(["Chiamaka Eze"]);
    await owner.form(`/payment/${lead}/bank-transfer`, {}).expect(303);
    const [open] = await paymentsOf(lead);
    expect(open).toMatchObject({ state: "pending", covers: members });
    // A second member submitted now: the open quote no longer says what is owed.
    const second = await submittedMember(lead, "Obinna Eze");
    expect(await t.db("payments").where({ id: open.id }).first()).toMatchObject({ state: "failed", decision_note: "Quote no longer valid" });
    expect((await paymentPage(lead)).bill.totalMinor).toBe(3 * FEE);
    // A draft member is not billed yet.
    const draft = await submittedMember(lead, "Ada Eze", false);
    expect((await paymentPage(lead)).bill.lines).toHaveLength(3);

    // Split: who the bill covers is frozen with it.
    const due = new Date(Date.now() + 86_400_000 * 3).toISOString().slice(0, 10);
    await manager
      .form(`/admin/application/${lead}/bill/instalments`, { amount_1: "300,000", due_1: due, amount_2: "397,500", due_2: due })
      .expect(303);
    for (const id of [members[0], second]) expect((await row(id)).billed_with_id).toBe(lead);
    // The family rate can no longer change, and saying so changes nothing.
    const frozen = await setRate(lead, { percent: "50", reason: "Late discount" }).expect(409);
    expect(frozen.text).toContain(FAMILY_RATE_FROZEN);
    expect((await row(lead)).family_rate_percent).toBeNull();

    // The draft member submitted after the split has a bill of their own, paid as alone.
    await owner.post(`/api/applications/${draft}/submit`).expect(200);
    await signAgreementAs(owner, draft);
    expect((await paymentPage(draft)).bill.totalMinor).toBe(FEE);
    const own = (await owner.getJson(`/application/${draft}`).expect(200)).body.props;
    expect(own).toMatchObject({ showPayNow: true, groupBill: null });
    expect(own.ownBill).toBe(OWN_BILL((await row(lead)).reference_number));
    expect((await paymentPage(lead)).bill.totalMinor).toBe(3 * FEE);
    await owner.post(`/api/applications/${draft}/payment`, CARD).expect(200);
    expect(await row(draft)).toMatchObject({ payment_status: "paid", billed_with_id: null });

    // The group's instalments: the members are paid with the last one, as the lead is.
    await owner.post(`/api/applications/${lead}/payment`, CARD).expect(200);
    expect((await row(second)).payment_status).toBe("pending");
    await owner.post(`/api/applications/${lead}/payment`, CARD).expect(200);
    for (const id of [lead, members[0], second]) expect((await row(id)).payment_status).toBe("paid");
    const paid = await t.db("payments").where({ application_id: lead, state: "paid" });
    expect(paid.map((p) => [...p.covers].sort())).toEqual([[members[0], second].sort(), [members[0], second].sort()]);
  });

  it("answers 404 for another applicant's group, and another officer's case", async () => {
    const { lead, members } = await group(["Chiamaka Eze"]);
    await stranger.post(`/api/applications/${lead}/payment`, CARD).expect(404);
    await stranger.post(`/api/applications/${members[0]}/payment`, CARD).expect(404);
    const page = await stranger.get(`/payment/${lead}`);
    expect(page.status).not.toBe(200);
    const receipt = await stranger.get(`/application/${members[0]}/receipt`);
    expect(receipt.status).not.toBe(200);
    await t.db("visa_applications").where({ id: lead }).update({ assignee_id: officerId });
    await otherOfficer.form(`/admin/application/${lead}/bill/family-rate`, { percent: "50", reason: "x" }).expect(404);
    expect((await row(lead)).family_rate_percent).toBeNull();
    expect(await paymentsOf(lead)).toHaveLength(0);
  });

  it("refuses a family rate's bad input and a line for someone outside the group, with a clear message, changing nothing", async () => {
    const { lead } = await group(["Chiamaka Eze"]);
    const cases: [Record<string, string>, string][] = [
      [{ percent: "0", reason: "x" }, FAMILY_RATE_INVALID],
      [{ percent: "101", reason: "x" }, FAMILY_RATE_INVALID],
      [{ percent: "half", reason: "x" }, FAMILY_RATE_INVALID],
      [{ percent: "", reason: "x" }, FAMILY_RATE_INVALID],
      [{ percent: "50", reason: " " }, FAMILY_RATE_REASON],
      [{ percent: "50", reason: "x".repeat(501) }, FAMILY_RATE_REASON_LONG],
    ];
    for (const [fields, message] of cases) {
      const res = await setRate(lead, fields).expect(400);
      expect(res.text).toContain(message);
    }
    expect(await row(lead)).toMatchObject({ family_rate_percent: null, bill_version: 0 });
    expect(await t.db("audit_events").where({ action: "family_rate_set", subject_id: lead })).toHaveLength(0);
    // Set, then cleared: the members pay the price list again.
    await setRate(lead, { percent: "60", reason: "Discount" }).expect(303);
    await setRate(lead, { clear: "1", reason: "Discount withdrawn" }).expect(303);
    expect((await row(lead)).family_rate_percent).toBeNull();
    expect((await paymentPage(lead)).bill.totalMinor).toBe(2 * FEE);
    // A case leading no group has no family rate.
    const alone = await submittedApplication(owner);
    expect((await setRate(alone, { percent: "50", reason: "x" }).expect(409)).text).toContain(NOT_A_GROUP);

    // A line for a person outside the group: another account's case, a case alone of the owner's, a draft member.
    const foreign = await submittedApplication(stranger);
    const draft = await submittedMember(lead, "Ada Eze", false);
    const visa = { kind: "embassy_fee", label: "UK visa fee", amount: "67,500", currency: "NGN", rate: "", reason: "UKVI fee" };
    for (const person of [foreign, alone, draft, "not-an-id"]) {
      const res = await manager.form(`/admin/application/${lead}/bill/lines`, { ...visa, person }).expect(400);
      expect(res.text).toContain(PERSON_NOT_IN_GROUP);
    }
    expect(await t.db("bill_lines").where({ application_id: lead })).toHaveLength(0);
  });
});
