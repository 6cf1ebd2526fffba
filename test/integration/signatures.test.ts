// The applicant signs the answer sheet before staff lodge the form: what the signature records (the account, the
// address, the time, the SHA-256 of exactly the content shown) and the PDF of what was signed (its text read back),
// for the applicant and the case's staff only; a changed answer voids it; "Form lodged" is refused without a valid
// signature unless a manager gives a reason (audited); and the public check /signatures/<code>, rate-limited.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { PDF as LibPdf } from "@libpdf/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosDay } from "../../server/domain/calendar.ts";
import {
  ANSWERS_CHANGED,
  CONFIRM_FIRST,
  canonicalJson,
  NO_SIGNATURE,
  NOT_APPROVED_TO_SIGN,
  OVERRIDE_MANAGERS_ONLY,
  typeYourName,
  UNSIGNED_LODGING,
} from "../../server/domain/signatures.ts";
import { LIMITS } from "../../server/middleware/rateLimit.ts";
import type { SignSheetProps } from "../../views/pages/portal/signTypes.ts";
import { insertApp } from "../helpers/admin.ts";
import { type Client, createTestApp, fromAddress, newClient, type TestApp } from "../helpers/app.ts";
import { completeDraft, makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { PNG } from "../helpers/files.ts";
import { visibleText } from "../helpers/html.ts";
import { readBack } from "../helpers/printedForm.ts";

let t: TestApp;
let officerUser: TestUser;
let officer: Client;
let otherOfficer: Client;
let manager: Client;
let stranger: Client;
let anon: Client;

beforeAll(async () => {
  t = await createTestApp();
  officerUser = await makeUser(t.db, { officer: true, fullName: "Amaka Obi" });
  officer = await signedIn(t.app, officerUser);
  otherOfficer = await signedIn(t.app, await makeUser(t.db, { officer: true }));
  manager = await signedIn(t.app, await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" }));
  stranger = await signedIn(t.app, await makeUser(t.db));
  anon = await newClient(t.app);
});
afterAll(() => t.drop());

/** An approved case of Amaka's, bound for the UK, with its applicant signed in. */
async function approvedCase(status = "approved") {
  const user = await makeUser(t.db, { fullName: "Adaeze Nwosu" });
  const { visa_specific_data, ...fields } = completeDraft({ date_of_birth: "1992-05-14" });
  const app = await insertApp(t.db, user.id, {
    ...fields,
    visa_specific_data: JSON.stringify(visa_specific_data),
    status,
    submitted_at: new Date(),
    assignee_id: officerUser.id,
  });
  return { ...app, user, client: await signedIn(t.app, user) };
}

const signProps = async (client: Client, id: string) => (await client.getJson(`/application/${id}/sign`).expect(200)).body.props as SignSheetProps;

function sign(client: Client, id: string, fields: Record<string, string>) {
  return fromAddress("203.0.113.7")(client.form(`/application/${id}/sign`, { typedName: "Adaeze Nwosu", confirm: "yes", ...fields }));
}

const LODGED = () => ({ mode: "record", portal: "ukvi", reference: "GWF012345678", date: lagosDay(new Date(Date.now() - 2 * 86_400_000)) });
function lodge(client: Client, id: string, extra: Record<string, string> = {}) {
  let req = client.agent.post(`/admin/application/${id}/stages/lodged?_csrf=${encodeURIComponent(client.token)}`);
  for (const [k, v] of Object.entries({ ...LODGED(), ...extra })) req = req.field(k, v);
  return req;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await LibPdf.load(new Uint8Array(bytes));
  return pdf
    .getPages()
    .map((p) => p.extractText().text)
    .join("\n");
}

const binary = (r: NodeJS.ReadableStream, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  r.on("data", (c: Buffer) => chunks.push(c));
  r.on("end", () => cb(null, Buffer.concat(chunks)));
};

describe("signing the answer sheet", () => {
  it("records the account, the address, the time and the SHA-256 of exactly the content shown, and stores its PDF", async () => {
    const c = await approvedCase();
    const shown = await signProps(c.client, c.id);
    expect(shown.state).toBe("none");
    expect(shown.sheet?.form).toMatch(/Standard Visitor/);
    expect(shown.hash).toBe(
      createHash("sha256")
        .update(canonicalJson({ sheet: "uk-visitor", form: shown.sheet!.form, questions: shown.sheet!.questions }))
        .digest("hex"),
    );
    const drawing = `data:image/png;base64,${PNG.toString("base64")}`;
    const before = Date.now();
    const res = await sign(c.client, c.id, { hash: shown.hash!, drawing }).expect(303);
    expect(res.headers.location).toBe(`/application/${c.id}/sign`);
    const row = await t.db("form_signatures").where({ application_id: c.id }).first();
    expect(row).toMatchObject({
      user_id: c.user.id,
      typed_name: "Adaeze Nwosu",
      drawn: true,
      content_hash: shown.hash,
      ip: "203.0.113.7",
      voided_at: null,
    });
    expect(new Date(row.signed_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.content).toEqual({ sheet: "uk-visitor", form: shown.sheet!.form, questions: shown.sheet!.questions });
    expect(row.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(await t.db("audit_events").where({ action: "answer_sheet_signed", subject_id: c.id })).toHaveLength(1);

    // The PDF: what was read, the typed name, the time, the hash and the check's address, read back from its text.
    const after = await signProps(c.client, c.id);
    expect(after.state).toBe("valid");
    const pdf = await c.client.agent
      .get(after.signed!.pdfUrl)
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain("Standard Visitor visa");
    expect(text).toContain("Date of birth");
    expect(text).toContain("14/05/1992");
    expect(text).toContain("Signed by typing the name: Adaeze Nwosu");
    expect(text).toContain(`SHA-256 of the content signed: ${shown.hash}`);
    expect(text).toContain(`/signatures/${row.code}`);
    expect(text).toContain("Drawn signature (above)");
    // Two pictures: the drawn signature and the QR code of the check's address.
    expect((await readBack(new Uint8Array(pdf.body as Buffer))).images).toHaveLength(2);

    // Both sides open it; nobody else does.
    await officer.agent.get(after.signed!.pdfUrl).expect(200);
    await manager.agent.get(after.signed!.pdfUrl).expect(200);
    await otherOfficer.agent.get(after.signed!.pdfUrl).expect(404);
    await stranger.agent.get(after.signed!.pdfUrl).expect(404);
    // Signing again is refused while the signature stands.
    expect((await sign(c.client, c.id, { hash: shown.hash! })).status).toBe(409);
  });

  it("refuses a wrong name, no confirmation, a sheet that changed, a bad drawing, another's case or one not approved; nothing is stored", async () => {
    const c = await approvedCase();
    const { hash } = await signProps(c.client, c.id);
    const wrongName = await sign(c.client, c.id, { hash: hash!, typedName: "Someone Else" });
    expect(wrongName.status).toBe(400);
    expect(visibleText(wrongName.text)).toContain(typeYourName("Adaeze Nwosu"));
    expect((await sign(c.client, c.id, { hash: hash!, confirm: "" })).text).toContain(CONFIRM_FIRST);
    expect(visibleText((await sign(c.client, c.id, { hash: "0".repeat(64) }).expect(409)).text)).toContain(ANSWERS_CHANGED);
    await sign(c.client, c.id, { hash: hash!, drawing: "data:image/png;base64,AAAA" }).expect(400);
    await sign(stranger, c.id, { hash: hash! }).expect(404);
    const draft = await approvedCase("under_review");
    expect(visibleText((await sign(draft.client, draft.id, { hash: hash! }).expect(409)).text)).toContain(NOT_APPROVED_TO_SIGN);
    expect(await t.db("form_signatures").whereIn("application_id", [c.id, draft.id])).toHaveLength(0);
  });

  it("types the name alone when the applicant cannot draw: the signature stands without a drawing", async () => {
    const c = await approvedCase();
    const { hash } = await signProps(c.client, c.id);
    await sign(c.client, c.id, { hash: hash!, drawing: "" }).expect(303);
    expect((await t.db("form_signatures").where({ application_id: c.id }).first()).drawn).toBe(false);
  });
});

describe("a changed answer", () => {
  it("voids the signature: the applicant is asked again and the details page says so", async () => {
    const c = await approvedCase();
    const { hash } = await signProps(c.client, c.id);
    await sign(c.client, c.id, { hash: hash! }).expect(303);
    expect((await c.client.getJson(`/application/${c.id}`).expect(200)).body.props.signing).toEqual({ state: "valid" });
    await t.db("visa_applications").where({ id: c.id }).update({ phone: "+2348035556666" });
    const again = await signProps(c.client, c.id);
    expect(again.state).toBe("void");
    expect(again.hash).not.toBe(hash);
    expect((await t.db("form_signatures").where({ application_id: c.id }).first()).voided_at).not.toBeNull();
    expect((await c.client.getJson(`/application/${c.id}`).expect(200)).body.props.signing).toEqual({ state: "void" });
    // Signed again, the new signature stands and the old one stays void.
    await sign(c.client, c.id, { hash: again.hash! }).expect(303);
    const rows = await t.db("form_signatures").where({ application_id: c.id }).orderBy("signed_at");
    expect(rows.map((r) => r.voided_at === null)).toEqual([false, true]);
  });
});

describe('recording "Form lodged"', () => {
  it("is refused without a valid signature, even after one was voided; an officer cannot override", async () => {
    const c = await approvedCase();
    const res = await lodge(officer, c.id);
    expect(res.status).toBe(409);
    expect(visibleText(res.text)).toContain(UNSIGNED_LODGING);
    const { hash } = await signProps(c.client, c.id);
    await sign(c.client, c.id, { hash: hash! }).expect(303);
    await t.db("visa_applications").where({ id: c.id }).update({ address: "12 Allen Avenue, Ikeja, Lagos" });
    expect((await lodge(officer, c.id)).status).toBe(409);
    const overridden = await lodge(officer, c.id, { override_reason: "The applicant confirmed by phone." });
    expect(overridden.status).toBe(403);
    expect(visibleText(overridden.text)).toContain(OVERRIDE_MANAGERS_ONLY);
    expect(await t.db("case_stages").where({ application_id: c.id })).toHaveLength(0);
  });

  it("is recorded on a valid signature", async () => {
    const c = await approvedCase();
    const { hash } = await signProps(c.client, c.id);
    await sign(c.client, c.id, { hash: hash! }).expect(303);
    await lodge(officer, c.id).expect(303);
    expect(await t.db("case_stages").where({ application_id: c.id, stage: "lodged" })).toHaveLength(1);
    expect(await t.db("audit_events").where({ action: "lodged_without_signature", subject_id: c.id })).toHaveLength(0);
  });

  it("is recorded without one by a manager giving a reason, which goes to the audit trail", async () => {
    const c = await approvedCase();
    expect((await lodge(manager, c.id)).status).toBe(409);
    await lodge(manager, c.id, { override_reason: "Signed on paper at the office; scan on file." }).expect(303);
    expect(await t.db("case_stages").where({ application_id: c.id, stage: "lodged" })).toHaveLength(1);
    const [event] = await t.db("audit_events").where({ action: "lodged_without_signature", subject_id: c.id });
    expect(event.details).toEqual({ reason: "Signed on paper at the office; scan on file." });
  });
});

describe("/signatures/<code>", () => {
  let code: string;
  let nextAddress = 1;
  const check = (path: string) => fromAddress(`198.51.100.${nextAddress++}`)(anon.get(path));
  beforeAll(async () => {
    const c = await approvedCase();
    const { hash } = await signProps(c.client, c.id);
    await sign(c.client, c.id, { hash: hash! }).expect(303);
    const row = await t.db("form_signatures").where({ application_id: c.id }).first();
    code = row.code;
    await t.db("form_signatures").where({ id: row.id }).update({ signed_at: "2026-12-03T09:00:00Z" });
    // The signing page shows the code's address and its QR code.
    const props = await signProps(c.client, c.id);
    expect(props.signed?.checkUrl).toMatch(new RegExp(`/signatures/${code}$`));
    expect(Buffer.from(props.signed!.qrSvg, "base64").toString()).toMatch(/^<svg /);
  });

  it("says only who signed (initials), the day and that the hash matches; any case of the code", async () => {
    const res = await check(`/signatures/${code.toLowerCase()}`).expect(200);
    expect(visibleText(res.text)).toContain("Signed by A. N. on 3 Dec 2026, document hash matches");
    expect(res.text).not.toContain("Nwosu");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
  });

  it("answers 404 to an unknown code", async () => {
    const res = await check("/signatures/ZZZZZZZZZZ").expect(404);
    expect(visibleText(res.text)).toContain(NO_SIGNATURE);
  });

  it("is rate-limited per network like receipts", async () => {
    const from = fromAddress("192.0.2.55");
    for (let i = 0; i < LIMITS.signatureCheckPerIp.max; i++) await from(anon.get("/signatures/ZZZZZZZZZZ")).expect(404);
    const res = await from(anon.get(`/signatures/${code}`)).expect(429);
    expect(visibleText(res.text)).toContain(LIMITS.signatureCheckPerIp.message);
  });
});

describe("an applicant who deletes their account", () => {
  it("takes their signed answer sheets with them: the rows and the PDFs", async () => {
    const c = await approvedCase();
    const { hash } = await signProps(c.client, c.id);
    await sign(c.client, c.id, { hash: hash! }).expect(303);
    const row = await t.db("form_signatures").where({ application_id: c.id }).first();
    await manager.agent.get(`/files/signatures/${row.id}`).expect(200);
    expect(existsSync(path.join(t.config.uploadDir, row.pdf_key))).toBe(true);
    await c.client.post("/api/account/delete", { password: c.user.password, confirm: " DELETE " }).expect(200);
    expect(await t.db("form_signatures").where({ application_id: c.id })).toHaveLength(0);
    expect(existsSync(path.join(t.config.uploadDir, row.pdf_key))).toBe(false);
  });
});
