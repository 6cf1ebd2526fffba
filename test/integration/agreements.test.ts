// The service agreement and data-protection consent, signed before the first payment: every way to pay (Paystack,
// bank transfer and its proof, the card) answers 409 and writes nothing until the applicant has signed the version in
// force for the application; signing records the account, the address, the time, the version and the SHA-256 of
// exactly what was shown, with a private PDF and a public check; a newer version asks again; money arriving by
// Paystack's webhook is never refused for it; another person's agreement answers 404.
import { createHash } from "node:crypto";
import { PDF as LibPdf } from "@libpdf/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGREE_FIRST, AGREEMENT_CHANGED, AGREEMENT_UNSIGNED, CONSENT_FIRST } from "../../server/domain/agreements.ts";
import { canonicalJson, typeYourName } from "../../server/domain/signatures.ts";
import { SERVICE_AGREEMENT_VERSION } from "../../views/content/serviceAgreement.ts";
import type { AgreementProps } from "../../views/pages/portal/agreementTypes.ts";
import { type Client, fromAddress, newClient } from "../helpers/app.ts";
import { completeDraft, makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { filesUnder, PNG } from "../helpers/files.ts";
import { visibleText } from "../helpers/html.ts";
import type { MailTestApp } from "../helpers/mail.ts";
import { BANK_ENV, postProof, submittedApplication } from "../helpers/payments.ts";
import { startPaystackApp } from "../helpers/paystackApp.ts";
import { readBack } from "../helpers/printedForm.ts";
import type { LocalPaystack } from "../paystack/server.ts";

let t: MailTestApp;
let paystack: LocalPaystack;
let close: () => Promise<void>;
let ownerUser: TestUser;
let owner: Client;
let stranger: Client;
let officer: Client;

const CARD = { cardholderName: "Adaeze Nwosu", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" };

beforeAll(async () => {
  ({ t, paystack, close } = await startPaystackApp({ ...BANK_ENV, PAYMENT_PROVIDERS: "paystack,bank_transfer,demo" }));
  ownerUser = await makeUser(t.db, { fullName: "Adaeze Nwosu" });
  owner = await signedIn(t.app, ownerUser);
  stranger = await signedIn(t.app, await makeUser(t.db));
  officer = await signedIn(t.app, await makeUser(t.db, { admin: true }));
});
afterAll(() => close());

/** A submitted application of Adaeze's whose agreement is not signed. */
const unsigned = () => submittedApplication(owner, { full_name: "Adaeze Nwosu" }, { agreement: false });
const agreementProps = async (client: Client, id: string) =>
  (await client.getJson(`/application/${id}/agreement`).expect(200)).body.props as AgreementProps;
const sign = (client: Client, id: string, fields: Record<string, string>) =>
  fromAddress("203.0.113.9")(
    client.form(`/application/${id}/agreement`, { typedName: "Adaeze Nwosu", agree: "yes", consent: "yes", drawing: "", ...fields }),
  );
const paymentsOf = (id: string) => t.db("payments").where({ application_id: id });
const proofs = () => filesUnder(t.config.uploadDir).filter((f) => f.includes("/payments/"));
const agreementPdfs = () => filesUnder(t.config.uploadDir).filter((f) => f.includes("signed_agreement_"));
/** A newer agreement than the one signed: the signature's version made older, as if the wording changed since. */
const olderVersion = (id: string) => t.db("agreement_signatures").where({ application_id: id }).update({ version: "2026-01-15" });

/** Each way to pay, started as the applicant's browser does: each refused with the agreement's 409, nothing written. */
async function everyWayRefused(id: string) {
  const transactions = paystack.transactions().length;
  const card = await owner.post(`/api/applications/${id}/payment`, CARD).expect(409);
  expect(card.body.error.message).toBe(AGREEMENT_UNSIGNED);
  // Paystack's form goes back to the payment page with the message in a toast, as for its other refusals.
  expect((await owner.form(`/payment/${id}/paystack`, {}).expect(303)).headers.location).toBe(`/payment/${id}`);
  expect(visibleText((await owner.form(`/payment/${id}/bank-transfer`, {}).expect(409)).text)).toContain(AGREEMENT_UNSIGNED);
  // Nothing written, nothing asked of Paystack.
  expect(await paymentsOf(id)).toHaveLength(0);
  expect(paystack.transactions()).toHaveLength(transactions);
  expect(await t.db("visa_applications").where({ id }).first()).toMatchObject({ payment_status: "pending" });
}

describe("paying before the agreement is signed", () => {
  it("every way to pay answers 409 naming the agreement, and the payment page offers the agreement instead", async () => {
    const id = await unsigned();
    await everyWayRefused(id);
    const page = await owner.get(`/payment/${id}`).expect(200);
    const text = visibleText(page.text);
    expect(text).toContain("Before you pay: read and sign the service agreement");
    expect(page.text).toContain(`href="/application/${id}/agreement"`);
    expect(text).not.toContain("Pay by bank transfer");
    expect(text).not.toContain("with Paystack");
    expect(text).not.toContain("Demonstration card payment");
    // The application's page says so too.
    const details = (await owner.getJson(`/application/${id}`).expect(200)).body.props;
    expect(details.agreement).toMatchObject({ href: `/application/${id}/agreement`, text: expect.stringMatching(/not signed yet/) });
  });

  it("after signing, each way to pay opens and the payment page offers them", async () => {
    const id = await unsigned();
    const { hash } = await agreementProps(owner, id);
    const res = await sign(owner, id, { hash: hash! }).expect(303);
    expect(res.headers.location).toBe(`/payment/${id}`);
    const page = visibleText((await owner.get(`/payment/${id}`).expect(200)).text);
    expect(page).not.toContain("Before you pay");
    expect(page).toContain("Pay by bank transfer");
    await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
    await owner.form(`/payment/${id}/paystack`, {}).expect(303);
    await owner.post(`/api/applications/${id}/payment`, CARD).expect(200);
    expect(await t.db("visa_applications").where({ id }).first()).toMatchObject({ payment_status: "paid" });
  });
});

describe("signing the agreement", () => {
  it("records the account, the address, the time, the version and the SHA-256 of what was shown, with its PDF and public check", async () => {
    const id = await unsigned();
    const shown = await agreementProps(owner, id);
    expect(shown).toMatchObject({ state: "none", version: SERVICE_AGREEMENT_VERSION, signed: null });
    const doc = shown.doc!;
    // This application's fee, in the words the applicant reads, and the consent under the Act.
    const words = [...doc.sections, doc.consent].flatMap((s) => s.paragraphs).join("\n");
    expect(words).toContain("For this application you pay ₦232,500 in all");
    expect(words).toContain("cannot promise an outcome");
    expect(doc.consent.heading).toContain("Nigeria Data Protection Act 2023");
    expect(words).toMatch(/\/privacy$/m);
    expect(shown.hash).toBe(createHash("sha256").update(canonicalJson(doc)).digest("hex"));

    const before = Date.now();
    await sign(owner, id, { hash: shown.hash!, drawing: `data:image/png;base64,${PNG.toString("base64")}` }).expect(303);
    const row = await t.db("agreement_signatures").where({ application_id: id }).first();
    expect(row).toMatchObject({
      user_id: ownerUser.id,
      version: SERVICE_AGREEMENT_VERSION,
      typed_name: "Adaeze Nwosu",
      drawn: true,
      content_hash: shown.hash,
      ip: "203.0.113.9",
    });
    expect(row.content).toEqual(doc);
    expect(new Date(row.signed_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await t.db("audit_events").where({ action: "service_agreement_signed", subject_id: id })).toHaveLength(1);

    const after = await agreementProps(owner, id);
    expect(after.state).toBe("valid");
    const pdf = await owner.agent
      .get(after.signed!.pdfUrl)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on("data", (c: Buffer) => chunks.push(c));
        r.on("end", () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = (await LibPdf.load(new Uint8Array(pdf.body as Buffer)))
      .getPages()
      .map((p) => p.extractText().text)
      .join("\n");
    expect(text).toContain("Service agreement and data-protection consent");
    expect(text).toContain(`Version ${SERVICE_AGREEMENT_VERSION}`);
    expect(text).toContain("NGN 232,500");
    expect(text).toContain("Signed by typing the name: Adaeze Nwosu");
    expect(text).toContain(`SHA-256 of the content signed: ${shown.hash}`);
    expect(text).toContain(`/signatures/${row.code}`);
    // Two pictures: the drawn signature and the QR code of the check's address.
    expect((await readBack(new Uint8Array(pdf.body as Buffer))).images).toHaveLength(2);
    // The applicant and staff open it; nobody else.
    await officer.agent.get(after.signed!.pdfUrl).expect(200);
    await stranger.agent.get(after.signed!.pdfUrl).expect(404);

    // The public check, like the answer sheet's.
    await t.db("agreement_signatures").where({ id: row.id }).update({ signed_at: "2026-12-03T09:00:00Z" });
    const anon = await newClient(t.app);
    const check = await fromAddress("198.51.100.77")(anon.get(`/signatures/${row.code}`)).expect(200);
    expect(visibleText(check.text)).toContain("Signed by A. N. on 3 Dec 2026, document hash matches");

    // Both sides see it: the application's page and the case page.
    const details = (await owner.getJson(`/application/${id}`).expect(200)).body.props;
    expect(details.agreement).toEqual({
      text: `Service agreement signed 3 Dec 2026 (version ${SERVICE_AGREEMENT_VERSION}).`,
      href: after.signed!.pdfUrl,
      linkText: "Open the signed agreement (PDF)",
    });
    const casePage = visibleText((await officer.get(`/admin/application/${id}`).expect(200)).text);
    expect(casePage).toContain(`Service agreement Signed 3 Dec 2026 (version ${SERVICE_AGREEMENT_VERSION})`);

    // Signed once per version.
    await sign(owner, id, { hash: shown.hash! }).expect(409);
    expect(await t.db("agreement_signatures").where({ application_id: id })).toHaveLength(1);
  });

  it("refuses unticked boxes and another name field by field, and an agreement that changed, writing nothing", async () => {
    const id = await unsigned();
    const { hash } = await agreementProps(owner, id);
    const files = agreementPdfs().length;
    const boxes = await sign(owner, id, { hash: hash!, agree: "", consent: "" }).expect(400);
    const refused = boxes.text;
    expect(visibleText(refused)).toContain(AGREE_FIRST);
    expect(visibleText(refused)).toContain(CONSENT_FIRST);
    const fields = (await owner.getJson(`/application/${id}/agreement`).expect(200)).body.props as AgreementProps;
    expect(fields.refused).toBeNull();
    const name = await sign(owner, id, { hash: hash!, typedName: "Someone Else" }).expect(400);
    expect(visibleText(name.text)).toContain(typeYourName("Adaeze Nwosu"));
    expect(name.text).toContain('value="Someone Else"');
    const changed = await sign(owner, id, { hash: "0".repeat(64) }).expect(409);
    expect(visibleText(changed.text)).toContain(AGREEMENT_CHANGED);
    expect(await t.db("agreement_signatures").where({ application_id: id })).toHaveLength(0);
    expect(agreementPdfs()).toHaveLength(files);
    expect(await t.db("audit_events").where({ action: "service_agreement_signed", subject_id: id })).toHaveLength(0);
  });

  it("another person's agreement answers 404, to look at and to sign; a draft's cannot be signed", async () => {
    const id = await unsigned();
    const { hash } = await agreementProps(owner, id);
    await stranger.get(`/application/${id}/agreement`).expect(404);
    await stranger.getJson(`/application/${id}/agreement`).expect(404);
    await stranger.form(`/application/${id}/agreement`, { hash: hash!, typedName: "Adaeze Nwosu", agree: "yes", consent: "yes" }).expect(404);
    await owner.get("/application/00000000-0000-4000-8000-000000000000/agreement").expect(404);
    expect(await t.db("agreement_signatures").where({ application_id: id })).toHaveLength(0);

    const draft = (await owner.post("/api/applications", completeDraft()).expect(201)).body.application.id;
    expect((await agreementProps(owner, draft)).state).toBe("draft");
    await sign(owner, draft, { hash: hash! }).expect(409);
  });
});

describe("a new version of the agreement", () => {
  it("asks again before any way to pay, and signing it opens them", async () => {
    const id = await unsigned();
    await sign(owner, id, { hash: (await agreementProps(owner, id)).hash! }).expect(303);
    await olderVersion(id);
    await everyWayRefused(id);
    const shown = await agreementProps(owner, id);
    expect(shown).toMatchObject({ state: "old", signed: { version: "2026-01-15" } });
    expect((await owner.getJson(`/application/${id}`).expect(200)).body.props.agreement.text).toMatch(
      new RegExp(`version ${SERVICE_AGREEMENT_VERSION} is to sign before your next payment`),
    );
    await sign(owner, id, { hash: shown.hash! }).expect(303);
    expect(await t.db("agreement_signatures").where({ application_id: id }).orderBy("signed_at")).toMatchObject([
      { version: "2026-01-15" },
      { version: SERVICE_AGREEMENT_VERSION },
    ]);
    await owner.post(`/api/applications/${id}/payment`, CARD).expect(200);
  });

  it("refuses a transfer's proof until signed again, but lets the transfer be withdrawn", async () => {
    const id = await unsigned();
    await sign(owner, id, { hash: (await agreementProps(owner, id)).hash! }).expect(303);
    await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
    await olderVersion(id);
    const stored = proofs().length;
    const res = await postProof(owner, id, PNG, "receipt.png").expect(409);
    expect(visibleText(res.text)).toContain(AGREEMENT_UNSIGNED);
    expect(proofs()).toHaveLength(stored);
    expect((await paymentsOf(id))[0]).toMatchObject({ state: "pending", proof_path: null });
    await owner.form(`/payment/${id}/bank-transfer/withdraw`, { reason: "I will pay by card" }).expect(303);
    expect((await paymentsOf(id))[0].state).not.toBe("pending");
  });

  it("never refuses money Paystack reports by its webhook", async () => {
    const id = await unsigned();
    await sign(owner, id, { hash: (await agreementProps(owner, id)).hash! }).expect(303);
    const res = await owner.form(`/payment/${id}/paystack`, {}).expect(303);
    const [payment] = await paymentsOf(id);
    expect(res.headers.location).toBe(payment.authorization_url);
    await olderVersion(id);
    await paystack.pay(payment.reference);
    for (let i = 0; i < 100 && (await t.db("visa_applications").where({ id }).first()).payment_status !== "paid"; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await t.db("visa_applications").where({ id }).first()).toMatchObject({ payment_status: "paid" });
  });
});
