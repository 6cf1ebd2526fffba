// Receipts: the printable one (currency charged, quote, code, QR of the public check) and the public check page
// /receipts/<code> (genuine, unknown, malformed, refunded, any case, rate-limited, nothing personal, never cached).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../server/middleware/rateLimit.ts";
import { qrSvg } from "../../server/presenters/receipt.ts";
import { type Client, createTestApp, fromAddress, newClient, type TestApp } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import { visibleText } from "../helpers/html.ts";
import { signedAgreement } from "../helpers/signatures.ts";

const PUBLIC_URL = "https://horizongate.example";
let t: TestApp;
let owner: Client;
let admin: Client;
let anon: Client;
let applicationId: string;
let code: string;

const CARD = { cardholderName: "Ada Obi", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" };
/** 23:30 UTC on 24 Nov is 00:30 on 25 Nov in Lagos: the receipt's date is Lagos's. */
const PAID_AT = "2026-11-24T23:30:00Z";
const GENUINE = "Genuine receipt — VA-2026-QKULVQ, ₦232,500, paid 25 Nov 2026, A. N.";

/** Each case checks from an address of its own, so the limit case below counts only its own checks. */
let nextAddress = 1;
const check = (path: string, client: Client = anon) => fromAddress(`198.51.100.${nextAddress++}`)(client.get(path));

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  const user = await makeUser(t.db, { fullName: "Adaeze Nwosu", email: "adaeze.account@example.com" });
  owner = await signedIn(t.app, user);
  admin = await signedIn(t.app, await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" }));
  anon = await newClient(t.app);
  applicationId = (await owner.post("/api/applications", completeDraft()).expect(201)).body.application.id;
  await attachPassportFiles(owner, applicationId);
  await owner.post(`/api/applications/${applicationId}/submit`).expect(200);
  await signedAgreement(t.db, applicationId);
  await owner.post(`/api/applications/${applicationId}/payment`, CARD).expect(200);
  await t.db("visa_applications").where({ id: applicationId }).update({ reference_number: "VA-2026-QKULVQ" });
  await t.db("payments").where({ application_id: applicationId }).update({ paid_at: PAID_AT });
  code = (await t.db("payments").where({ application_id: applicationId }).first()).receipt_code;
});
afterAll(() => t.drop());

describe("the application's page", () => {
  it("offers 'View receipt' only where a receipt exists: not on a draft, an unpaid or a rejected application", async () => {
    const viewReceipt = async (id: string) => visibleText((await owner.get(`/application/${id}`).expect(200)).text).includes("View receipt");
    expect(await viewReceipt(applicationId)).toBe(true);
    const draft = (await owner.post("/api/applications", completeDraft()).expect(201)).body.application.id;
    expect(await viewReceipt(draft)).toBe(false);
    await attachPassportFiles(owner, draft);
    await owner.post(`/api/applications/${draft}/submit`).expect(200);
    expect(await viewReceipt(draft)).toBe(false);
    await t.db("visa_applications").where({ id: draft }).update({ status: "rejected" });
    expect(await viewReceipt(draft)).toBe(false);
  });
});

describe("the printable receipt", () => {
  it("shows the amount charged, the quote, the code and a QR code of the public check page", async () => {
    const { receipt } = (await owner.getJson(`/application/${applicationId}/receipt`).expect(200)).body.props;
    expect(receipt).toMatchObject({
      amountText: "₦232,500",
      receiptCode: code,
      checkUrl: `${PUBLIC_URL}/receipts/${code}`,
      demonstration: true,
      refund: null,
    });
    expect(receipt.quoteText).toMatch(/^₦232,500 — \$150 at ₦1,550\/\$, rate of \d{1,2} \w{3} \d{4}$/);
    expect(receipt.qrSvg).toBe(await qrSvg(`${PUBLIC_URL}/receipts/${code}`));
    expect(Buffer.from(receipt.qrSvg, "base64").toString()).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    const html = (await owner.get(`/application/${applicationId}/receipt`).expect(200)).text;
    expect(html).toContain(`alt="QR code linking to ${PUBLIC_URL}/receipts/${code}, where anyone can check this receipt"`);
    expect(visibleText(html)).toContain(`Receipt code ${code}`);
  });
});

