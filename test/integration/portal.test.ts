// Applicant portal: drafts, whitelisting, ownership, submit rules, checklists and the pages that show them.
import pg from "pg";
import type request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_CHECKLISTS } from "../../server/domain/quotas.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { daysAfter } from "../helpers/dates.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn, type TestUser, TRIP } from "../helpers/factories.ts";
import { query } from "../helpers/sql.ts";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let a: Client;
let b: Client;
beforeAll(async () => {
  t = await createTestApp();
  alice = await makeUser(t.db, { fullName: "Alice Okon" });
  bob = await makeUser(t.db, { fullName: "Bob Eze" });
  a = await signedIn(t.app, alice);
  b = await signedIn(t.app, bob);
});
afterAll(() => t.drop());

describe("drafts", () => {
  it("creates a draft with a reference number, ignoring status, owner, reference and payment fields", async () => {
    const res = await a
      .post("/api/applications", {
        visa_type: "work",
        full_name: "Alice Okon",
        current_step: 2,
        status: "approved",
        user_id: bob.id,
        reference_number: "HACKED",
        payment_status: "paid",
        amount_paid: 1,
        visa_specific_data: { employer_name: "Acme", job_title: "Engineer", accommodation: "not a work field" },
      })
      .expect(201);
    const app = res.body.application;
    expect(app.reference_number).toMatch(/^VA-\d{4}-[A-Z2-9]{6}$/);
    const row = await t.db("visa_applications").where({ id: app.id }).first();
    expect(row).toMatchObject({ status: "draft", user_id: alice.id, payment_status: "pending", amount_paid: null, current_step: 2 });
    expect(row.reference_number).not.toBe("HACKED");
    expect(row.visa_specific_data).toEqual({ employer_name: "Acme", job_title: "Engineer" });
  });

  it("updates a draft and keeps only the new type's specific keys when the type changes", async () => {
    const created = await a.post("/api/applications", { visa_type: "study", visa_specific_data: { institution_name: "UCL" } }).expect(201);
    const id = created.body.application.id;
    const res = await a
      .patch(`/api/applications/${id}`, {
        visa_type: "tourist",
        visa_specific_data: { institution_name: "UCL", accommodation: "Hotel" },
        current_step: 6,
      })
      .expect(200);
    expect(res.body.application.visa_specific_data).toEqual({ accommodation: "Hotel" });
    expect(res.body.application.current_step).toBe(6);
  });

  it("validates types, enums, dates and lengths with field errors and changes nothing", async () => {
    const created = await a.post("/api/applications", { full_name: "Before" }).expect(201);
    const id = created.body.application.id;
    const res = await a
      .patch(`/api/applications/${id}`, {
        full_name: "x".repeat(500),
        gender: "robot",
        date_of_birth: "2023-02-30",
        visa_type: "space",
        current_step: 12,
        criminal_history: "yes",
      })
      .expect(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual([
      "criminal_history",
      "current_step",
      "date_of_birth",
      "full_name",
      "gender",
      "visa_type",
    ]);
    expect(res.body.error.fields.visa_type).toBe("Please select a visa type to continue");
    expect((await t.db("visa_applications").where({ id }).first()).full_name).toBe("Before");
  });

  it("answers 404 for another user's application, everywhere", async () => {
    const created = await a.post("/api/applications", completeDraft()).expect(201);
    const id = created.body.application.id;
    await b.patch(`/api/applications/${id}`, { full_name: "Stolen" }).expect(404);
    await b.post(`/api/applications/${id}/submit`).expect(404);
    for (const page of [`/application/${id}`, `/visa-application/${id}/review`]) {
      const res = await b.get(page).expect(303);
      expect(res.headers.location).toBe("/dashboard");
    }
    const wizard = await b.get(`/visa-application/${id}`).expect(404);
    expect(wizard.text).toContain("Failed to load application");
    expect(wizard.text).not.toContain("Adaeze");
    const dash = await b.get("/dashboard").expect(200);
    expect(dash.text).not.toContain(created.body.application.reference_number);
    expect((await t.db("visa_applications").where({ id }).first()).full_name).toBe("Adaeze Nwosu");
    await a.patch("/api/applications/not-a-uuid", { full_name: "x" }).expect(404);
  });
});

describe("submit", () => {
  it("refuses an incomplete draft, naming what is missing", async () => {
    const created = await a
      .post("/api/applications", completeDraft({ full_name: "", criminal_history: true, visa_specific_data: { accommodation: "Hotel" } }))
      .expect(201);
    const res = await a.post(`/api/applications/${created.body.application.id}/submit`).expect(400);
    expect(res.body.error.message).toMatch(/Full name.*Proof of funds.*Criminal history details/);
    expect(res.body.error.fields).toHaveProperty("full_name");
    expect(res.body.error.fields).toHaveProperty(["visa_specific_data.proof_of_funds"]);
    expect((await t.db("visa_applications").where({ id: created.body.application.id }).first()).status).toBe("draft");
  });

  it("refuses a passport that expires before departure", async () => {
    const created = await a.post("/api/applications", completeDraft({ passport_expiry_date: daysAfter(TRIP.arrival, 9) })).expect(201);
    await attachPassportFiles(a, created.body.application.id);
    const res = await a.post(`/api/applications/${created.body.application.id}/submit`).expect(400);
    expect(res.body.error.message).toMatch(/expires before the end of your trip/);
  });

  it("submits a complete draft: status, submitted_at and a history row together; then it is read-only", async () => {
    const created = await a.post("/api/applications", completeDraft()).expect(201);
    const id = created.body.application.id;
    const noFiles = await a.post(`/api/applications/${id}/submit`).expect(400);
    expect(noFiles.body.error.message).toMatch(/Passport scan, Passport photo/);
    await attachPassportFiles(a, id);
    await a.post(`/api/applications/${id}/submit`).expect(200);
    const row = await t.db("visa_applications").where({ id }).first();
    expect(row.status).toBe("submitted");
    expect(row.submitted_at).toBeInstanceOf(Date);
    const history = await t.db("application_status_history").where({ application_id: id });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: "submitted", changed_by: alice.id });
    const edit = await a.patch(`/api/applications/${id}`, { full_name: "Changed" }).expect(409);
    expect(edit.body.error.message).toMatch(/can no longer be edited/);
    await a.post(`/api/applications/${id}/submit`).expect(409);
    const details = await a.getJson(`/application/${id}`).expect(200);
    expect(details.body.props.application.statusLabel).toBe("Submitted");
    expect(details.body.props.showPayNow).toBe(true);
    expect(details.body.props.history[0]).toMatchObject({ status: "submitted", changedBy: "Alice Okon" });
  });
});

