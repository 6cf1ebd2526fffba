// Resumable uploads in progress count against their applicant: at most five open at once (429), their declared lengths
// within the storage quota together with the stored files (413); a finished, cancelled or expired upload frees its
// place, and an expired one's bytes are deleted within the hour. Only the site's own address may read the answers.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_OPEN_UPLOADS, storageFull, tooManyUploads } from "../../server/domain/quotas.ts";
import { cleanUnfinishedUploads, resumableUploadsDir } from "../../server/storage/resumable.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import { filesUnder, pdfOf } from "../helpers/files.ts";
import { createUpload, headUpload, patchUpload, TUS } from "../helpers/tus.ts";

const MB = 1024 * 1024;
const QUOTA_MB = 3;
const SITE = "https://visa.example";
const idOf = (location: string) => location.split("/").pop() as string;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAX_STORAGE_MB: String(QUOTA_MB), PUBLIC_URL: SITE });
});
afterAll(() => t.drop());

/** The spool's files of these uploads (each has its data file and its JSON record). */
const spooled = (locations: string[]) =>
  filesUnder(t.config.uploadDir).filter((f) => f.startsWith(".tmp/tus/") && locations.some((l) => f.includes(idOf(l))));

/** A signed-in applicant with a draft, and the tus requests of theirs for it. */
async function applicant() {
  const client = await signedIn(t.app, await makeUser(t.db));
  const appId: string = (await client.post("/api/applications", completeDraft()).expect(201)).body.application.id;
  return {
    client,
    appId,
    create: (size: number) => createUpload(client, size, { applicationId: appId, kind: "document", document_type: "other", filename: "file.pdf" }),
    patch: (location: string, offset: number, bytes: Buffer) => patchUpload(client, location, offset, bytes),
    head: (location: string) => headUpload(client, location),
    cancel: (location: string) => client.agent.delete(location).set(TUS).set("X-CSRF-Token", client.token),
  };
}
type Applicant = Awaited<ReturnType<typeof applicant>>;

/** Opens `n` uploads of `size` bytes one after the other; their locations. */
async function open(a: Applicant, n: number, size = 100_000): Promise<string[]> {
  const locations: string[] = [];
  for (let i = 0; i < n; i++) locations.push((await a.create(size).expect(201)).headers.location);
  return locations;
}

