// The passport photo checked against the destination's photo rules in the job queue: the upload answers at once and
// the job stores each failed rule in words, shown to the applicant (step 3's answer, the wizard and their
// application's page) and to staff on the case; a new photo replaces them; another applicant's is never shown; and
// warnings never stop the upload or submission.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkPhoto } from "../../server/actions/passport/checkPhoto.ts";
import { PHOTO_UNREADABLE } from "../../server/domain/photoRules.ts";
import type { JobWorker } from "../../server/jobs/worker.ts";
import { createLogger } from "../../server/middleware/logging.ts";
import { createStorage } from "../../server/storage/select.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import { startTestWorker } from "../helpers/mail.ts";
import { portrait } from "../helpers/portraits.ts";

const TOO_SMALL = "The photo is 480 × 600 pixels; the UK asks for at least 600 × 750.";

describe("checking the passport photo in the job queue", () => {
  let t: TestApp;
  let worker: JobWorker;
  let owner: Client;
  let other: Client;
  let staff: Client;
  let small: Buffer;
  let good: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    worker = await startTestWorker(t, { UPLOAD_DIR: t.config.uploadDir });
    owner = await signedIn(t.app, await makeUser(t.db));
    other = await signedIn(t.app, await makeUser(t.db));
    staff = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    small = await portrait({ width: 480, height: 600 });
    good = await portrait({ width: 700, height: 900 });
  }, 60_000);
  afterAll(async () => {
    await worker.stop();
    await t.drop();
  });

  const draft = async (c: Client) => (await c.post("/api/applications", completeDraft()).expect(201)).body.application.id as string;
  const upload = (c: Client, id: string, body: Buffer, name = "photo.jpg") =>
    c.agent.post(`/api/applications/${id}/passport/photo`).set("X-CSRF-Token", c.token).attach("file", body, name).expect(201);
  const answer = (c: Client, id: string) => c.getJson(`/api/applications/${id}/passport-read`);
  /** The check once the job has run for the application's current photo. */
  const checkOf = (id: string) =>
    vi.waitFor(
      async () => {
        const row = await t
          .db("photo_checks as c")
          .join("visa_applications as a", "a.id", "c.application_id")
          .where("c.application_id", id)
          .first("c.*", "a.photo_path as current");
        expect(row?.photo_path).toBe(row?.current);
        expect(row?.state).toMatch(/^(checked|unreadable)$/);
        return row;
      },
      { timeout: 30_000, interval: 100 },
    );

  it("stores each failed rule in words after the upload, and shows them to the applicant and to staff", async () => {
    const id = await draft(owner);
    await upload(owner, id, small);
    // The upload records the photo as waiting for its check (the job worker may already have run: it is quick), and
    // the job measures it afterwards, in a transaction of its own: later than the upload's.
    expect((await t.db("photo_checks").where({ application_id: id }).first())?.state).toMatch(/^(pending|checked)$/);
    const row = await checkOf(id);
    expect(row.state).toBe("checked");
    expect(new Date(row.checked_at).getTime()).toBeGreaterThan(new Date(row.created_at).getTime());
    expect(row.rules_of).toBe("the UK");
    expect(row.warnings).toEqual([expect.stringMatching(new RegExp(`^${TOO_SMALL}`))]);
    expect(row.measures).toMatchObject({ format: "jpeg", width: 480, height: 600 });

    const api = (await answer(owner, id).expect(200)).body;
    expect(api.photo).toEqual({ state: "checked", warnings: row.warnings, rulesOf: "the UK" });
    // Step 3 as rendered, the application's page and the case page: server-rendered text.
    expect((await owner.getJson(`/visa-application/${id}`).expect(200)).body.props.photoCheck.warnings).toEqual(row.warnings);
    for (const [c, url] of [
      [owner, `/visa-application/${id}?step=3`],
      [owner, `/application/${id}`],
      [staff, `/admin/application/${id}`],
    ] as const) {
      const html = (await c.get(url).expect(200)).text;
      expect(html, url).toContain(TOO_SMALL);
    }
    expect((await staff.getJson(`/admin/application/${id}`).expect(200)).body.props.photoCheck).toEqual(api.photo);
  });

  it("replaces the warnings on a new upload, and a job for the replaced photo records nothing", async () => {
    const id = await draft(owner);
    await upload(owner, id, small);
    const first = await checkOf(id);
    expect(first.warnings).toHaveLength(1);
    await upload(owner, id, good);
    const second = await checkOf(id);
    expect(second.photo_path).not.toBe(first.photo_path);
    expect(second.warnings).toEqual([]);
    expect((await answer(owner, id).expect(200)).body.photo).toEqual({ state: "checked", warnings: [], rulesOf: "the UK" });
    // The first photo's job, run late, leaves the second's check alone.
    const deps = { db: t.db, storage: createStorage(t.config), logger: createLogger("silent") };
    await checkPhoto(deps, { applicationId: id, photoPath: first.photo_path });
    const after = await t.db("photo_checks").where({ application_id: id }).first();
    expect([after.photo_path, after.warnings, after.measures.width]).toEqual([second.photo_path, [], 700]);
    // A new destination words the stored measures against its own rules.
    await owner.patch(`/api/applications/${id}`, { destination_country: "United States" }).expect(200);
    expect((await answer(owner, id).expect(200)).body.photo.warnings).toEqual([
      "The photo is 700 × 900 pixels; the US asks for a square photo (width and height equal). Crop it to that shape with your head in the middle.",
    ]);
  });

  it("answers 404 for another applicant's application, and a job never checks their photo into this one", async () => {
    const mine = await draft(owner);
    const theirs = await draft(other);
    await upload(other, theirs, small);
    const theirRow = await checkOf(theirs);
    for (const [c, app] of [
      [owner, theirs],
      [other, mine],
      [owner, "00000000-0000-4000-8000-000000000000"],
    ] as const) {
      const res = await answer(c, app).expect(404);
      expect(JSON.stringify(res.body)).not.toContain("pixels");
    }
    const deps = { db: t.db, storage: createStorage(t.config), logger: createLogger("silent") };
    await checkPhoto(deps, { applicationId: mine, photoPath: theirRow.photo_path });
    expect(await t.db("photo_checks").where({ application_id: mine }).first()).toBeUndefined();
    expect((await answer(owner, mine).expect(200)).body.photo).toEqual({ state: "none", warnings: [] });
    // Nor over this application's own photo's check.
    await upload(owner, mine, good);
    const own = await checkOf(mine);
    await checkPhoto(deps, { applicationId: mine, photoPath: theirRow.photo_path });
    const after = await t.db("photo_checks").where({ application_id: mine }).first();
    expect([after.photo_path, after.warnings, after.measures.width]).toEqual([own.photo_path, [], 700]);
  });

  it("says when the photo cannot be opened, and warnings never stop submission", async () => {
    const id = await draft(owner);
    await attachPassportFiles(owner, id);
    // A JPEG cut short: its name and first bytes pass the upload's type check, but it is no picture.
    await upload(owner, id, good.subarray(0, 600), "cut.jpg");
    const row = await checkOf(id);
    expect(row.state).toBe("unreadable");
    expect((await answer(owner, id).expect(200)).body.photo).toEqual({ state: "unreadable", warnings: [PHOTO_UNREADABLE] });
    await upload(owner, id, small);
    expect((await checkOf(id)).warnings).toHaveLength(1);
    await owner.post(`/api/applications/${id}/submit`).expect(200);
    expect((await t.db("visa_applications").where({ id }).first()).status).toBe("submitted");
  });
});
