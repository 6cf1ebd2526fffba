// Resumable uploads (tus) with each storage driver: created for one's own draft only, within the size limit, resumed
// from the offset the server holds, and the finished file handed to the same checks and actions as a multipart upload.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanUnfinishedUploads, resumableUploadsDir } from "../../server/storage/resumable.ts";
import { type Client, createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import { filesUnder, PDF, PNG, pdfOf } from "../helpers/files.ts";
import { startTestBucket, type TestBucket } from "../helpers/s3.ts";
import { createUpload, headUpload, patchUpload, TUS } from "../helpers/tus.ts";

describe.each(["disk", "s3"] as const)("with the %s driver", (driver) => {
  let t: TestApp;
  let owner: Client;
  let other: Client;
  let appId: string;
  let bucket: TestBucket | undefined;
  /** Every stored file, unfinished uploads included: the upload folder's files and the bucket's objects. */
  const stored = async () => [...(bucket ? await bucket.keys() : []), ...filesUnder(t.config.uploadDir)].sort();
  const unfinished = () => filesUnder(t.config.uploadDir).filter((f) => f.startsWith(".tmp/tus/"));

  beforeAll(async () => {
    if (driver === "s3") bucket = await startTestBucket();
    t = await createTestApp(bucket?.env);
    owner = await signedIn(t.app, await makeUser(t.db));
    other = await signedIn(t.app, await makeUser(t.db));
    appId = (await owner.post("/api/applications", completeDraft()).expect(201)).body.application.id;
  });
  afterAll(async () => {
    await t.drop();
    await bucket?.stop();
  });

  const create = createUpload;
  const patch = patchUpload;
  const head = headUpload;
  const doc = (type: string, filename: string, applicationId = appId) => ({ applicationId, kind: "document", document_type: type, filename });

  it("creates, receives in two parts and hands the file to the document action", async () => {
    const file = pdfOf(300_000);
    const created = await create(owner, file.length, doc("bank_statement", "statement.pdf")).expect(201);
    const location = created.headers.location;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    const first = await patch(owner, location, 0, file.subarray(0, 100_000)).expect(204);
    expect(first.headers["upload-offset"]).toBe("100000");
    const done = await patch(owner, location, 100_000, file.subarray(100_000)).expect(201);
    expect(JSON.parse(done.text).document).toMatchObject({ documentType: "bank_statement", fileName: "statement.pdf", size: file.length });
    const row = await t.db("application_documents").where({ application_id: appId, document_type: "bank_statement" }).first();
    expect(row.file_size).toBe(file.length);
    const download = await owner.get(`/files/documents/${row.id}`).buffer(true).expect(200);
    expect(Buffer.compare(download.body as Buffer, file)).toBe(0);
    expect(unfinished()).toEqual([]);
  });

  it("resumes: HEAD gives the offset the server holds and PATCH continues from there", async () => {
    const file = pdfOf(200_000);
    const location = (await create(owner, file.length, doc("transcript", "transcript.pdf")).expect(201)).headers.location;
    await patch(owner, location, 0, file.subarray(0, 64_000)).expect(204);
    const state = await head(owner, location).expect(200);
    expect(state.headers["upload-offset"]).toBe("64000");
    expect(state.headers["upload-length"]).toBe(String(file.length));
    // A part sent again from the start is refused: the server never takes the same bytes twice.
    await patch(owner, location, 0, file).expect(409);
    await patch(owner, location, 64_000, file.subarray(64_000)).expect(201);
    const row = await t.db("application_documents").where({ application_id: appId, document_type: "transcript" }).first();
    expect(row.file_size).toBe(file.length);
  });

  it("takes the passport photo through the passport action", async () => {
    const location = (await create(owner, PNG.length, { applicationId: appId, kind: "photo", filename: "me.png" }).expect(201)).headers.location;
    const done = await patch(owner, location, 0, PNG).expect(201);
    expect(JSON.parse(done.text)).toMatchObject({ url: `/files/applications/${appId}/photo`, mimeType: "image/png", size: PNG.length });
    expect((await t.db("visa_applications").where({ id: appId }).first()).photo_mime).toBe("image/png");
  });

  it("answers 404 for another applicant's application and stores nothing", async () => {
    const before = await stored();
    const res = await create(other, PDF.length, doc("other", "x.pdf")).expect(404);
    expect(res.body.error.message).toBeTruthy();
    expect(await stored()).toEqual(before);
  });

  it("answers 404 to another applicant's upload, for its offset, its bytes and its cancelling", async () => {
    const file = pdfOf(50_000);
    const location = (await create(owner, file.length, doc("other", "mine.pdf")).expect(201)).headers.location;
    await head(other, location).expect(404);
    await patch(other, location, 0, file).expect(404);
    await other.agent.delete(location).set(TUS).set("X-CSRF-Token", other.token).expect(404);
    expect((await head(owner, location).expect(200)).headers["upload-offset"]).toBe("0");
    await owner.agent.delete(location).set(TUS).set("X-CSRF-Token", owner.token).expect(204);
    expect(unfinished()).toEqual([]);
  });

  it("acts only on the upload its path names: another applicant's upload id in the query string reaches nothing of theirs", async () => {
    const file = pdfOf(60_000);
    const theirs = (await create(owner, file.length, doc("employment_letter", "letter.pdf")).expect(201)).headers.location;
    await patch(owner, theirs, 0, file.subarray(0, 20_000)).expect(204);
    const otherApp = (await other.post("/api/applications", completeDraft()).expect(201)).body.application.id;
    const mine = (await create(other, 1000, doc("other", "m.pdf", otherApp)).expect(201)).headers.location;
    const via = `${mine}?x=/${theirs.split("/").pop()}`;

    const state = await head(other, via).expect(200);
    expect([state.headers["upload-offset"], state.headers["upload-length"]]).toEqual(["0", "1000"]);
    await patch(other, via, 20_000, file.subarray(20_000, 30_000)).expect(409);
    await other.agent.delete(via).set(TUS).set("X-CSRF-Token", other.token).expect(204);
    await head(other, mine).expect(404);

    const kept = await head(owner, theirs).expect(200);
    expect([kept.headers["upload-offset"], kept.headers["upload-length"]]).toEqual(["20000", "60000"]);
    await patch(owner, theirs, 20_000, file.subarray(20_000)).expect(201);
    const row = await t.db("application_documents").where({ application_id: appId, document_type: "employment_letter" }).first();
    expect(row.file_size).toBe(file.length);
  });

  it("cannot finish another applicant's upload through the query string: their application gets no file", async () => {
    const file = pdfOf(40_000);
    const theirs = (await create(owner, file.length, doc("invitation_letter", "invite.pdf")).expect(201)).headers.location;
    await patch(owner, theirs, 0, file.subarray(0, 10_000)).expect(204);
    const otherApp = (await other.post("/api/applications", completeDraft()).expect(201)).body.application.id;
    const mine = (await create(other, 1000, doc("other", "m.pdf", otherApp)).expect(201)).headers.location;

    await patch(other, `${mine}?x=/${theirs.split("/").pop()}`, 10_000, file.subarray(10_000)).expect(409);
    expect(await t.db("application_documents").where({ application_id: appId, document_type: "invitation_letter" })).toHaveLength(0);
    expect((await head(owner, theirs).expect(200)).headers["upload-offset"]).toBe("10000");
    await owner.agent.delete(theirs).set(TUS).set("X-CSRF-Token", owner.token).expect(204);
    await other.agent.delete(mine).set(TUS).set("X-CSRF-Token", other.token).expect(204);
  });

  it("answers 404 when a finished upload's application is not the uploader's, and files nothing there", async () => {
    const before = await stored();
    const otherApp = (await other.post("/api/applications", completeDraft()).expect(201)).body.application.id;
    const location = (await create(other, PDF.length, doc("transcript", "t.pdf", otherApp)).expect(201)).headers.location;
    // The upload's record names someone else's application (as if its metadata had been changed where it waits).
    const info = path.join(resumableUploadsDir(t.config), `${location.split("/").pop()}.json`);
    const upload = JSON.parse(readFileSync(info, "utf8"));
    writeFileSync(info, JSON.stringify({ ...upload, metadata: { ...upload.metadata, applicationId: appId } }));
    const res = await patch(other, location, 0, PDF).expect(404);
    expect(JSON.parse(res.text).error.message).toBeTruthy();
    expect(await t.db("application_documents").where({ application_id: appId, document_type: "transcript", file_name: "t.pdf" })).toHaveLength(0);
    expect(await stored()).toEqual(before);
  });

  it("allows no other site's page to read its answers (no Access-Control-Allow-Origin for another origin)", async () => {
    const location = (await create(owner, PDF.length, doc("other", "x.pdf")).expect(201)).headers.location;
    const res = await head(owner, location).set("Origin", "https://evil.example").expect(200);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    expect((await head(owner, location).expect(200)).headers["access-control-allow-origin"]).toBeUndefined();
    await owner.agent.delete(location).set(TUS).set("X-CSRF-Token", owner.token).expect(204);
  });

  it("refuses a file over 10 MB with 413 before a byte is sent", async () => {
    const before = await stored();
    const res = await create(owner, 10 * 1024 * 1024 + 1, doc("other", "big.pdf")).expect(413);
    expect(res.body.error.message).toBe("File size must be less than 10MB");
    expect(await stored()).toEqual(before);
  });

  it("refuses wrong bytes as a multipart upload is refused, and removes the upload", async () => {
    const before = await stored();
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(4000)]);
    const location = (await create(owner, exe.length, doc("other", "photo.jpg")).expect(201)).headers.location;
    const res = await patch(owner, location, 0, exe).expect(415);
    expect(JSON.parse(res.text).error.message).toMatch(/do not match|not accepted/);
    expect(await stored()).toEqual(before);
    expect(await t.db("application_documents").where({ application_id: appId, document_type: "other" })).toHaveLength(0);
    await head(owner, location).expect(404);
  });

  it("refuses a document type that does not exist before any byte is sent", async () => {
    const res = await create(owner, PDF.length, doc("passport_of_the_moon", "x.pdf")).expect(400);
    expect(res.body.error.fields.document_type).toBe("Choose a valid document type");
  });

  it("answers 401 to anyone not signed in and 403 without the CSRF token", async () => {
    const anonymous = await newClient(t.app);
    const res = await create(anonymous, PDF.length, doc("other", "x.pdf")).expect(401);
    expect(res.body).toEqual({ error: { message: "Not authenticated" } });
    await create(owner, PDF.length, doc("other", "x.pdf"), false).expect(403);
    const location = (await create(owner, PDF.length, doc("other", "x.pdf")).expect(201)).headers.location;
    await owner.agent.patch(location).set(TUS).set("Upload-Offset", "0").set("Content-Type", "application/offset+octet-stream").send(PDF).expect(403);
    expect((await head(owner, location).expect(200)).headers["upload-offset"]).toBe("0");
  });

  it("deletes uploads left unfinished for more than an hour, and only those", async () => {
    const old = (await create(owner, 50_000, doc("other", "old.pdf")).expect(201)).headers.location;
    const fresh = (await create(owner, 50_000, doc("other", "fresh.pdf")).expect(201)).headers.location;
    await patch(owner, old, 0, pdfOf(50_000).subarray(0, 10_000)).expect(204);
    const info = path.join(resumableUploadsDir(t.config), `${old.split("/").pop()}.json`);
    const upload = JSON.parse(readFileSync(info, "utf8"));
    writeFileSync(info, JSON.stringify({ ...upload, creation_date: new Date(Date.now() - 61 * 60_000).toISOString() }));
    expect(await cleanUnfinishedUploads(t.db, t.config)).toBe(1);
    await head(owner, old).expect(404);
    await head(owner, fresh).expect(200);
    const idOf = (location: string) => location.split("/").pop() as string;
    expect(unfinished().filter((f) => f.includes(idOf(old)))).toEqual([]);
    expect(unfinished().filter((f) => f.includes(idOf(fresh)))).toHaveLength(2);
  });
});
