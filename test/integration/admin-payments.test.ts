// The admin Payments pages: the bank transfers to confirm (oldest first), every payment newest first with filters and
// pages of 50, the CSV of the filtered list (formula-safe cells, audited), and an application's payments on its review page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";
import { JPEG, PNG } from "../helpers/files.ts";
import { BANK_ENV, postProof, submittedApplication } from "../helpers/payments.ts";

let t: TestApp;
let applicant: Client;
let staff: Client;
const ids: Record<"paid" | "firstTransfer" | "secondTransfer" | "started", string> = {} as never;
const CARD = { cardholderName: "Ada Obi", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp(BANK_ENV);
  applicant = await signedIn(t.app, await makeUser(t.db));
  staff = await signedIn(t.app, await makeUser(t.db, { admin: true }));
  // A name a spreadsheet would run as a formula.
  ids.paid = await submittedApplication(applicant, { full_name: '=HYPERLINK("http://evil.example","Click")' });
  await applicant.post(`/api/applications/${ids.paid}/payment`, CARD).expect(200);
  for (const key of ["firstTransfer", "secondTransfer", "started"] as const) {
    ids[key] = await submittedApplication(applicant, { full_name: `Applicant ${key}` });
    await applicant.form(`/payment/${ids[key]}/bank-transfer`, {}).expect(303);
  }
  await postProof(applicant, ids.firstTransfer, PNG, "first.png").expect(303);
  await postProof(applicant, ids.secondTransfer, JPEG, "second.jpg").expect(303);
  // The first proof waited longer; the started transfer began ten days ago.
  await t
    .db("payments")
    .where({ application_id: ids.firstTransfer })
    .update({ proof_uploaded_at: new Date(Date.now() - 2 * DAY) });
  await t
    .db("payments")
    .where({ application_id: ids.started })
    .update({ created_at: new Date(Date.now() - 10 * DAY) });
});
afterAll(() => t.drop());

type Entry = { id: string; applicationId: string; applicationReference: string; provider: string; state: string; amountText: string };
const list = async (query = "") => (await staff.getJson(`/admin/payments${query}`).expect(200)).body.props;
const lagosDay = (ms: number) => new Date(ms + 3_600_000).toISOString().slice(0, 10);

