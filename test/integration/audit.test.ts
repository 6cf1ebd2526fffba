// The audit trail: a row for each audited action, with the actor, the subject, the server's request id and the
// address; the table refuses changes; staff read it on /admin/activity with filters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCast, insertApp } from "../helpers/admin.ts";
import { type Client, fromAddress, newClient, type TestApp } from "../helpers/app.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { PDF } from "../helpers/files.ts";
import { signedAgreement } from "../helpers/signatures.ts";

let t: TestApp;
let admin: TestUser;
let applicant: TestUser;
let adm: Client;
let app: Client;
beforeAll(async () => {
  ({ t, admin, applicant, adm, app } = await adminCast());
});
afterAll(() => t.drop());

/** The newest audit row of `action` (after the request that wrote it has been answered). */
const latest = (action: string) => t.db("audit_events").where({ action }).orderBy("id", "desc").first();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("audit rows", () => {
  it("sign-in success and failure, with the address and a request id the server made", async () => {
    const user = await makeUser(t.db);
    const c = await newClient(t.app);
    const wrong = await fromAddress("203.0.113.40")(c.post("/signin", { email: user.email, password: "wrong-password" }))
      .set("X-Request-Id", "forged-by-client")
      .expect(401);
    const failed = await latest("sign_in_failed");
    expect(failed).toMatchObject({ actor_id: null, subject_type: "account", subject_id: user.id, ip: "203.0.113.40" });
    expect(failed.request_id).toMatch(UUID);
    expect(wrong.headers["x-request-id"]).toBe(failed.request_id);

    await fromAddress("203.0.113.41")(c.post("/signin", { email: user.email, password: user.password })).expect(200);
    expect(await latest("sign_in")).toMatchObject({ actor_id: user.id, subject_id: user.id, ip: "203.0.113.41" });

    // An unknown address names no account.
    await c.post("/signin", { email: "nobody-here@example.com", password: "wrong-password" }).expect(401);
    expect(await latest("sign_in_failed")).toMatchObject({ actor_id: null, subject_id: null });
  });

  it("a throttle once per window, not once per refused try", async () => {
    const user = await makeUser(t.db);
    const c = await newClient(t.app);
    const before = (await t.db("audit_events").where({ action: "throttled" })).length;
    for (let i = 0; i < 10; i++) await fromAddress("198.51.100.77")(c.post("/signin", { email: user.email, password: "wrong-password" })).expect(401);
    for (let i = 0; i < 3; i++) await fromAddress("198.51.100.77")(c.post("/signin", { email: user.email, password: "wrong-password" })).expect(429);
    const rows = await t.db("audit_events").where({ action: "throttled" });
    expect(rows.length - before).toBe(1);
    expect(rows.at(-1)).toMatchObject({ ip: "198.51.100.77", details: { limit: "signin-account" } });
  });

  it("status changes, notes, CSV exports with their filter and staff downloads name the admin and the application", async () => {
    const { id } = await insertApp(t.db, applicant.id, { status: "submitted", submitted_at: new Date() });
    await adm.patch(`/api/admin/applications/${id}/status`, { status: "under_review", shownStatus: "submitted" }).expect(200);
    expect(await latest("status_changed")).toMatchObject({
      actor_id: admin.id,
      subject_type: "application",
      subject_id: id,
      details: { to: "under_review", withNote: false },
    });
    await adm.post(`/api/admin/applications/${id}/notes`, { note: "Called the applicant." }).expect(201);
    expect(await latest("note_added")).toMatchObject({ actor_id: admin.id, subject_id: id });
    // The note's words stay in the notes table only.
    expect(JSON.stringify(await latest("note_added"))).not.toContain("Called the applicant");

    await adm.get("/admin/export.csv?status=under_review&q=okafor").expect(200);
    expect(await latest("csv_exported")).toMatchObject({ actor_id: admin.id, details: { filter: { status: "under_review", q: "okafor" } } });
  });

  it("a staff download of a document is recorded; the owner's own download is not", async () => {
    const { id } = await insertApp(t.db, applicant.id, { status: "draft" });
    const upload = await app.agent
      .post(`/api/applications/${id}/documents`)
      .set("X-CSRF-Token", app.token)
      .field("document_type", "other")
      .attach("file", PDF, "statement.pdf");
    expect(upload.status, upload.text).toBe(201);
    const docId = upload.body.document.id;
    const before = (await t.db("audit_events").where({ action: "document_downloaded" })).length;
    await app.get(`/files/documents/${docId}`).expect(200);
    expect((await t.db("audit_events").where({ action: "document_downloaded" })).length).toBe(before);
    await adm.get(`/files/documents/${docId}`).expect(200);
    expect(await latest("document_downloaded")).toMatchObject({ actor_id: admin.id, subject_type: "document", subject_id: docId });
  });

  it("a new account", async () => {
    const c = await newClient(t.app);
    await c.post("/signup", { fullName: "Amaka Obi", email: "amaka.audit@example.com", password: "Harmattan-mango-42" }).expect(200);
    const user = await t.db("users").where({ email: "amaka.audit@example.com" }).first();
    expect(await latest("sign_up")).toMatchObject({ actor_id: user.id, subject_id: user.id });
  });
});