describe("pages", () => {
  it("lists only the user's applications, newest first", async () => {
    const res = await a.getJson("/dashboard").expect(200);
    const apps = res.body.props.applications;
    expect(apps.length).toBeGreaterThan(3);
    const times = apps.map((x: { createdAt: string }) => Date.parse(x.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const bobs = await b.getJson("/dashboard").expect(200);
    expect(bobs.body.props.applications).toEqual([]);
    const html = await b.get("/dashboard").expect(200);
    expect(html.text).toContain("No applications yet");
    expect(html.text).toContain("Start your first visa application");
  });

  it("warns on the review about a passport expiring within 6 months of the trip", async () => {
    const created = await a
      .post("/api/applications", completeDraft({ destination_country: "Canada", passport_expiry_date: daysAfter(TRIP.departure, 60) }))
      .expect(201);
    await attachPassportFiles(a, created.body.application.id);
    const res = await a.getJson(`/visa-application/${created.body.application.id}/review`).expect(200);
    expect(res.body.props.passport.warnings[0]).toMatch(/less than 6 months/);
    expect(res.body.props.canSubmit).toBe(true);
    const schengen = await a
      .post("/api/applications", completeDraft({ destination_country: "Germany", passport_expiry_date: daysAfter(TRIP.departure, 120) }))
      .expect(201);
    const review = await a.getJson(`/visa-application/${schengen.body.application.id}/review`).expect(200);
    expect(review.body.props.passport.warnings).toEqual([]);
  });
});

describe("checklists", () => {
  it("creates in progress, completes when every step has a value, and is private", async () => {
    const created = await a.post("/api/checklists", { title: "", values: { "1": "Alice Okon", "2": "alice@example.com" } }).expect(201);
    const cl = created.body.checklist;
    expect(cl).toMatchObject({ title: "New Application", description: "Travel application checklist", status: "in_progress" });
    expect(cl.items.map((i: { is_completed: boolean }) => i.is_completed)).toEqual([true, true, false, false, false]);
    const done = await a
      .put(`/api/checklists/${cl.id}`, { values: { "1": "Alice", "2": "a@example.com", "3": "+234", "4": "Canada", "5": "None" } })
      .expect(200);
    expect(done.body.checklist.status).toBe("completed");
    await b.put(`/api/checklists/${cl.id}`, { values: { "1": "x" } }).expect(404);
    const page = await b.get(`/checklist/${cl.id}`).expect(404);
    expect(page.text).toContain("Failed to load checklist");
    await a.post("/api/checklists", { values: { "9": "x" } }).expect(400);
  });

  it("keeps at most MAX_CHECKLISTS per applicant, also when creations arrive together; past it a 409 creates nothing", async () => {
    const user = await makeUser(t.db);
    const client = await signedIn(t.app, user);
    const count = async () => Number((await t.db("checklists").where({ user_id: user.id }).count({ n: "*" }))[0].n);
    for (let i = 0; i < MAX_CHECKLISTS - 2; i++) await client.post("/api/checklists", { title: `Trip ${i}`, values: {} }).expect(201);
    // Hold the applicant's row, which every new checklist's foreign key waits for, until the whole burst waits: the
    // four creations are then at the same point together, and only their locking decides how many pass. (Its own
    // connections: the app's pool holds five, and each waiting creation keeps one.)
    const hold = new pg.Client({ connectionString: t.url });
    await hold.connect();
    let answers: Promise<request.Response[]>;
    try {
      await hold.query("BEGIN");
      await hold.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [user.id]);
      answers = Promise.all(Array.from({ length: 4 }, (_, i) => client.post("/api/checklists", { title: `Burst ${i}`, values: { "1": "x" } })));
      const waiting = async () =>
        (await query(t.url, "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"))[0].n;
      await vi.waitFor(async () => expect(await waiting()).toBe(4), { timeout: 10_000, interval: 20 });
    } finally {
      await hold.end();
    }
    const burst = await answers;
    expect(burst.map((r) => r.status).sort()).toEqual([201, 201, 409, 409]);
    expect(await count()).toBe(MAX_CHECKLISTS);

    const refused = await client.post("/api/checklists", { title: "One too many", values: { "1": "x" } }).expect(409);
    expect(refused.body.error.message).toBe(
      `You already have ${MAX_CHECKLISTS} checklists, the most one account can keep. Open one of them from your dashboard and continue it instead.`,
    );
    expect(await count()).toBe(MAX_CHECKLISTS);
    // Another applicant is not affected, and saving an existing checklist still works.
    await b.post("/api/checklists", { title: "Bob's trip", values: {} }).expect(201);
    const [first] = await t.db("checklists").where({ user_id: user.id, title: "Trip 0" });
    await client.put(`/api/checklists/${first.id}`, { values: { "1": "Still mine" } }).expect(200);
  });
});
