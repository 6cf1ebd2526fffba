// Documents: allowed types by name AND bytes, size limit, replace, delete, private download, and nothing left behind,
// with each storage driver: the upload folder on disk and an S3-compatible bucket (s3rver on loopback).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import { filesUnder, HTML, JPEG, PDF, PNG } from "../helpers/files.ts";
import { startTestBucket, type TestBucket } from "../helpers/s3.ts";

describe.each(["disk", "s3"] as const)("with the %s driver", (driver) => {
  let t: TestApp;
  let owner: Client;
  let other: Client;
  let admin: Client;
  let appId: string;
  let ownerId: string;
  let bucket: TestBucket | undefined;
  /** Every stored file, temporary ones included: the folder's files (the S3 driver's spool) and the bucket's objects. */
  const stored = async () => [...(bucket ? await bucket.keys() : []), ...filesUnder(t.config.uploadDir)].sort();

  beforeAll(async () => {
    if (driver === "s3") bucket = await startTestBucket();
    t = await createTestApp(bucket?.env);
    const u = await makeUser(t.db);
    ownerId = u.id;
    owner = await signedIn(t.app, u);
    other = await signedIn(t.app, await makeUser(t.db));
    admin = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    appId = (await owner.post("/api/applications", completeDraft()).expect(201)).body.application.id;
  });
  afterAll(async () => {
    await t.drop();
    await bucket?.stop();
  });

  const sendDoc = (c: Client, type: string, body: Buffer, name: string, id = appId) =>
    c.agent
      .post(`/api/applications/${id}/documents`)
      .set("X-CSRF-Token", c.token)
      .set("Accept", "application/json")
      .field("document_type", type)
      .attach("file", body, name);

  describe("supporting documents", () => {
    it("accepts each allowed type and stores it privately under the user's folder", async () => {
      for (const [body, name] of [
        [PDF, "statement.pdf"],
        [PNG, "letter.png"],
        [JPEG, "transcript.jpeg"],
      ] as const) {
        const type = { "statement.pdf": "bank_statement", "letter.png": "employment_letter", "transcript.jpeg": "transcript" }[name];
        const res = await sendDoc(owner, type, body, name).expect(201);
        expect(res.body.document).toMatchObject({ documentType: type, fileName: name, size: body.length });
      }
      const rows = await t.db("application_documents").where({ application_id: appId });
      expect(rows).toHaveLength(3);
      for (const r of rows) expect(r.file_path).toMatch(new RegExp(`^${ownerId}/documents/${r.document_type}_[0-9a-f-]{36}\\.(pdf|png|jpg)$`));
      expect((await stored()).filter((f) => !f.startsWith(".tmp"))).toHaveLength(3);
    });

    it("refuses a disallowed extension, a PNG named .pdf and HTML named .png with 415, storing nothing", async () => {
      const before = await stored();
      const exe = await sendDoc(owner, "other", PDF, "run.exe").expect(415);
      expect(exe.body.error.message).toMatch(/not accepted/);
      const fakePdf = await sendDoc(owner, "other", PNG, "fake.pdf").expect(415);
      expect(fakePdf.body.error.message).toMatch(/do not match/);
      await sendDoc(owner, "other", HTML, "page.png").expect(415);
      expect(await stored()).toEqual(before);
      expect(await t.db("application_documents").where({ application_id: appId, document_type: "other" })).toHaveLength(0);
    });

    it("refuses 10 MB + 1 byte with the spec's message and leaves no file", async () => {
      const before = await stored();
      const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1 - PDF.length, 0x20)]);
      const res = await sendDoc(owner, "other", big, "big.pdf").expect(413);
      expect(res.body.error.message).toBe("File size must be less than 10MB");
      expect(await stored()).toEqual(before);
    });

    it("keeps a ../../ file name only as a display name", async () => {
      const res = await sendDoc(owner, "birth_certificate", PDF, "../../../etc/passwd.pdf").expect(201);
      expect(res.body.document.fileName).toBe("passwd.pdf");
      const row = await t.db("application_documents").where({ id: res.body.document.id }).first();
      expect(row.file_path).not.toContain("..");
    });

    // A type no item of the draft's list is filed as (a bank statement here holds the list's "Bank statement" item:
    // document-requirements.test.ts has that one kept).
    it("replaces the document of a type, keeping one row and removing the old file", async () => {
      await sendDoc(owner, "marriage_certificate", PDF, "certificate.pdf").expect(201);
      const first = await t.db("application_documents").where({ application_id: appId, document_type: "marriage_certificate" }).first();
      const res = await sendDoc(owner, "marriage_certificate", PNG, "new-certificate.png").expect(201);
      expect(res.body.replaced).toBe(true);
      const rows = await t.db("application_documents").where({ application_id: appId, document_type: "marriage_certificate" });
      expect(rows).toHaveLength(1);
      expect(rows[0].file_name).toBe("new-certificate.png");
      expect(await stored()).not.toContain(first.file_path);
      expect(await stored()).toContain(rows[0].file_path);
    });

    it("downloads for the owner and an admin with safe headers; 404 for anyone else", async () => {
      const doc = await t.db("application_documents").where({ application_id: appId, document_type: "transcript" }).first();
      const res = await owner.get(`/files/documents/${doc.id}`).buffer(true).expect(200);
      expect(res.headers["content-type"]).toBe("image/jpeg");
      expect(res.headers["content-disposition"]).toMatch(/^inline; filename="transcript.jpeg"/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["content-security-policy"]).toContain("sandbox");
      expect(Buffer.compare(res.body as Buffer, JPEG)).toBe(0);
      await admin.get(`/files/documents/${doc.id}`).expect(200);
      await other.get(`/files/documents/${doc.id}`).expect(404);
      const pdfDoc = await t.db("application_documents").where({ application_id: appId, document_type: "birth_certificate" }).first();
      const pdf = await owner.get(`/files/documents/${pdfDoc.id}`).expect(200);
      expect(pdf.headers["content-disposition"]).toMatch(/^attachment/);
      await other.del(`/api/documents/${doc.id}`).expect(404);
      await other.agent
        .post(`/api/applications/${appId}/documents`)
        .set("X-CSRF-Token", other.token)
        .field("document_type", "other")
        .attach("file", PDF, "x.pdf")
        .expect(404);
    });

    it("deletes the row and the file", async () => {
      const doc = await t.db("application_documents").where({ application_id: appId, document_type: "employment_letter" }).first();
      await owner.del(`/api/documents/${doc.id}`).expect(200);
      expect(await t.db("application_documents").where({ id: doc.id }).first()).toBeUndefined();
      expect(await stored()).not.toContain(doc.file_path);
    });

    it("refuses an upload before the first save", async () => {
      const res = await owner.agent
        .post("/api/applications/new/documents")
        .set("X-CSRF-Token", owner.token)
        .field("document_type", "other")
        .attach("file", PDF, "x.pdf")
        .expect(400);
      expect(res.body.error.message).toBe("Please save your application first before uploading documents");
    });

    it("leaves no file behind when the client aborts mid-upload", async () => {
      const before = await stored();
      const server = http.createServer(t.app).listen(0);
      const { port } = server.address() as AddressInfo;
      const cookie = (await owner.agent.jar.getCookies({ domain: "127.0.0.1", path: "/", secure: false, script: false })).map(
        (c) => `${c.name}=${c.value}`,
      );
      const boundary = "----abortboundary";
      await new Promise<void>((resolve) => {
        const req = http.request({
          port,
          method: "POST",
          path: `/api/applications/${appId}/documents`,
          headers: {
            "Content-Type": `multipart/form-data; boundary=${boundary}`,
            "Content-Length": String(5 * 1024 * 1024),
            "X-CSRF-Token": owner.token,
            Cookie: cookie.join("; "),
            Accept: "application/json",
          },
        });
        req.on("error", () => resolve());
        req.write(`--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nother\r\n`);
        req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
        req.write(Buffer.concat([PDF, Buffer.alloc(1024 * 1024, 0x20)]));
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 300);
      });
      // The server cleans up after the abort: wait for that, not for a guessed delay.
      await vi.waitFor(async () => expect(await stored()).toEqual(before), { timeout: 10_000, interval: 50 });
      server.close();
    });
  });

  describe("passport files", () => {
    it("uploads a scan (pdf) and a photo (image only), pointing the application at the download route", async () => {
      const scan = await owner.agent
        .post(`/api/applications/${appId}/passport/passport-scan`)
        .set("X-CSRF-Token", owner.token)
        .attach("file", PDF, "scan.pdf")
        .expect(201);
      expect(scan.body.url).toBe(`/files/applications/${appId}/passport-scan`);
      const badPhoto = await owner.agent
        .post(`/api/applications/${appId}/passport/photo`)
        .set("X-CSRF-Token", owner.token)
        .attach("file", PDF, "photo.pdf")
        .expect(415);
      expect(badPhoto.body.error.message).toMatch(/\.jpg, \.jpeg or \.png/);
      await owner.agent.post(`/api/applications/${appId}/passport/photo`).set("X-CSRF-Token", owner.token).attach("file", PNG, "me.png").expect(201);
      const row = await t.db("visa_applications").where({ id: appId }).first();
      // Only the key is stored; the URL is built when the application is presented.
      expect(row).not.toHaveProperty("photo_url");
      const presented = (await owner.patch(`/api/applications/${appId}`, {}).expect(200)).body.application;
      expect(presented.photo_url).toBe(`/files/applications/${appId}/photo`);
      expect(presented.passport_scan_url).toBe(`/files/applications/${appId}/passport-scan`);
      expect(row.photo_path).toMatch(new RegExp(`^${ownerId}/photo_[0-9a-f-]{36}\\.png$`));
      await owner.get(`/files/applications/${appId}/photo`).expect(200).expect("Content-Type", "image/png");
      await admin.get(`/files/applications/${appId}/passport-scan`).expect(200);
      await other.get(`/files/applications/${appId}/photo`).expect(404);
      const oldPath = row.photo_path;
      await owner.agent
        .post(`/api/applications/${appId}/passport/photo`)
        .set("X-CSRF-Token", owner.token)
        .attach("file", JPEG, "me2.jpg")
        .expect(201);
      expect(await stored()).not.toContain(oldPath);
    });

    it("is not reachable through any static URL", async () => {
      const row = await t.db("visa_applications").where({ id: appId }).first();
      await owner.get(`/uploads/${row.photo_path}`).expect(404);
      await owner.get(`/${row.photo_path}`).expect(404);
    });
  });
});