/** How many rows of `action` the trail holds. */
const count = async (action: string) => (await t.db("audit_events").where({ action })).length;

describe("staff actions", () => {
  it("return for changes and reopen name the admin and the move, with whether a note was given but not its words", async () => {
    const { id } = await insertApp(t.db, applicant.id, { status: "submitted", submitted_at: new Date() });
    await adm
      .patch(`/api/admin/applications/${id}/status`, { status: "draft", shownStatus: "submitted", note: "Please rescan the passport page." })
      .expect(200);
    const returned = await latest("status_changed");
    expect(returned).toMatchObject({ actor_id: admin.id, subject_type: "application", subject_id: id, details: { to: "draft", withNote: true } });
    expect(returned.request_id).toMatch(UUID);
    expect(JSON.stringify(returned)).not.toContain("rescan");

    const decided = await insertApp(t.db, applicant.id, { status: "approved", submitted_at: new Date() });
    await adm
      .patch(`/api/admin/applications/${decided.id}/status`, { status: "under_review", shownStatus: "approved", note: "Embassy asked again." })
      .expect(200);
    expect(await latest("status_changed")).toMatchObject({
      actor_id: admin.id,
      subject_id: decided.id,
      details: { to: "under_review", withNote: true },
    });

    // A move the lifecycle refuses, or one without its required note, changes nothing and records nothing.
    const before = await count("status_changed");
    await adm.patch(`/api/admin/applications/${decided.id}/status`, { status: "submitted", shownStatus: "under_review" }).expect(409);
    await adm.patch(`/api/admin/applications/${decided.id}/status`, { status: "approved", shownStatus: "under_review" }).expect(200);
    await adm.patch(`/api/admin/applications/${decided.id}/status`, { status: "under_review", shownStatus: "approved" }).expect(400);
    expect(await count("status_changed")).toBe(before + 1);
  });

  it("each view of an application's full details page, HTML or JSON; an unknown one records nothing", async () => {
    const { id } = await insertApp(t.db, applicant.id, { status: "submitted", submitted_at: new Date() });
    const before = await count("application_viewed");
    await adm.get(`/admin/application/${id}/full`).expect(200);
    const viewed = await latest("application_viewed");
    expect(viewed).toMatchObject({ actor_id: admin.id, subject_type: "application", subject_id: id });
    expect(viewed.request_id).toMatch(UUID);
    await adm.getJson(`/admin/application/${id}/full`).expect(200);
    expect(await count("application_viewed")).toBe(before + 2);

    await adm.get("/admin/application/00000000-0000-4000-8000-000000000000/full").expect(303);
    await app.get(`/admin/application/${id}/full`).expect(303);
    expect(await count("application_viewed")).toBe(before + 2);
  });

  it("enquiry replies (not their words) and enquiry status changes; refused input records nothing", async () => {
    const [enquiry] = await t
      .db("enquiries")
      .insert({ name: "Bola Ade", email: "bola.ade@example.com", phone: "+2348030000000", message: "Do you handle Schengen visas?" })
      .returning("id");
    await adm.post(`/api/admin/enquiries/${enquiry.id}/replies`, { body: "" }).expect(400);
    expect(await count("enquiry_replied")).toBe(0);
    await adm.post(`/api/admin/enquiries/${enquiry.id}/replies`, { body: "Yes: come in on Monday at ten." }).expect(201);
    const replied = await latest("enquiry_replied");
    expect(replied).toMatchObject({ actor_id: admin.id, subject_type: "enquiry", subject_id: enquiry.id });
    expect(replied.request_id).toMatch(UUID);
    expect(JSON.stringify(replied)).not.toContain("Monday");

    await adm.patch(`/api/admin/enquiries/${enquiry.id}/status`, { status: "deleted", shownStatus: "replied" }).expect(400);
    expect(await count("enquiry_status_changed")).toBe(0);
    await adm.patch(`/api/admin/enquiries/${enquiry.id}/status`, { status: "closed", shownStatus: "replied" }).expect(200);
    expect(await latest("enquiry_status_changed")).toMatchObject({
      actor_id: admin.id,
      subject_type: "enquiry",
      subject_id: enquiry.id,
      details: { to: "closed" },
    });
    // On Activity the enquiry links to its page.
    const listed = await adm.getJson("/admin/activity?action=enquiry_status_changed").expect(200);
    expect(listed.body.props.entries[0]).toMatchObject({ action: "Enquiry status changed", subject: { href: `/admin/enquiries/${enquiry.id}` } });
  });

  it("outbox Retry of a failed message; a message that is not failed answers 404 and records nothing", async () => {
    const [message] = await t
      .db("email_messages")
      .insert({ kind: "enquiry_reply", to_address: "bola.ade@example.com", subject: "Your enquiry", status: "failed", attempts: 5, error: "refused" })
      .returning("id");
    await adm.post(`/api/admin/messages/${message.id}/retry`).expect(200);
    const retried = await latest("message_retried");
    expect(retried).toMatchObject({ actor_id: admin.id, subject_type: "message", subject_id: message.id });
    expect(retried.request_id).toMatch(UUID);
    await adm.post(`/api/admin/messages/${message.id}/retry`).expect(404);
    expect(await count("message_retried")).toBe(1);
  });

  it("a reply, an enquiry status change or a Retry whose audit entry cannot be written changes nothing", async () => {
    const [enquiry] = await t
      .db("enquiries")
      .insert({ name: "Tunde Bello", email: "tunde.bello@example.com", phone: "+2348030000001", message: "Student visa for Canada?" })
      .returning("id");
    const [message] = await t
      .db("email_messages")
      .insert({
        kind: "enquiry_reply",
        to_address: "tunde.bello@example.com",
        subject: "Your enquiry",
        status: "failed",
        attempts: 5,
        error: "refused",
      })
      .returning("id");
    // The audit table refuses these three entries for the length of this test: the change must roll back with them.
    await t.db.raw(`CREATE FUNCTION refuse_test_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused by the test'; END $$`);
    await t.db.raw(`CREATE TRIGGER refuse_test_audit BEFORE INSERT ON audit_events FOR EACH ROW
      WHEN (NEW.action IN ('enquiry_replied', 'enquiry_status_changed', 'message_retried')) EXECUTE FUNCTION refuse_test_audit()`);
    try {
      await adm.post(`/api/admin/enquiries/${enquiry.id}/replies`, { body: "Yes, we do." }).expect(500);
      const { status: shownStatus } = await t.db("enquiries").where({ id: enquiry.id }).first("status");
      await adm.patch(`/api/admin/enquiries/${enquiry.id}/status`, { status: "closed", shownStatus }).expect(500);
      await adm.post(`/api/admin/messages/${message.id}/retry`).expect(500);
    } finally {
      await t.db.raw("DROP TRIGGER refuse_test_audit ON audit_events");
      await t.db.raw("DROP FUNCTION refuse_test_audit()");
    }
    expect(await t.db("enquiries").where({ id: enquiry.id }).first()).toMatchObject({ status: "new" });
    expect(await t.db("enquiry_replies").where({ enquiry_id: enquiry.id })).toHaveLength(0);
    expect(await t.db("email_messages").where({ enquiry_id: enquiry.id })).toHaveLength(0);
    expect(await t.db("email_messages").where({ id: message.id }).first()).toMatchObject({ status: "failed", attempts: 5, error: "refused" });
    const jobs = await t.db.raw("SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = ?", [`email:${message.id}`]);
    expect(jobs.rows[0].n).toBe(0);
  });

  it("a payment, by the applicant, with amount and reference; a refused one records nothing", async () => {
    const { id } = await insertApp(t.db, applicant.id, { status: "submitted", submitted_at: new Date(), visa_type: "work" });
    await signedAgreement(t.db, id);
    const card = { cardholderName: "Chidi Okafor", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" };
    await app.post(`/api/applications/${id}/payment`, { ...card, cvv: "12" }).expect(400);
    expect(await count("payment_recorded")).toBe(0);
    const paid = await app.post(`/api/applications/${id}/payment`, card).expect(200);
    const row = await latest("payment_recorded");
    expect(row).toMatchObject({
      actor_id: applicant.id,
      subject_type: "application",
      subject_id: id,
      details: { provider: "demo", amount: 250 * 155000, currency: "NGN", reference: paid.body.paymentReference },
    });
    expect(row.request_id).toMatch(UUID);
    expect(JSON.stringify(row)).not.toContain("4111");
    await app.post(`/api/applications/${id}/payment`, card).expect(409);
    expect(await count("payment_recorded")).toBe(1);
  });
});

describe("the trail cannot be changed", () => {
  it("refuses UPDATE, DELETE and TRUNCATE", async () => {
    const row = await t.db("audit_events").first();
    await expect(t.db("audit_events").where({ id: row.id }).update({ action: "sign_in" })).rejects.toThrow(/append-only/);
    await expect(t.db("audit_events").where({ id: row.id }).del()).rejects.toThrow(/append-only/);
    await expect(t.db.raw("TRUNCATE audit_events")).rejects.toThrow(/append-only/);
    expect(await t.db("audit_events").where({ id: row.id }).first()).toEqual(row);
  });
});

describe("/admin/activity", () => {
  it("lists events newest first, filtered by person, action and day", async () => {
    const all = await adm.getJson("/admin/activity").expect(200);
    expect(all.body.page).toBe("admin/Activity");
    const entries = all.body.props.entries as { at: string; action: string; actor: { email: string } | null }[];
    expect(entries.length).toBeGreaterThan(3);
    expect(entries.map((e) => e.at)).toEqual([...entries.map((e) => e.at)].sort().reverse());

    const byAdmin = await adm.getJson(`/admin/activity?person=${encodeURIComponent(admin.email)}&action=status_changed`).expect(200);
    expect(byAdmin.body.props.entries.length).toBeGreaterThan(0);
    for (const e of byAdmin.body.props.entries) expect(e).toMatchObject({ action: "Status changed", actor: { email: admin.email } });
    expect(byAdmin.body.props.entries[0].subject).toMatchObject({ type: "application", href: expect.stringMatching(/^\/admin\/application\//) });

    const future = await adm.getJson("/admin/activity?from=2999-01-01").expect(200);
    expect(future.body.props.entries).toEqual([]);
    // Values that do not parse fall back to "any" rather than failing the page.
    const junk = await adm.getJson("/admin/activity?action=drop_table&from=yesterday").expect(200);
    expect(junk.body.props.query).toMatchObject({ action: "", from: "" });
  });

  it("pages by 50", async () => {
    const user = await makeUser(t.db);
    await t.db("audit_events").insert(Array.from({ length: 60 }, () => ({ action: "sign_in", actor_id: user.id })));
    const first = await adm.getJson(`/admin/activity?person=${encodeURIComponent(user.email)}`).expect(200);
    expect(first.body.props).toMatchObject({ older: expect.stringContaining("before="), newer: null });
    expect(first.body.props.entries).toHaveLength(50);
    const second = await adm.getJson(first.body.props.older).expect(200);
    expect(second.body.props).toMatchObject({ older: null, newer: expect.stringContaining("after=") });
    expect(second.body.props.entries).toHaveLength(10);
  });

  it("is for staff only", async () => {
    const applicantTry = await app.get("/admin/activity").expect(303);
    expect(applicantTry.headers.location).toBe("/dashboard");
    const anonymous = await newClient(t.app);
    const anonymousTry = await anonymous.get("/admin/activity").expect(303);
    expect(anonymousTry.headers.location).toBe("/auth?next=%2Fadmin%2Factivity");
  });
});
