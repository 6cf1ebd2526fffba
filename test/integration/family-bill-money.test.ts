// A family group's bill when money and the group move at once: money arriving on a quote made for another set of
// members is held for staff, never taken as the group's fee; and a line added once the group's bill is paid is owed as
// an extra instalment, the paid payment split as it was paid (the lead's and each member's service fee in it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import { PNG } from "../helpers/files.ts";
import { BANK_ENV, postProof, submittedApplication } from "../helpers/payments.ts";
import { signAgreementAs } from "../helpers/signatures.ts";

let t: TestApp;
let owner: Client;
let manager: Client;

const CARD = { cardholderName: "Ngozi Eze", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" };
const FEE = 15_000 * 1550; // $150 at ₦1,550/$, in kobo

beforeAll(async () => {
  t = await createTestApp(BANK_ENV);
  owner = await signedIn(t.app, await makeUser(t.db, { fullName: "Ngozi Eze" }));
  manager = await signedIn(t.app, await makeUser(t.db, { admin: true }));
});
afterAll(() => t.drop());

const row = (id: string) => t.db("visa_applications").where({ id }).first();

async function submittedMember(leadId: string, fullName: string): Promise<string> {
  const res = await owner.form(`/application/${leadId}/family`, { relation: "spouse", relationOther: "", fullName, dateOfBirth: "1984-02-03" });
  const id = String(res.headers.location).split("/").at(-1) as string;
  const { full_name: _, date_of_birth: __, ...personal } = completeDraft({ passport_number: `D${Math.floor(Math.random() * 1e7)}` });
  await owner.patch(`/api/applications/${id}`, personal).expect(200);
  await attachPassportFiles(owner, id);
  await owner.post(`/api/applications/${id}/submit`).expect(200);
  return id;
}

describe("a family group's bill and money in flight", () => {
  it("holds a transfer quoted for the lead and one member when a second member was submitted before staff confirmed it", async () => {
    const lead = await submittedApplication(owner, { full_name: "Ngozi Eze" });
    const first = await submittedMember(lead, "Obinna Eze");
    await owner.form(`/payment/${lead}/bank-transfer`, {}).expect(303);
    await postProof(owner, lead, PNG, "receipt.png").expect(303);
    const transfer = await t.db("payments").where({ application_id: lead, state: "awaiting_confirmation" }).first();
    expect(transfer.covers).toEqual([first]);
    expect(Number(transfer.amount_minor)).toBe(2 * FEE);
    // A second member submitted meanwhile: the group's bill covers three people now.
    const second = await submittedMember(lead, "Amara Eze");
    const shown = new Date(transfer.proof_uploaded_at).toISOString();
    await manager.form(`/admin/payments/${transfer.id}/confirm`, { received: "465,000", proofUploadedAt: shown }).expect(303);
    const held = await t.db("payments").where({ id: transfer.id }).first();
    expect(held.state).toBe("needs_attention");
    expect(held.decision_note).toContain("before the family group's bill changed who it covers");
    for (const id of [lead, first, second]) expect(await row(id)).toMatchObject({ payment_status: "pending", billed_with_id: null });
  });

  it("closes a member's own quote when the lead's case is submitted and its bill takes the member in", async () => {
    const lead = (await owner.post("/api/applications", completeDraft({ full_name: "Ngozi Eze" })).expect(201)).body.application.id;
    await attachPassportFiles(owner, lead);
    // The member is submitted first and starts paying alone (the lead's draft carries no one's fee yet).
    const member = await submittedMember(lead, "Obinna Eze");
    await signAgreementAs(owner, member);
    await owner.form(`/payment/${member}/bank-transfer`, {}).expect(303);
    const own = await t.db("payments").where({ application_id: member }).first();
    expect(own).toMatchObject({ state: "pending", covers: [] });
    await owner.post(`/api/applications/${lead}/submit`).expect(200);
    expect(await t.db("payments").where({ id: own.id }).first()).toMatchObject({ state: "failed", decision_note: "Quote no longer valid" });
    const ref = (await row(lead)).reference_number;
    const refused = await owner.post(`/api/applications/${member}/payment`, CARD).expect(409);
    expect(refused.body.error.message).toBe(`This case is paid with the family group's bill, on ${ref}.`);
  });

  it("owes a line added after the group's bill was paid whole as an extra instalment, the payment split as it was paid", async () => {
    const lead = await submittedApplication(owner, { full_name: "Ngozi Eze" });
    const member = await submittedMember(lead, "Obinna Eze");
    await owner.post(`/api/applications/${lead}/payment`, CARD).expect(200);
    expect((await row(member)).payment_status).toBe("paid");
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const courier = { kind: "courier", label: "Courier", amount: "10,000", currency: "NGN", rate: "", reason: "DHL", due_on: due, person: member };
    await manager.form(`/admin/application/${lead}/bill/lines`, courier).expect(303);
    const split = await t.db("bill_splits").where({ application_id: lead }).first();
    // The lead's own service fee: what the payment paid, less the member's.
    expect(Number(split.service_minor)).toBe(FEE);
    expect(split.fee_usd_cents).toBe(30_000);
    const instalments = await t.db("bill_instalments").where({ application_id: lead }).orderBy("position");
    expect(instalments.map((i) => [Number(i.amount_minor), i.paid_at !== null])).toEqual([
      [2 * FEE, true],
      [1_000_000, false],
    ]);
    const page = (await owner.getJson(`/payment/${lead}`).expect(200)).body.props;
    expect(page.bill.lines.map((l: { label: string; amountText: string }) => [l.label, l.amountText])).toEqual([
      ["Service fee: Ngozi Eze", "₦232,500"],
      ["Service fee: Obinna Eze", "₦232,500"],
      ["Courier", "₦10,000"],
    ]);
    expect(page.bill.lines[2].person).toBe("Obinna Eze");
    expect(page.instalment.amountText).toBe("₦10,000");
    // Paid, the extra instalment leaves the members as they were: paid with the group.
    await owner.post(`/api/applications/${lead}/payment`, CARD).expect(200);
    expect((await row(member)).payment_status).toBe("paid");
  });
});
