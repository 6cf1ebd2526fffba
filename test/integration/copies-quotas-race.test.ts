// Files across the lifecycle: a rejected application started again (files copied, not shared), an upload racing a
// submission, random storage keys, and the per-applicant quotas.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import cookiejar from "cookiejar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import { filesUnder, PDF } from "../helpers/files.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ MAX_OPEN_DRAFTS: "3", MAX_STORAGE_MB: "1" });
});
afterAll(() => t.drop());

const state = async (id: string) => t.db("visa_applications").where({ id }).first();

async function completeApplication(client: Client): Promise<string> {
  const id = (await client.post("/api/applications", completeDraft()).expect(201)).body.application.id;
  await attachPassportFiles(client, id);
  return id;
}

const uploadDocument = (client: Client, id: string, file: Buffer, type = "bank_statement") =>
  client.agent
    .post(`/api/applications/${id}/documents`)
    .set("X-CSRF-Token", client.token)
    .field("document_type", type)
    .attach("file", file, "statement.pdf");

/** A PDF of about `bytes` bytes (a real header, then padding inside a comment). */
const pdfOf = (bytes: number) => Buffer.concat([PDF, Buffer.from(`%${"x".repeat(Math.max(0, bytes - PDF.length - 2))}\n`)]);

describe("start a new application from a rejected one", () => {
  it("copies the answers and files under new keys, links both histories, and only from a rejected application", async () => {
    const user = await makeUser(t.db, { fullName: "Ngozi Eze" });
    const client = await signedIn(t.app, user);
    const id = await completeApplication(client);
    await uploadDocument(client, id, PDF).expect(201);
    await client.post(`/api/applications/${id}/submit`).expect(200);
    await client.post(`/api/applications/${id}/copy`).expect(409);
    await t.db("visa_applications").where({ id }).update({ status: "rejected" });

    const res = await client.post(`/api/applications/${id}/copy`).expect(201);
    const copyId = res.body.application.id;
    expect(res.body.redirect).toBe(`/visa-application/${copyId}`);
    const [old, copy] = [await state(id), await state(copyId)];
    expect(copy).toMatchObject({ status: "draft", payment_status: "pending", submitted_at: null, copied_from_id: id, full_name: old.full_name });
    expect(copy.visa_specific_data).toEqual(old.visa_specific_data);
    expect(copy.reference_number).not.toBe(old.reference_number);

    // Its own stored objects, with the same bytes.
    expect(copy.passport_scan_path).not.toBe(old.passport_scan_path);
    expect(copy.photo_path).not.toBe(old.photo_path);
    const [oldDoc] = await t.db("application_documents").where({ application_id: id });
    const [copyDoc] = await t.db("application_documents").where({ application_id: copyId });
    expect(copyDoc.file_path).not.toBe(oldDoc.file_path);
    const scan = await client.get(`/files/applications/${copyId}/passport-scan`).expect(200);
    expect(Buffer.compare(Buffer.from(scan.body), PDF)).toBe(0);
    // Deleting the copy's document leaves the original's file alone.
    await client.del(`/api/documents/${copyDoc.id}`).expect(200);
    expect(filesUnder(t.config.uploadDir)).toContain(oldDoc.file_path);
    await client.get(`/files/documents/${oldDoc.id}`).expect(200);

    const oldPage = (await client.getJson(`/application/${id}`).expect(200)).body.props;
    expect(oldPage.related.startedAgainAs).toEqual([{ id: copyId, reference: copy.reference_number }]);
    expect(oldPage.history[0].notes).toBe(`A new application, ${copy.reference_number}, was started from this one.`);
    const copyPage = (await client.getJson(`/application/${copyId}`).expect(200)).body.props;
    expect(copyPage.related.startedFrom).toEqual({ id, reference: old.reference_number });
    expect(copyPage.history[0].notes).toBe(`Started from ${old.reference_number}, which was rejected.`);
    // The copy is complete as it stands: it can be submitted at once.
    await client.post(`/api/applications/${copyId}/submit`).expect(200);
  });

  it("answers 404 for another applicant's application", async () => {
    const owner = await signedIn(t.app, await makeUser(t.db));
    const id = (await owner.post("/api/applications", completeDraft()).expect(201)).body.application.id;
    await t.db("visa_applications").where({ id }).update({ status: "rejected" });
    const stranger = await signedIn(t.app, await makeUser(t.db));
    await stranger.post(`/api/applications/${id}/copy`).expect(404);
  });
});