describe("/admin/payments", () => {
  it("puts the bank transfers to confirm first, oldest proof first, then every payment newest first", async () => {
    const props = await list();
    expect(props.toConfirm.map((p: Entry) => p.applicationId)).toEqual([ids.firstTransfer, ids.secondTransfer]);
    expect(props.rows.map((p: Entry) => p.applicationId)).toEqual([ids.secondTransfer, ids.firstTransfer, ids.paid, ids.started]);
    expect(props.total).toBe(4);
    expect(props.rows[2]).toMatchObject({ provider: "demo", state: "paid", amountText: "₦232,500", stateLabel: "Paid", providerLabel: "Demo card" });
    const html = await staff.get("/admin/payments").expect(200);
    expect(html.text).toContain("Bank transfers to confirm");
    expect(html.text).toContain(`href="/admin/application/${ids.paid}"`);
  });

  it("filters by state, provider and dates (GET query), ignoring values it does not know", async () => {
    const applications = async (query: string) => (await list(query)).rows.map((p: Entry) => p.applicationId);
    expect(await applications("?state=paid")).toEqual([ids.paid]);
    expect(await applications("?provider=bank_transfer&state=awaiting_confirmation")).toEqual([ids.secondTransfer, ids.firstTransfer]);
    expect(await applications("?provider=bank_transfer&state=pending")).toEqual([ids.started]);
    expect(await applications(`?from=${lagosDay(Date.now() - DAY)}`)).toEqual([ids.secondTransfer, ids.firstTransfer, ids.paid]);
    expect(await applications(`?to=${lagosDay(Date.now() - 5 * DAY)}`)).toEqual([ids.started]);
    expect((await list("?state=bogus&provider=cash&from=yesterday")).total).toBe(4);
    const filtered = await list("?state=bogus&provider=bank_transfer");
    expect(filtered.query).toMatchObject({ state: "", provider: "bank_transfer", from: "", to: "" });
  });

  it("pages by 50", async () => {
    const [attempt] = await t.db("payments").where({ application_id: ids.started });
    const { id: _id, payment_code: _code, reference: _ref, ...rest } = attempt;
    await t.db("payments").insert(
      Array.from({ length: 50 }, (_, i) => ({
        ...rest,
        state: "failed",
        reference: `HG-OLD-${i}`,
        created_at: new Date(Date.now() - (20 + i) * DAY),
      })),
    );
    const first = await list("?state=failed");
    expect(first).toMatchObject({ total: 50, pages: 1 });
    const all = await list();
    expect(all).toMatchObject({ total: 54, page: 1, pages: 2 });
    expect(all.rows).toHaveLength(50);
    const second = await list("?page=2");
    expect(second.rows).toHaveLength(4);
    expect(second.rows.at(-1).state).toBe("failed");
    await t.db("payments").where("reference", "like", "HG-OLD-%").delete();
  });

  it("counts exactly up to 10,000 and says 'more than' past it, still listing newest first", async () => {
    const [attempt] = await t.db("payments").where({ application_id: ids.started });
    await t.db.raw(
      `INSERT INTO payments (application_id, user_id, provider, currency, amount_minor, fee_usd_cents, quote_expires_at, reference, state, created_at)
       SELECT ?, ?, 'bank_transfer', 'NGN', 100, 15000, now(), 'HG-MANY-' || g, 'failed', now() - interval '30 days' - g * interval '1 minute'
         FROM generate_series(1, 10001) g`,
      [attempt.application_id, attempt.user_id],
    );
    const many = await list();
    expect(many).toMatchObject({ total: 10_000, more: true, pages: 200 });
    expect(many.rows[0].applicationId).toBe(ids.secondTransfer);
    const html = await staff.get("/admin/payments").expect(200);
    expect(html.text).toContain("More than 10,000 payments: choose dates or a state to narrow them");
    // A filter that matches fewer is counted exactly.
    expect(await list("?state=paid")).toMatchObject({ total: 1, more: false });
    await t.db("payments").where("reference", "like", "HG-MANY-%").delete();
    expect(await list()).toMatchObject({ total: 4, more: false });
  });

  it("exports the filtered list as CSV with formula-safe cells, and the export is in the trail", async () => {
    const res = await staff.get("/admin/payments.csv?state=paid&page=3").expect(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Started \(Lagos time\),Payment reference,Application,Applicant,Account email,Provider,State,Currency,Amount,/);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(lines[1]).toContain(",Demo card,Paid,NGN,232500.00,150.00,155000,");
    const bank = await staff.get("/admin/payments.csv?provider=bank_transfer").expect(200);
    expect(bank.text.trim().split("\r\n")).toHaveLength(4);
    const [audit] = await t.db("audit_events").where({ action: "csv_exported" }).orderBy("id");
    expect(audit.details).toEqual({ list: "payments", filter: { state: "paid", provider: "", from: "", to: "" } });
  });

  it("shows one payment's facts; an unknown id goes back to the list with a message", async () => {
    const [paid] = await t.db("payments").where({ application_id: ids.paid });
    const props = (await staff.getJson(`/admin/payments/${paid.id}`).expect(200)).body.props;
    expect(props.payment).toMatchObject({ state: "paid", provider: "demo", reference: paid.reference, receiptCode: paid.receipt_code, proof: null });
    expect(props.refused).toBeNull();
    const html = await staff.get(`/admin/payments/${paid.id}`).expect(200);
    expect(html.text).not.toContain("Bank transfer to confirm");
    const missing = await staff.get("/admin/payments/00000000-0000-4000-8000-000000000000").expect(303);
    expect(missing.headers.location).toBe("/admin/payments");
    await staff.get("/admin/payments/not-a-uuid").expect(303);
  });

  it("the admin navigation names Payments, and the application's review page lists its payments", async () => {
    const review = await staff.getJson(`/admin/application/${ids.started}`).expect(200);
    expect(review.body.props.payments).toEqual([
      expect.objectContaining({ applicationId: ids.started, provider: "bank_transfer", state: "pending", amountText: "₦232,500" }),
    ]);
    const html = await staff.get(`/admin/application/${ids.firstTransfer}`).expect(200);
    expect(html.text).toContain('href="/admin/payments"');
    expect(html.text).toContain("Awaiting confirmation");
  });

  it("an applicant is refused the pages and the CSV like every admin page", async () => {
    for (const url of ["/admin/payments", "/admin/payments.csv", `/admin/payments/${(await t.db("payments").first("id")).id}`]) {
      const res = await applicant.get(url).expect(303);
      expect(res.headers.location).toBe("/dashboard");
    }
    expect(await t.db("audit_events").where({ action: "csv_exported", actor_id: null })).toHaveLength(0);
  });
});
