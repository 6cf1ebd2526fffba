// Reading the passport scan's machine-readable zone in the job queue: a readable scan gives exactly its fields, an
// unreadable or tampered one gives none, a PDF, a PNG and a large photo are handled, and a job only ever reads the
// application's own current scan.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readPassportScan } from "../../server/actions/passport/readPassportScan.ts";
import type { JobWorker } from "../../server/jobs/worker.ts";
import { createLogger } from "../../server/middleware/logging.ts";
import { largestJpeg } from "../../server/passport/pdfImage.ts";
import { passportOffer } from "../../server/presenters/passportRead.ts";
import { createStorage } from "../../server/storage/select.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { daysAfter } from "../helpers/dates.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn, TRIP } from "../helpers/factories.ts";
import { startTestWorker } from "../helpers/mail.ts";
import { type Identity, identity, passportImage, type Spoil, td3Lines } from "../helpers/passportScans.ts";

const PHONE: Spoil = { width: 1600, rotate: 1, blur: 0.5, brightness: 0.95, jpegQuality: 85, noise: 8 };

/** A one-page PDF wrapping a JPEG, the way scanner apps send a photo. */
function pdfWithJpeg(jpeg: Buffer): Buffer {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (b: Buffer | string) => {
    const buf = typeof b === "string" ? Buffer.from(b, "latin1") : b;
    parts.push(buf);
    length += buf.length;
  };
  push("%PDF-1.4\n");
  const obj = (n: number, body: string, stream?: Buffer) => {
    offsets[n] = length;
    push(`${n} 0 obj\n${body}\n`);
    if (stream) {
      push("stream\n");
      push(stream);
      push("\nendstream\n");
    }
    push("endobj\n");
  };
  obj(1, "<< /Type /Catalog /Pages 2 0 R >>");
  obj(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  obj(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 420] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>");
  obj(
    4,
    `<< /Type /XObject /Subtype /Image /Width 1600 /Height 1120 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>`,
    jpeg,
  );
  const content = Buffer.from("q 595 0 0 420 0 0 cm /Im0 Do Q");
  obj(5, `<< /Length ${content.length} >>`, content);
  const xref = length;
  push(
    `xref\n0 6\n0000000000 65535 f \n${offsets
      .slice(1)
      .map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)
      .join("")}`,
  );
  push(`trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

const expected = (id: Identity) => ({
  surname: id.surname,
  givenNames: id.givenNames,
  number: id.number,
  nationality: id.nationality,
  birthDate: id.birthDate,
  sex: id.sex,
  expiryDate: id.expiryDate,
  issuingState: id.issuingState,
});

describe("reading the passport's zone in the job queue", () => {
  let t: TestApp;
  let worker: JobWorker;
  let owner: Client;
  let other: Client;
  const who = identity(2);
  let readable: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ PASSPORT_READING: "on" });
    worker = await startTestWorker(t, { UPLOAD_DIR: t.config.uploadDir });
    owner = await signedIn(t.app, await makeUser(t.db));
    other = await signedIn(t.app, await makeUser(t.db));
    readable = await passportImage(who, PHONE);
  }, 60_000);
  afterAll(async () => {
    await worker.stop();
    await t.drop();
  });

  const draft = async (c: Client) => (await c.post("/api/applications", completeDraft()).expect(201)).body.application.id as string;
  const upload = (c: Client, id: string, body: Buffer, name: string) =>
    c.agent.post(`/api/applications/${id}/passport/passport-scan`).set("X-CSRF-Token", c.token).attach("file", body, name).expect(201);
  /** The read once the job has run. */
  const readOf = (id: string) =>
    vi.waitFor(
      async () => {
        const row = await t.db("passport_reads").where({ application_id: id }).first();
        expect(row?.state).toMatch(/^(read|unreadable)$/);
        return row;
      },
      { timeout: 60_000, interval: 200 },
    );

  it("reads a phone photo's zone into exactly its fields, and nothing in the upload's request", async () => {
    const id = await draft(owner);
    await upload(owner, id, readable, "passport.jpg");
    // The upload answers before any reading: the job reads it afterwards.
    expect((await t.db("passport_reads").where({ application_id: id }).first()).state).toBe("pending");
    const row = await readOf(id);
    expect(row.state).toBe("read");
    expect(row.fields).toEqual(expected(who));
  }, 90_000);

  it("offers none from a scan whose zone cannot be read, nor from one with a check digit changed", async () => {
    const blank = await passportImage(who, PHONE, "jpeg", ["", ""]);
    const [l1, l2] = td3Lines(who);
    // The birth date's check digit, one more.
    const tampered = await passportImage(who, PHONE, "jpeg", [l1, `${l2.slice(0, 19)}${(Number(l2[19]) + 1) % 10}${l2.slice(20)}`]);
    for (const scan of [blank, tampered]) {
      const id = await draft(owner);
      await upload(owner, id, scan, "passport.jpg");
      const row = await readOf(id);
      expect(row.state).toBe("unreadable");
      expect(row.fields).toBeNull();
    }
  }, 120_000);

  it("reads a PDF's embedded photo and a PNG, and a photo of nearly 10 MB does not break the job", async () => {
    const pdf = pdfWithJpeg(readable);
    expect(largestJpeg(pdf)?.equals(readable)).toBe(true);
    const png = await passportImage(who, { ...PHONE, rotate: -1 }, "png");
    for (const [body, name] of [
      [pdf, "passport.pdf"],
      [png, "passport.png"],
    ] as const) {
      const id = await draft(owner);
      await upload(owner, id, body, name);
      expect((await readOf(id)).fields).toEqual(expected(who));
    }
    const big = await passportImage(who, { width: 5200, rotate: 2, noise: 40, jpegQuality: 97 });
    expect(big.length).toBeGreaterThan(6 * 1024 * 1024);
    expect(big.length).toBeLessThan(10 * 1024 * 1024);
    const id = await draft(owner);
    await upload(owner, id, big, "large.jpg");
    const row = await readOf(id);
    if (row.state === "read") expect(row.fields).toEqual(expected(who));
  }, 180_000);

  it("never reads another applicant's scan into this application, nor a scan replaced since", async () => {
    const mine = await draft(owner);
    const theirs = await draft(other);
    await upload(other, theirs, readable, "passport.jpg");
    const theirRow = await readOf(theirs);
    // A job naming this application with the other applicant's file does nothing: the file is not this one's scan.
    const deps = { db: t.db, storage: createStorage(t.config), logger: createLogger("silent") };
    await readPassportScan(deps, { applicationId: mine, scanPath: theirRow.scan_path });
    expect(await t.db("passport_reads").where({ application_id: mine }).first()).toBeUndefined();
    // After a new upload, the first scan's job records nothing over the second's.
    await upload(owner, mine, await passportImage(who, PHONE, "jpeg", ["", ""]), "first.jpg");
    const first = await readOf(mine);
    await upload(owner, mine, readable, "second.jpg");
    await readPassportScan(deps, { applicationId: mine, scanPath: first.scan_path });
    const second = await readOf(mine);
    expect(second.scan_path).not.toBe(first.scan_path);
    expect(second.fields).toEqual(expected(who));
  }, 120_000);

  it("goes by the expiry date read from the scan for the passport's validity, not the typed one", async () => {
    const id = await draft(owner);
    await attachPassportFiles(owner, id);
    // Its PDF holds no photo: once the job has found that, the read is set as a readable zone would have left it.
    expect((await readOf(id)).state).toBe("unreadable");
    const scan = (await t.db("visa_applications").where({ id }).first()).passport_scan_path;
    // The zone says the passport ends during the trip; the typed date is years later.
    const fields = { ...expected(who), expiryDate: daysAfter(TRIP.arrival, 2) };
    await t
      .db("passport_reads")
      .where({ application_id: id })
      .update({ state: "read", fields: JSON.stringify(fields), scan_path: scan });
    const refused = await owner.post(`/api/applications/${id}/submit`).expect(400);
    expect(refused.body.error.message).toMatch(/expires before the end of your trip/);
    expect((await t.db("visa_applications").where({ id }).first()).status).toBe("draft");
    // Unreadable: the typed date decides, and the draft goes in.
    await t.db("passport_reads").where({ application_id: id }).update({ state: "unreadable", fields: null });
    await owner.post(`/api/applications/${id}/submit`).expect(200);
  });

  it("shows staff whether the zone was read and each kept answer that differs from it", async () => {
    const staff = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    const id = await draft(owner);
    const caseZone = async () => (await staff.getJson(`/admin/application/${id}`).expect(200)).body.props.passportZone;
    expect((await caseZone()).state).toBe("none");
    await upload(owner, id, readable, "passport.jpg");
    expect((await readOf(id)).state).toBe("read");
    const zone = await caseZone();
    expect(zone.state).toBe("read");
    // completeDraft's answers are another person's: every compared answer differs, with what each side says.
    expect(zone.differences.map((d: { field: string; read: string }) => [d.field, d.read])).toEqual([
      ["full_name", `${who.givenNames} ${who.surname}`],
      ["passport_number", who.number],
      ["date_of_birth", who.birthDate],
      ["gender", who.sex === "M" ? "male" : "female"],
      ["passport_expiry_date", who.expiryDate],
    ]);
    // The applicant's answers made to match: nothing differs.
    await owner
      .patch(`/api/applications/${id}`, {
        full_name: `${who.givenNames} ${who.surname}`.toLowerCase(),
        passport_number: who.number,
        date_of_birth: who.birthDate,
        gender: who.sex === "M" ? "male" : "female",
        passport_expiry_date: who.expiryDate,
      })
      .expect(200);
    expect((await caseZone()).differences).toEqual([]);
  }, 90_000);

  it("offers its owner on step 3 what was read, in the form's formats; another person's application answers 404", async () => {
    const id = await draft(owner);
    const offer = (c: Client, app = id) => c.getJson(`/api/applications/${app}/passport-read`);
    expect((await offer(owner).expect(200)).body).toEqual({ state: "none", photo: { state: "none", warnings: [] } });
    await upload(owner, id, readable, "passport.jpg");
    expect((await offer(owner).expect(200)).body.state).toMatch(/^(pending|read)$/);
    expect((await readOf(id)).state).toBe("read");
    const read = (await offer(owner).expect(200)).body;
    expect(read).toEqual({
      state: "read",
      fields: {
        full_name: expect.stringMatching(/^[A-Z][a-z]/),
        passport_number: who.number,
        date_of_birth: who.birthDate,
        gender: who.sex === "M" ? "male" : "female",
        passport_expiry_date: who.expiryDate,
      },
      nationality: who.nationality,
      issuingState: who.issuingState,
      photo: { state: "none", warnings: [] },
    });
    expect(read.fields.full_name.toUpperCase()).toBe(`${who.givenNames} ${who.surname}`);
    // Offered, never applied: the answers kept are untouched until the applicant uses one and saves.
    expect((await t.db("visa_applications").where({ id }).first()).passport_number).toBe(completeDraft().passport_number);
    // Another applicant, an unknown or malformed id: 404, and nothing of the read in the answer.
    for (const [c, app] of [
      [other, id],
      [owner, "00000000-0000-4000-8000-000000000000"],
      [owner, "not-an-id"],
    ] as const) {
      const res = await offer(c, app).expect(404);
      expect(JSON.stringify(res.body)).not.toContain(who.number);
    }
    // An unreadable zone says so, with no fields.
    await t.db("passport_reads").where({ application_id: id }).update({ state: "unreadable", fields: null });
    expect((await offer(owner).expect(200)).body).toEqual({ state: "unreadable", photo: { state: "none", warnings: [] } });
    // With reading switched off the step offers nothing.
    expect(passportOffer(false, await t.db("passport_reads").where({ application_id: id }).first())).toEqual({ state: "off" });
  }, 90_000);
});
