// Demo payment: fees by visa type, who may pay what, field formats, exactly-once under concurrency, no card data in logs.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../server/middleware/logging.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import { signedAgreement } from "../helpers/signatures.ts";

let t: TestApp;
let owner: Client;
let other: Client;
let logs = "";
const CARD = { cardholderName: "Ada Obi", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" };

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs += chunk;
      cb();
    },
  });
  t = await createTestApp({}, { logger: createLogger("trace", sink) });
  owner = await signedIn(t.app, await makeUser(t.db));
  other = await signedIn(t.app, await makeUser(t.db));
});
afterAll(() => t.drop());

async function submitted(visaType: string, specific: Record<string, string>): Promise<string> {
  const id = (await owner.post("/api/applications", completeDraft({ visa_type: visaType, visa_specific_data: specific })).expect(201)).body
    .application.id;
  await attachPassportFiles(owner, id);
  await owner.post(`/api/applications/${id}/submit`).expect(200);
  await signedAgreement(t.db, id);
  return id;
}

describe("payment", () => {
  it("charges the fee of the visa type, set by the server (family → 150)", async () => {
    const cases: [string, Record<string, string>, number][] = [
      ["tourist", { accommodation: "Hotel", proof_of_funds: "Statements" }, 150],
      ["work", { employer_name: "Acme", employer_address: "Berlin", job_title: "Engineer" }, 250],
      ["study", { institution_name: "UCL", course_of_study: "MSc", study_duration: "1 year" }, 200],
      ["business", { company_name: "Obi Ltd", business_purpose: "Fair" }, 180],
      ["family", { relative_name: "Uche", relationship: "Brother", relative_address: "Toronto" }, 150],
    ];
    for (const [type, specific, fee] of cases) {
      const id = await submitted(type, specific);
      const res = await owner.post(`/api/applications/${id}/payment`, { ...CARD, amount: 1 }).expect(200);
      // Charged in Naira at the staff's rate (₦1,550/$ in every test database); amount_paid keeps dollars.
      const naira = fee * 1550;
      expect(res.body.amount).toBe(`₦${naira.toLocaleString("en-GB")}`);
      expect(res.body.paymentReference).toMatch(/^PAY-\d{13}-[A-Z]{8}$/);
      const row = await t.db("visa_applications").where({ id }).first();
      expect(row).toMatchObject({ payment_status: "paid", amount_paid: fee, payment_reference: res.body.paymentReference });
      const payment = await t.db("payments").where({ application_id: id }).first();
      expect(payment).toMatchObject({ provider: "demo", currency: "NGN", amount_minor: naira * 100, state: "paid", fee_usd_cents: fee * 100 });
      expect(payment.receipt_code).toMatch(/^[A-Z2-9]{10}$/);
      const details = await owner.getJson(`/application/${id}`).expect(200);
      expect(details.body.props.showPayNow).toBe(false);
      expect(details.body.props.application.paymentStatus).toBe("paid");
    }
  });

  it("refuses a draft (409), a paid one (409) and another user's (404)", async () => {
    const draft = (await owner.post("/api/applications", completeDraft()).expect(201)).body.application.id;
    const res = await owner.post(`/api/applications/${draft}/payment`, CARD).expect(409);
    expect(res.body.error.message).toMatch(/Submit your application/);
    const id = await submitted("tourist", { accommodation: "Hotel", proof_of_funds: "Statements" });
    await other.post(`/api/applications/${id}/payment`, CARD).expect(404);
    await owner.post(`/api/applications/${id}/payment`, CARD).expect(200);
    const again = await owner.post(`/api/applications/${id}/payment`, CARD).expect(409);
    expect(again.body.error.message).toBe("This application has already been paid for");
    const page = await owner.get(`/payment/${id}`).expect(303);
    expect(page.headers.location).toBe(`/application/${id}`);
    const details = await owner.getJson(`/application/${id}`).expect(200);
    expect(details.body.shared.flash).toEqual({ title: "Already Paid", description: "This application has already been paid for" });
  });

  it("checks card field formats with field errors, recording nothing", async () => {
    const id = await submitted("tourist", { accommodation: "Hotel", proof_of_funds: "Statements" });
    const res = await owner
      .post(`/api/applications/${id}/payment`, { cardholderName: "", cardNumber: "4111-1111", expiry: "1329", cvv: "12a4" })
      .expect(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(["cardNumber", "cardholderName", "cvv", "expiry"]);
    expect((await t.db("visa_applications").where({ id }).first()).payment_status).toBe("pending");
  });

  it("records exactly one of ten concurrent payments", async () => {
    const id = await submitted("study", { institution_name: "UCL", course_of_study: "MSc", study_duration: "1 year" });
    const results = await Promise.all(Array.from({ length: 10 }, () => owner.post(`/api/applications/${id}/payment`, CARD)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const row = await t.db("visa_applications").where({ id }).first();
    expect(row.amount_paid).toBe(200);
  });

  it("never writes card digits to the logs", () => {
    expect(logs.length).toBeGreaterThan(100);
    expect(logs).not.toContain("4111111111111111");
    expect(logs).not.toContain("4111-1111");
    expect(logs).not.toMatch(/"cvv"\s*:\s*"\d/);
  });

  it("offers a receipt for a paid application only", async () => {
    const id = await submitted("business", { company_name: "Obi Ltd", business_purpose: "Fair" });
    const before = await owner.get(`/application/${id}/receipt`).expect(303);
    expect(before.headers.location).toBe(`/application/${id}`);
    await owner.post(`/api/applications/${id}/payment`, CARD).expect(200);
    const receipt = await owner.getJson(`/application/${id}/receipt`).expect(200);
    expect(receipt.body.props.receipt).toMatchObject({ amountText: "₦279,000", visaType: "Business Visa", applicant: "Adaeze Nwosu" });
    await other.get(`/application/${id}/receipt`).expect(303);
  });
});