describe("uploads in progress", () => {
  it("refuses a sixth open upload with 429 naming the limit, however many are tried at once; the spool keeps five", async () => {
    const a = await applicant();
    const answers = await Promise.all(Array.from({ length: 25 }, () => a.create(100_000)));
    const created = answers.filter((r) => r.status === 201).map((r) => r.headers.location as string);
    const refused = answers.filter((r) => r.status !== 201);
    expect(created).toHaveLength(MAX_OPEN_UPLOADS);
    expect(refused.map((r) => r.status)).toEqual(Array(25 - MAX_OPEN_UPLOADS).fill(429));
    expect(JSON.parse(refused[0].text)).toEqual({ error: { message: tooManyUploads } });
    expect(tooManyUploads).toContain(`${MAX_OPEN_UPLOADS} uploads`);
    // All but the last byte of each: they stay open, and still no sixth.
    for (const location of created) await a.patch(location, 0, pdfOf(100_000).subarray(0, 99_999)).expect(204);
    await a.create(100_000).expect(429);
    expect(spooled(created)).toHaveLength(2 * MAX_OPEN_UPLOADS);
    expect(filesUnder(resumableUploadsDir(t.config))).toHaveLength(2 * MAX_OPEN_UPLOADS);
    for (const location of created) await a.cancel(location).expect(204);
  });

  it("counts each applicant's own: another applicant may still open theirs", async () => {
    const a = await applicant();
    const b = await applicant();
    const mine = await open(a, MAX_OPEN_UPLOADS);
    await a.create(1000).expect(429);
    const theirs = (await b.create(1000).expect(201)).headers.location;
    for (const location of mine) await a.cancel(location).expect(204);
    await b.cancel(theirs).expect(204);
  });

  it("frees the place of a finished upload, and of a cancelled one", async () => {
    const a = await applicant();
    const [first, second, ...rest] = await open(a, MAX_OPEN_UPLOADS, 20_000);
    await a.create(20_000).expect(429);
    await a.patch(first, 0, pdfOf(20_000)).expect(201);
    const third = (await a.create(20_000).expect(201)).headers.location;
    await a.create(20_000).expect(429);
    await a.cancel(second).expect(204);
    const fourth = (await a.create(20_000).expect(201)).headers.location;
    await a.create(20_000).expect(429);
    for (const location of [...rest, third, fourth]) await a.cancel(location).expect(204);
    expect(filesUnder(resumableUploadsDir(t.config))).toEqual([]);
  });

  it("refuses with 413 an upload that would take the stored files and the open uploads past the quota, and stores nothing", async () => {
    const a = await applicant();
    await a.client.agent
      .post(`/api/applications/${a.appId}/documents`)
      .set("X-CSRF-Token", a.client.token)
      .field("document_type", "bank_statement")
      .attach("file", pdfOf(MB), "statement.pdf")
      .expect(201);
    const opened = (await a.create(MB).expect(201)).headers.location;
    const before = filesUnder(t.config.uploadDir);
    const res = await a.create(1.5 * MB).expect(413);
    expect(JSON.parse(res.text)).toEqual({ error: { message: storageFull(t.config.quotas) } });
    expect(storageFull(t.config.quotas)).toContain(`${QUOTA_MB} MB allowed`);
    expect(filesUnder(t.config.uploadDir)).toEqual(before);
    // What still fits is taken.
    const fits = (await a.create(Math.floor(0.9 * MB)).expect(201)).headers.location;
    for (const location of [opened, fits]) await a.cancel(location).expect(204);
  });

  it("deletes uploads past their hour, their bytes with them, and frees their places", async () => {
    const a = await applicant();
    const res = await a.create(100_000).expect(201);
    const expires = new Date(res.headers["upload-expires"]).getTime() - Date.now();
    expect(expires).toBeGreaterThan(58 * 60_000);
    expect(expires).toBeLessThanOrEqual(60 * 60_000);
    const uploads = [res.headers.location as string, ...(await open(a, MAX_OPEN_UPLOADS - 1))];
    for (const location of uploads) await a.patch(location, 0, pdfOf(100_000).subarray(0, 50_000)).expect(204);
    const [old1, old2, ...fresh] = uploads;
    for (const location of [old1, old2]) {
      const info = path.join(resumableUploadsDir(t.config), `${idOf(location)}.json`);
      const upload = JSON.parse(readFileSync(info, "utf8"));
      writeFileSync(info, JSON.stringify({ ...upload, creation_date: new Date(Date.now() - 61 * 60_000).toISOString() }));
    }
    expect(await cleanUnfinishedUploads(t.db, t.config)).toBe(2);
    expect(spooled([old1, old2])).toEqual([]);
    expect(spooled(fresh)).toHaveLength(2 * fresh.length);
    await a.head(old1).expect(404);
    await a.head(fresh[0]).expect(200);
    const more = await open(a, 2);
    await a.create(1000).expect(429);
    for (const location of [...fresh, ...more]) await a.cancel(location).expect(204);
  });

  it("lets the site's own address read the answers, and no other", async () => {
    const a = await applicant();
    const [location] = await open(a, 1);
    expect((await a.head(location).set("Origin", SITE).expect(200)).headers["access-control-allow-origin"]).toBe(SITE);
    expect((await a.head(location).set("Origin", "https://evil.example").expect(200)).headers["access-control-allow-origin"]).toBeUndefined();
    await a.cancel(location).expect(204);
  });
});