describe("/receipts/<code>", () => {
  it("says a genuine receipt is genuine: reference, amount, the day in Lagos, initials", async () => {
    const res = await check(`/receipts/${code}`).expect(200);
    expect(visibleText(res.text)).toContain(GENUINE);
    expect(res.text).toContain('name="robots" content="noindex');
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("shows nothing personal beyond the initials: no name, e-mail, phone, passport or address", async () => {
    const html = (await check(`/receipts/${code}`).expect(200)).text;
    for (const secret of ["Adaeze", "Nwosu", "adaeze@example.com", "adaeze.account@example.com", "+2348031112222", "A12345678", "Awolowo", "Emeka"]) {
      expect(html, secret).not.toContain(secret);
    }
    expect(html).not.toContain(applicationId);
  });

  it("answers an unknown code and a malformed one alike: 'No receipt has this code', 404, the same page", async () => {
    const unknown = await check("/receipts/ABCDEFGHJK").expect(404);
    const malformed = await check("/receipts/not%20a%20code!").expect(404);
    expect(visibleText(unknown.text)).toContain("No receipt has this code");
    expect(visibleText(malformed.text)).toContain("No receipt has this code");
    // The one difference is the code: in the address (the navigation knows the page it is on) and back in the form.
    expect(unknown.text.replaceAll("ABCDEFGHJK", "X")).toBe(malformed.text.replaceAll("not%20a%20code!", "X").replaceAll("NOTACODE!", "X"));
  });

  it("takes the code in any case and with spaces, from the address or the form (a plain GET, no script)", async () => {
    const lower = await check(`/receipts/${code.toLowerCase()}`).expect(200);
    expect(visibleText(lower.text)).toContain(GENUINE);
    const spaced = `${code.slice(0, 5).toLowerCase()} ${code.slice(5)} `;
    const form = await check(`/receipts?code=${encodeURIComponent(spaced)}`).expect(303);
    expect(form.headers.location).toBe(`/receipts/${code}`);
    const empty = await check("/receipts").expect(200);
    expect(empty.text).toMatch(/<form[^>]*action="\/receipts" method="get"/);
    expect(empty.text).toContain('name="code"');
  });

  it("is answered afresh every time (never from the page cache) and is not in the sitemap", async () => {
    const first = await check(`/receipts/${code}`).expect(200);
    const second = await check(`/receipts/${code}`).expect(200);
    expect(first.headers["x-cache"]).toBeUndefined();
    expect(second.headers["x-cache"]).toBeUndefined();
    const sitemap = await anon.get("/sitemap.xml").expect(200);
    expect(sitemap.text).not.toContain("/receipts");
  });

  it("limits checks per network: past the limit a 429 with a clear message, other networks unaffected", async () => {
    const network = fromAddress("203.0.113.77");
    for (let i = 0; i < LIMITS.receiptCheckPerIp.max; i++)
      await network(anon.get(`/receipts/${i % 2 ? code : "ABCDEFGHJK"}`)).expect((r) => expect(r.status).toBeLessThan(429));
    const refused = await network(anon.get(`/receipts/${code}`)).expect(429);
    expect(visibleText(refused.text)).toContain(LIMITS.receiptCheckPerIp.message);
    expect(visibleText(refused.text)).not.toContain("Genuine receipt");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    await check(`/receipts/${code}`).expect(200);
  });

  it("shows a refund, once staff record it", async () => {
    await admin.form(`/admin/payments/${(await t.db("payments").where({ application_id: applicationId }).first()).id}/refund`, {
      amount: "100,000",
      reason: "Embassy appointment cancelled",
    });
    await t.db("payments").where({ application_id: applicationId }).update({ refunded_at: "2026-11-26T09:00:00Z" });
    const text = visibleText((await check(`/receipts/${code}`).expect(200)).text);
    expect(text).toContain(GENUINE);
    expect(text).toContain("Refunded ₦100,000 on 26 Nov 2026");
    expect(text).not.toContain("Embassy appointment cancelled");
    const { receipt } = (await owner.getJson(`/application/${applicationId}/receipt`).expect(200)).body.props;
    expect(receipt.refund).toEqual({ amountText: "₦100,000", refundedAt: "2026-11-26T09:00:00.000Z", reason: "Embassy appointment cancelled" });
  });
});