describe("an upload racing a submission", () => {
  it("does not attach a file that finishes after the application was submitted, and keeps no file", async () => {
    const user = await makeUser(t.db);
    const client = await signedIn(t.app, user);
    const id = await completeApplication(client);
    const before = filesUnder(t.config.uploadDir);
    const server = t.app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const cookies = client.agent.jar
        .getCookies(cookiejar.CookieAccessInfo.All)
        .map((c) => c.toValueString())
        .join("; ");
      const boundary = "----race";
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nbank_statement\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="late.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            port,
            method: "POST",
            path: `/api/applications/${id}/documents`,
            headers: {
              cookie: cookies,
              "x-csrf-token": client.token,
              accept: "application/json",
              "content-type": `multipart/form-data; boundary=${boundary}`,
              "content-length": head.length + PDF.length + tail.length,
            },
          },
          (res) => {
            let body = "";
            res.on("data", (c) => {
              body += c;
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on("error", reject);
        // The upload starts while the application is a draft...
        req.write(Buffer.concat([head, PDF.subarray(0, 10)]));
        (async () => {
          // ...the applicant submits once the file is being received (past the draft check before the body)...
          while (!filesUnder(t.config.uploadDir).some((f) => f.startsWith(".tmp/"))) await new Promise((r) => setTimeout(r, 10));
          await client.post(`/api/applications/${id}/submit`).expect(200);
          // ...and the upload finishes afterwards.
          req.end(Buffer.concat([PDF.subarray(10), tail]));
        })().catch(reject);
      });
      const { status, body } = await answer;
      expect(status).toBe(409);
      expect(JSON.parse(body).error.message).toBe("Documents can only be changed while the application is a draft.");
      expect(await t.db("application_documents").where({ application_id: id })).toHaveLength(0);
      expect((await state(id)).status).toBe("submitted");
      expect(filesUnder(t.config.uploadDir).filter((f) => !f.startsWith(".tmp"))).toEqual(before.filter((f) => !f.startsWith(".tmp")));
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe("storage keys", () => {
  it("are random: two uploads of one type get different keys, and the replaced file alone is removed", async () => {
    const client = await signedIn(t.app, await makeUser(t.db));
    const a = (await client.post("/api/applications", completeDraft()).expect(201)).body.application.id;
    const b = (await client.post("/api/applications", completeDraft()).expect(201)).body.application.id;
    await Promise.all([uploadDocument(client, a, PDF).expect(201), uploadDocument(client, b, PDF).expect(201)]);
    const docs = await t.db("application_documents").whereIn("application_id", [a, b]);
    expect(docs).toHaveLength(2);
    expect(docs[0].file_path).not.toBe(docs[1].file_path);
    for (const d of docs) expect(d.file_path).toMatch(/\/documents\/bank_statement_[0-9a-f-]{36}\.pdf$/);
    const files = filesUnder(t.config.uploadDir);
    for (const d of docs) expect(files).toContain(d.file_path);
  });
});

describe("quotas", () => {
  it("refuses a draft past the open-draft limit with 409 and stores nothing", async () => {
    const user = await makeUser(t.db);
    const client = await signedIn(t.app, user);
    for (let i = 0; i < 3; i++) await client.post("/api/applications", { full_name: `Draft ${i}` }).expect(201);
    const res = await client.post("/api/applications", { full_name: "One too many" }).expect(409);
    expect(res.body.error.message).toBe("You already have 3 applications in progress. Submit or finish one before starting another.");
    expect(await t.db("visa_applications").where({ user_id: user.id })).toHaveLength(3);
    // A rejected application cannot be started again past the limit either.
    const first = await t.db("visa_applications").where({ user_id: user.id }).first("id");
    await t.db("visa_applications").where({ id: first.id }).update({ status: "rejected" });
    await client.post("/api/applications", { full_name: "Fits again" }).expect(201);
    await client.post(`/api/applications/${first.id}/copy`).expect(409);
  });

  it("lets parallel copies of a rejected application store only what fits in the storage limit; the others keep nothing", async () => {
    const user = await makeUser(t.db);
    const client = await signedIn(t.app, user);
    const id = await completeApplication(client);
    await uploadDocument(client, id, pdfOf(300_000)).expect(201);
    await t.db("visa_applications").where({ id }).update({ status: "rejected" });
    const stored = async () => {
      const { rows } = await t.db.raw(
        `SELECT (SELECT coalesce(sum(d.file_size), 0) FROM application_documents d JOIN visa_applications a ON a.id = d.application_id WHERE a.user_id = ?)
              + (SELECT sum(passport_scan_size + photo_size) FROM visa_applications WHERE user_id = ?) AS bytes`,
        [user.id, user.id],
      );
      return Number(rows[0].bytes);
    };
    const perCopy = await stored();
    const fit = Math.floor((t.config.quotas.storageBytes - perCopy) / perCopy);
    // The storage limit, not the draft limit, decides: fewer copies fit than are asked for or than drafts allowed.
    expect(fit).toBeGreaterThan(0);
    expect(fit).toBeLessThan(Math.min(4, t.config.quotas.openDrafts));
    const before = filesUnder(t.config.uploadDir).filter((f) => !f.startsWith(".tmp"));

    const answers = await Promise.all(Array.from({ length: 4 }, () => client.post(`/api/applications/${id}/copy`)));
    const created = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status !== 201);
    expect(created).toHaveLength(fit);
    for (const r of refused) {
      expect(r.status).toBe(413);
      expect(r.body.error.message).toBe(
        "Your documents would take more than the 1 MB allowed per applicant. Remove a document you no longer need, then try again.",
      );
    }
    expect(await stored()).toBe(perCopy * (1 + fit));
    expect(await stored()).toBeLessThanOrEqual(t.config.quotas.storageBytes);
    expect(await t.db("visa_applications").where({ user_id: user.id, status: "draft" })).toHaveLength(fit);
    // Each copy that went through holds its own three files; the refused ones left none behind.
    const after = filesUnder(t.config.uploadDir).filter((f) => !f.startsWith(".tmp"));
    expect(after.length - before.length).toBe(3 * fit);
  });

  it("refuses a file past the storage limit with 413 and keeps no file", async () => {
    const client = await signedIn(t.app, await makeUser(t.db));
    const id = (await client.post("/api/applications", completeDraft()).expect(201)).body.application.id;
    await uploadDocument(client, id, pdfOf(600_000), "transcript").expect(201);
    const before = filesUnder(t.config.uploadDir);
    const res = await uploadDocument(client, id, pdfOf(600_000), "employment_letter").expect(413);
    expect(res.body.error.message).toBe(
      "Your documents would take more than the 1 MB allowed per applicant. Remove a document you no longer need, then try again.",
    );
    expect(await t.db("application_documents").where({ application_id: id })).toHaveLength(1);
    expect(filesUnder(t.config.uploadDir).filter((f) => !f.startsWith(".tmp"))).toEqual(before.filter((f) => !f.startsWith(".tmp")));
    // Replacing the stored document with one of the same size fits: the replaced one no longer counts.
    await uploadDocument(client, id, pdfOf(600_000), "transcript").expect(201);
  });
});
