// Undo of a status change within 30 seconds: the applicant's e-mail waits for the window's end as a delayed job, an
// undo restores the status and its wait and withdraws the e-mail (nothing reaches the SMTP server), and after the
// window the undo is refused and the e-mail leaves exactly once. The clock is the test's where the application reads
// it (only Date is faked); the database's jobs are moved to "now" to run them past the window.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ALREADY_UNDONE, UNDO_MOVED_ON, UNDO_NOT_YOURS, UNDO_TOO_LATE, WITHDRAWN } from "../../server/domain/status.ts";
import { insertApp } from "../helpers/admin.ts";
import type { Client } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { createMailTestApp, type MailTestApp } from "../helpers/mail.ts";

let t: MailTestApp;
let manager: Client;
let amakaUser: TestUser;
let amaka: Client;
let bayo: Client;

beforeAll(async () => {
  t = await createMailTestApp();
  manager = await signedIn(t.app, await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" }));
  amakaUser = await makeUser(t.db, { officer: true, fullName: "Amaka Obi" });
  amaka = await signedIn(t.app, amakaUser);
  bayo = await signedIn(t.app, await makeUser(t.db, { officer: true, fullName: "Bayo Lawal" }));
});
afterEach(() => vi.useRealTimers());
afterAll(() => t.close());

const WAITED_SINCE = new Date("2026-01-05T09:00:00Z");

/** A submitted case of Amaka's, from an applicant of its own (so its e-mails are told apart by address). */
async function amakasCase() {
  const applicant = await makeUser(t.db, { fullName: "Adaeze Nwosu" });
  const app = await insertApp(t.db, applicant.id, {
    status: "submitted",
    submitted_at: WAITED_SINCE,
    status_since: WAITED_SINCE,
    assignee_id: amakaUser.id,
    full_name: "Adaeze Nwosu",
  });
  return { ...app, email: applicant.email, applicant };
}

type Undo = { changeId: string; until: string; msLeft: number };

async function approve(client: Client, id: string): Promise<Undo> {
  const res = await client.patch(`/api/admin/applications/${id}/status`, { status: "approved", shownStatus: "submitted" }).expect(200);
  return res.body.undo as Undo;
}

const undo = (client: Client, id: string, changeId: string) => client.post(`/api/admin/applications/${id}/status/undo`, { changeId });

const caseRow = (id: string) => t.db("visa_applications").where({ id }).first("status", "status_since");
const statusMessage = (id: string) => t.db("email_messages").where({ application_id: id, kind: "status_changed" }).first();
const historyRows = (id: string) => t.db("application_status_history").where({ application_id: id }).orderBy("created_at").select("status", "undoes");
const auditActions = async (id: string) =>
  (await t.db("audit_events").where({ subject_id: id }).orderBy("id").select("action")).map((r) => r.action as string);
const mailsTo = (email: string) => t.smtp.received.filter((m) => m.to.includes(email));

/** Runs every waiting job now, as if the clock were past every window; resolves once the marker case's e-mail arrived. */
async function runJobsPastTheWindow() {
  const marker = await amakasCase();
  await approve(amaka, marker.id);
  await t.db("graphile_worker._private_jobs").update({ run_at: t.db.fn.now() });
  await t.smtp.waitFor((m) => m.to.includes(marker.email));
  const sendJobs = () => t.db.raw("SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'send_email'");
  await expect.poll(async () => (await sendJobs()).rows[0].n, { timeout: 15_000 }).toBe(0);
}

describe("a status change's e-mail", () => {
  it("waits 30 seconds, as a delayed job, and the answer says when the window ends", async () => {
    const app = await amakasCase();
    const before = Date.now();
    const { changeId, until, msLeft } = await approve(amaka, app.id);
    expect(changeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(until) - before).toBeGreaterThanOrEqual(30_000);
    expect(msLeft).toBeGreaterThan(25_000);
    expect(msLeft).toBeLessThanOrEqual(30_000);
    const message = await statusMessage(app.id);
    const job = await t
      .db("graphile_worker._private_jobs")
      .where({ key: `email:${message.id}` })
      .first("run_at");
    expect(new Date(job.run_at).toISOString()).toBe(until);
    expect(message.status).toBe("queued");
  });
});

describe("Undo within the window", () => {
  it("restores the status and its wait, withdraws the e-mail (none reaches the SMTP server), and records both in the history and the trail", async () => {
    const app = await amakasCase();
    const { changeId } = await approve(amaka, app.id);
    expect((await caseRow(app.id)).status).toBe("approved");

    const res = await undo(amaka, app.id, changeId).expect(200);
    expect(res.body.application).toMatchObject({ status: "submitted", statusLabel: "Submitted" });
    expect(await caseRow(app.id)).toEqual({ status: "submitted", status_since: WAITED_SINCE });
    expect(await statusMessage(app.id)).toMatchObject({ status: "not_sent", error: WITHDRAWN });
    expect(await historyRows(app.id)).toEqual([
      { status: "approved", undoes: null },
      { status: "submitted", undoes: expect.any(String) },
    ]);
    expect(await auditActions(app.id)).toEqual(["status_changed", "status_change_undone"]);

    // Staff read "approved, undone by Amaka" on the review page; the applicant's timeline shows neither row.
    const review = (await amaka.getJson(`/admin/application/${app.id}`).expect(200)).body.props;
    expect(review.history[0]).toMatchObject({ status: "submitted", undid: "approved, undone by Amaka", changedBy: "Amaka Obi" });
    expect(review.history[1]).toMatchObject({ status: "approved" });
    const own = await signedIn(t.app, app.applicant);
    expect((await own.getJson(`/application/${app.id}`).expect(200)).body.props.history).toEqual([]);

    await runJobsPastTheWindow();
    expect(mailsTo(app.email)).toEqual([]);
  });

  it("takes one undo of a double click: the second is refused and nothing is written twice", async () => {
    const app = await amakasCase();
    const { changeId } = await approve(amaka, app.id);
    const answers = await Promise.all([undo(amaka, app.id, changeId), undo(amaka, app.id, changeId)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)?.body.error.message).toBe(ALREADY_UNDONE);
    expect((await historyRows(app.id)).length).toBe(2);
    expect(await auditActions(app.id)).toEqual(["status_changed", "status_change_undone"]);
  });

  it("is a manager's to make on an officer's change, but not an officer's on a manager's", async () => {
    const app = await amakasCase();
    const byManager = await approve(manager, app.id);
    const refused = await undo(amaka, app.id, byManager.changeId).expect(403);
    expect(refused.body.error.message).toBe(UNDO_NOT_YOURS);
    expect((await caseRow(app.id)).status).toBe("approved");
    expect((await statusMessage(app.id)).status).toBe("queued");

    const other = await amakasCase();
    const byAmaka = await approve(amaka, other.id);
    await undo(manager, other.id, byAmaka.changeId).expect(200);
    expect((await caseRow(other.id)).status).toBe("submitted");
  });

  it("answers 404 on another officer's case, and changes nothing", async () => {
    const app = await amakasCase();
    const { changeId } = await approve(amaka, app.id);
    const res = await undo(bayo, app.id, changeId).expect(404);
    expect(res.body.error.message).toBe("Application not found");
    expect((await caseRow(app.id)).status).toBe("approved");
    expect((await statusMessage(app.id)).status).toBe("queued");
    expect((await historyRows(app.id)).length).toBe(1);
  });

  it("refuses bad input, another application's change, and a change the status has moved on from", async () => {
    const app = await amakasCase();
    const { changeId } = await approve(amaka, app.id);
    const bad = await undo(amaka, app.id, "not-an-id").expect(400);
    expect(bad.body.error.fields.changeId).toBe("Say which status change to undo");
    const other = await amakasCase();
    await undo(amaka, other.id, changeId).expect(404);
    await amaka.patch(`/api/admin/applications/${app.id}/status`, { status: "under_review", shownStatus: "approved", note: "Reopen" }).expect(200);
    const moved = await undo(amaka, app.id, changeId).expect(409);
    expect(moved.body.error.message).toBe(UNDO_MOVED_ON);
    expect((await caseRow(app.id)).status).toBe("under_review");
  });
});

describe("after the window", () => {
  it("refuses the undo with a clear sentence, changes nothing, and the e-mail is sent exactly once", async () => {
    const app = await amakasCase();
    const { changeId, until } = await approve(amaka, app.id);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse(until) + 1_000 });
    const res = await undo(amaka, app.id, changeId).expect(409);
    expect(res.body.error.message).toBe(UNDO_TOO_LATE);
    vi.useRealTimers();
    expect((await caseRow(app.id)).status).toBe("approved");
    expect((await historyRows(app.id)).length).toBe(1);
    expect(await auditActions(app.id)).toEqual(["status_changed"]);

    await runJobsPastTheWindow();
    const [mail] = await t.smtp.waitFor((m) => m.to.includes(app.email));
    expect(mail.subject).toContain(app.reference_number);
    expect((await statusMessage(app.id)).status).toBe("sent");
    // A second run of every job (and a later undo) sends nothing more.
    await runJobsPastTheWindow();
    await undo(amaka, app.id, changeId).expect(409);
    expect(mailsTo(app.email)).toHaveLength(1);
  });
});
