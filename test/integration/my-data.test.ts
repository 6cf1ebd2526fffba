// "My data": the zip of everything kept about a person, and deleting the account (drafts gone, the rest anonymised).
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { insertApp } from "../helpers/admin.ts";
import { type Client, createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { filesUnder, JPEG, PDF, PNG } from "../helpers/files.ts";
import { submittedApplication } from "../helpers/payments.ts";
import { signedAgreement, signedSheet } from "../helpers/signatures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.drop());

/** Every entry of a zip, by name. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const out = new Map<string, Buffer>();
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(out));
      zip.readEntry();
    });
  });
}

const binary = (res: { on: (e: string, f: (c?: Buffer) => void) => void }, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (c) => chunks.push(c as Buffer));
  res.on("end", () => cb(null, Buffer.concat(chunks)));
};

async function uploadDocument(client: Client, appId: string, type: string, file: Buffer, name: string) {
  await client.agent
    .post(`/api/applications/${appId}/documents`)
    .set("X-CSRF-Token", client.token)
    .field("document_type", type)
    .attach("file", file, name)
    .expect(201);
}

/** A submitted and paid application with passport files and a document, plus a draft with a document. */
async function applicantWithHistory(user: TestUser, client: Client) {
  const submitted = (await client.post("/api/applications", completeDraft({ full_name: user.fullName })).expect(201)).body.application;
  await attachPassportFiles(client, submitted.id);
  await uploadDocument(client, submitted.id, "bank_statement", PNG, "bank.png");
  await client.post(`/api/applications/${submitted.id}/submit`).expect(200);
  await signedAgreement(t.db, submitted.id);
  await client
    .post(`/api/applications/${submitted.id}/payment`, { cardholderName: "Ada Obi", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" })
    .expect(200);
  const draft = (await client.post("/api/applications", { visa_type: "study", full_name: user.fullName }).expect(201)).body.application;
  await uploadDocument(client, draft.id, "transcript", PDF, "transcript.pdf");
  await client.post("/api/checklists", { values: { "1": user.fullName } }).expect(201);
  const refs = await t.db("visa_applications").whereIn("id", [submitted.id, draft.id]).pluck("reference_number");
  return { submitted, draft, refs };
}

describe("Download my data", () => {
  it("streams a zip of the account, each application with its history, checklists, messages and the files themselves", async () => {
    const user = await makeUser(t.db, { fullName: "Ngozi Obi", email: "ngozi.obi@example.com" });
    const client = await signedIn(t.app, user);
    const { submitted, refs } = await applicantWithHistory(user, client);
    await client.post(`/api/applications/${submitted.id}/messages`, { body: "Is my photo fine?" }).expect(201);
    await client.post("/api/account/channels", { channelPhone: "0803 555 0101", whatsapp: "yes" }).expect(200);
    const stranger = await makeUser(t.db);
    const strangerApp = (await (await signedIn(t.app, stranger)).post("/api/applications", { visa_type: "work" }).expect(201)).body.application;

    const res = await client.form("/account/data/download", { password: user.password }).buffer(true).parse(binary).expect(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const zip = await unzip(res.body as Buffer);
    const account = JSON.parse(String(zip.get("account.json")));
    expect(account).toMatchObject({ full_name: "Ngozi Obi", email: "ngozi.obi@example.com" });
    expect(account.password_hash).toBeUndefined();
    for (const ref of refs) expect(zip.has(`applications/${ref}.json`)).toBe(true);
    const ref = (await t.db("visa_applications").where({ id: submitted.id }).first("reference_number")).reference_number;
    const app = JSON.parse(String(zip.get(`applications/${ref}.json`)));
    expect(app).toMatchObject({ full_name: "Ngozi Obi", passport_number: "A12345678", payment_status: "paid", status: "submitted" });
    expect(app.passport_scan_path).toBeUndefined();
    expect(app.statusHistory.map((h: { status: string }) => h.status)).toContain("submitted");
    expect(app.conversation).toEqual([{ from: "applicant", body: "Is my photo fine?", at: expect.any(String) }]);
    expect(Buffer.compare(zip.get(`files/${ref}/passport_scan.pdf`) ?? Buffer.alloc(0), PDF)).toBe(0);
    expect(Buffer.compare(zip.get(`files/${ref}/photo.jpg`) ?? Buffer.alloc(0), JPEG)).toBe(0);
    const [doc] = app.documents;
    expect(doc).toMatchObject({ type: "bank_statement", fileName: "bank.png" });
    expect(Buffer.compare(zip.get(doc.file) ?? Buffer.alloc(0), PNG)).toBe(0);
    expect(JSON.parse(String(zip.get("checklists.json")))).toHaveLength(1);
    expect(Array.isArray(JSON.parse(String(zip.get("messages.json"))))).toBe(true);
    const channels = JSON.parse(String(zip.get("channels.json")));
    expect(channels.choices).toEqual([
      {
        channel: "whatsapp",
        phone: "+2348035550101",
        chosen: "yes",
        words: expect.stringMatching(/^Send me updates on WhatsApp from /),
        where: "account",
        at: expect.any(String),
      },
    ]);
    // Nothing of anyone else.
    const strangerRef = (await t.db("visa_applications").where({ id: strangerApp.id }).first("reference_number")).reference_number;
    expect([...zip.keys()].some((k) => k.includes(strangerRef))).toBe(false);
    expect(await t.db("audit_events").where({ action: "data_exported", subject_id: user.id }).first()).toBeDefined();
  });

  it("lists a file gone from storage as missing instead of failing", async () => {
    const user = await makeUser(t.db);
    const client = await signedIn(t.app, user);
    const draft = (await client.post("/api/applications", { visa_type: "study" }).expect(201)).body.application;
    await uploadDocument(client, draft.id, "transcript", PDF, "transcript.pdf");
    const key = (await t.db("application_documents").where({ application_id: draft.id }).first("file_path")).file_path;
    await rm(path.join(t.config.uploadDir, key));
    const res = await client.form("/account/data/download", { password: user.password }).buffer(true).parse(binary).expect(200);
    const zip = await unzip(res.body as Buffer);
    const ref = (await t.db("visa_applications").where({ id: draft.id }).first("reference_number")).reference_number;
    expect(JSON.parse(String(zip.get(`applications/${ref}.json`))).documents[0]).toMatchObject({ file: null, missing: true });
  });

  it("includes each answer sheet the person signed, with its record and the signed PDF", async () => {
    const user = await makeUser(t.db, { fullName: "Adaeze Nwosu" });
    const client = await signedIn(t.app, user);
    const app = await insertApp(t.db, user.id, {
      status: "approved",
      submitted_at: new Date(),
      full_name: "Adaeze Nwosu",
      destination_country: "United Kingdom",
    });
    const signed = await signedSheet(t.db, app.id);
    const row = await t.db("form_signatures").where({ id: signed.id }).first("pdf_key");
    await mkdir(path.dirname(path.join(t.config.uploadDir, row.pdf_key)), { recursive: true });
    await writeFile(path.join(t.config.uploadDir, row.pdf_key), PDF);
    const res = await client.form("/account/data/download", { password: user.password }).buffer(true).parse(binary).expect(200);
    const zip = await unzip(res.body as Buffer);
    const exported = JSON.parse(String(zip.get(`applications/${app.reference_number}.json`)));
    const name = `files/${app.reference_number}/signed-answer-sheet-${signed.code}.pdf`;
    expect(exported.signatures).toEqual([
      expect.objectContaining({ typedName: "Adaeze Nwosu", drawn: false, hash: signed.hash, code: signed.code, voidedAt: null, file: name }),
    ]);
    expect(Buffer.compare(zip.get(name) ?? Buffer.alloc(0), PDF)).toBe(0);
  });

  it("includes each service agreement the person signed, with its record and the signed PDF; deleting the account erases them", async () => {
    const user = await makeUser(t.db, { fullName: "Adaeze Nwosu" });
    const client = await signedIn(t.app, user);
    // Signed through its page: a real PDF in storage.
    const id = await submittedApplication(client, { full_name: "Adaeze Nwosu" });
    const row = await t.db("agreement_signatures").where({ application_id: id }).first();
    const { reference_number: ref } = await t.db("visa_applications").where({ id }).first("reference_number");
    const res = await client.form("/account/data/download", { password: user.password }).buffer(true).parse(binary).expect(200);
    const zip = await unzip(res.body as Buffer);
    const name = `files/${ref}/signed-service-agreement-${row.code}.pdf`;
    expect(JSON.parse(String(zip.get(`applications/${ref}.json`))).agreements).toEqual([
      expect.objectContaining({ version: row.version, typedName: "Adaeze Nwosu", hash: row.content_hash, code: row.code, file: name }),
    ]);
    expect(String(zip.get(name)?.subarray(0, 5))).toBe("%PDF-");
    expect(String(zip.get("README.txt"))).toContain("service agreements you signed");

    const stored = row.pdf_key;
    expect(filesUnder(t.config.uploadDir)).toContain(stored);
    await client.post("/api/account/delete", { password: user.password, confirm: "DELETE" }).expect(200);
    expect(await t.db("agreement_signatures").where({ application_id: id })).toHaveLength(0);
    expect(filesUnder(t.config.uploadDir)).not.toContain(stored);
  });

  it("is for the signed-in person only", async () => {
    const res = await (await newClient(t.app)).form("/account/data/download", { password: "whatever-it-is" }).expect(303);
    expect(res.headers.location).toMatch(/^\/auth/);
  });

  it("needs the password in a same-site form post: a link, a wrong or missing password and a cross-site post export nothing", async () => {
    const user = await makeUser(t.db);
    const client = await signedIn(t.app, user);
    const exported = () => t.db("audit_events").where({ action: "data_exported", subject_id: user.id });
    // A GET (what a link or an image on another site sends) no longer starts a download.
    const link = await client.get("/account/data/download");
    expect(link.headers["content-type"] ?? "").not.toContain("application/zip");
    for (const fields of [{ password: "not-my-password" }, {}] as Record<string, string>[]) {
      const res = await client.form("/account/data/download", fields).expect(303);
      expect(res.headers.location).toBe("/account#my-data");
      expect(res.headers["content-type"] ?? "").not.toContain("application/zip");
    }
    const flash = (await client.getJson("/account").expect(200)).body.shared.flash;
    expect(flash).toMatchObject({ title: "Data not downloaded", variant: "destructive" });
    // Without the page's CSRF token (a form on another site): refused.
    await client.agent.post("/account/data/download").type("form").send({ password: user.password }).expect(403);
    expect(await exported()).toHaveLength(0);
  });
});

describe("Delete my account", () => {
  it("refuses a wrong confirmation or password and staff, changing nothing", async () => {
    const user = await makeUser(t.db);
    const client = await signedIn(t.app, user);
    const noConfirm = await client.post("/api/account/delete", { password: user.password, confirm: "delete" }).expect(400);
    expect(noConfirm.body.error.fields.confirm).toBe("Type DELETE to confirm");
    const wrong = await client.post("/api/account/delete", { password: "not-mine", confirm: "DELETE" }).expect(400);
    expect(wrong.body.error.fields.password).toBe("Password is incorrect");
    expect((await t.db("users").where({ id: user.id }).first("deleted_at")).deleted_at).toBeNull();
    await client.getJson("/dashboard").expect(200);
    const admin = await makeUser(t.db, { admin: true });
    const staff = await signedIn(t.app, admin);
    const refused = await staff.post("/api/account/delete", { password: admin.password, confirm: "DELETE" }).expect(403);
    expect(refused.body.error.message).toMatch(/closed by the office/);
  });

  it("refuses staff before their password is tried: their tries never count towards the sign-in throttle", async () => {
    const admin = await makeUser(t.db, { admin: true });
    const staff = await signedIn(t.app, admin);
    for (let i = 0; i < 11; i++) await staff.post("/api/account/delete", { password: "not-mine", confirm: "DELETE" }).expect(403);
    expect(await t.db("rate_limits").whereLike("key", `%${admin.email}%`).first()).toBeUndefined();
    expect(await t.db("audit_events").where({ action: "account_deleted", subject_id: admin.id }).first()).toBeUndefined();
  });

  it("removes drafts and every file, anonymises what was submitted or paid, ends every session, and frees the address", async () => {
    const user = await makeUser(t.db, { fullName: "Kelechi Nwosu", email: "kelechi@example.com" });
    const client = await signedIn(t.app, user);
    const elsewhere = await signedIn(t.app, user);
    const { submitted, draft } = await applicantWithHistory(user, client);
    const staff = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    await staff.post(`/api/admin/applications/${submitted.id}/notes`, { note: "Called Kelechi on his mobile." }).expect(201);
    await staff
      .patch(`/api/admin/applications/${submitted.id}/status`, {
        status: "under_review",
        shownStatus: "submitted",
        note: "Kelechi's passport expires in May.",
      })
      .expect(200);
    const keys = [
      ...(await t.db("application_documents").whereIn("application_id", [submitted.id, draft.id]).pluck("file_path")),
      ...Object.values(await t.db("visa_applications").where({ id: submitted.id }).first("passport_scan_path", "photo_path")),
    ] as string[];
    expect(keys).toHaveLength(4);
    const statsBefore = await t.db("application_stats").where({ status: "under_review", payment_status: "paid" }).sum({ n: "count" }).first();

    // Their leads: the address's own (made by the submission) and one linked to the account under another address;
    // a second person's lead stays.
    expect(await t.db("leads").whereRaw("lower(email) = 'kelechi@example.com'").first()).toBeDefined();
    const [linked] = await t
      .db("leads")
      .insert({ email: "kelechi.n@example.org", name: "Kelechi Nwosu", source: "portal", user_id: user.id })
      .returning("id");
    await t.db("lead_events").insert({ lead_id: linked.id, kind: "account" });
    await t.db("leads").insert({ email: "adaobi.okoro@example.net", name: "Adaobi Okoro", source: "contact_form" });
    // Their WhatsApp choice and a WhatsApp message matched to them.
    await client.post("/api/account/channels", { channelPhone: "0803 555 0102", whatsapp: "yes" }).expect(200);
    await t
      .db("whatsapp_inbound")
      .insert({ wamid: "wamid.erase-1", from_phone: "+2348035550102", kind: "text", body: "Hello", outcome: "inbox", user_id: user.id });

    const res = await client.post("/api/account/delete", { password: user.password, confirm: " DELETE " }).expect(200);
    expect(res.body.redirect).toBe("/signin");
    // The browser forgets what the tab kept (the wizard's unsaved answers) for the next person at the keyboard.
    expect(res.headers["clear-site-data"]).toBe('"storage"');

    expect(await t.db("visa_applications").where({ id: draft.id }).first()).toBeUndefined();
    expect(await t.db("channel_consents").where({ user_id: user.id })).toEqual([]);
    expect(await t.db("whatsapp_inbound").where({ wamid: "wamid.erase-1" })).toEqual([]);
    const kept = await t.db("visa_applications").where({ id: submitted.id }).first();
    expect(kept).toMatchObject({ status: "under_review", payment_status: "paid", visa_type: "tourist", destination_country: "United Kingdom" });
    expect(kept.reference_number).toMatch(/^VA-/);
    expect(Number(kept.amount_paid)).toBeGreaterThan(0);
    expect(kept.anonymised_at).not.toBeNull();
    for (const column of [
      "full_name",
      "passport_number",
      "date_of_birth",
      "phone",
      "email",
      "address",
      "passport_scan_path",
      "photo_path",
      "criminal_history_details",
    ])
      expect(kept[column], column).toBeNull();
    expect(kept.criminal_history).toBe(false);
    expect(await t.db("application_documents").where({ application_id: submitted.id }).first()).toBeUndefined();
    expect(await t.db("admin_notes").where({ application_id: submitted.id }).first()).toBeUndefined();
    // The history keeps its moves, not the words staff wrote about the person.
    const history = await t.db("application_status_history").where({ application_id: submitted.id }).select("status", "notes");
    expect(history.map((h) => h.status)).toContain("under_review");
    expect(history.every((h) => h.notes === null)).toBe(true);
    expect(await t.db("checklists").where({ user_id: user.id }).first()).toBeUndefined();
    const addresses = ["kelechi@example.com", "kelechi.n@example.org", "adaobi.okoro@example.net"];
    expect(await t.db("leads").whereRaw("lower(email) = ANY(?)", [addresses]).pluck("email")).toEqual(["adaobi.okoro@example.net"]);
    expect(await t.db("lead_events").where({ lead_id: linked.id }).first()).toBeUndefined();
    expect(await t.db("email_messages").where({ user_id: user.id }).first()).toBeUndefined();
    const stored = filesUnder(t.config.uploadDir);
    for (const key of keys) expect(stored).not.toContain(key);
    const row = await t.db("users").where({ id: user.id }).first();
    expect(row).toMatchObject({ email: `deleted-${user.id}@deleted.invalid`, full_name: "Deleted account", phone: null });
    expect(row.deleted_at).not.toBeNull();
    // Analytics still count the kept application once.
    const statsAfter = await t.db("application_stats").where({ status: "under_review", payment_status: "paid" }).sum({ n: "count" }).first();
    expect(Number(statsBefore?.n)).toBeGreaterThan(0);
    expect(Number(statsAfter?.n)).toBe(Number(statsBefore?.n));

    for (const c of [client, elsewhere]) expect((await c.get("/dashboard").expect(303)).headers.location).toMatch(/^\/auth/);
    await (await newClient(t.app)).post("/signin", { email: "kelechi@example.com", password: user.password }).expect(401);
    const again = await newClient(t.app);
    await again.post("/signup", { fullName: "Kelechi Nwosu", email: "kelechi@example.com", password: "Harmattan-Ferry-72" }).expect(200);
    expect(await t.db("audit_events").where({ action: "account_deleted", subject_id: user.id }).first()).toBeDefined();
  });
});
