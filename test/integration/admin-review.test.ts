// Admin review: status changes with history, notes, the application pages, admin-only access, analytics.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routes } from "../../server/routes.ts";
import { adminCast, insertApp } from "../helpers/admin.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";

let t: TestApp;
let admin: TestUser;
let applicant: TestUser;
let adm: Client;
let app: Client;

beforeAll(async () => {
  ({ t, admin, applicant, adm, app } = await adminCast());
});
afterAll(() => t.drop());

describe("status changes", () => {
  it("the table's change writes a history row with the admin, and the applicant's timeline shows it", async () => {
    const { id } = await insertApp(t.db, applicant.id, { status: "submitted", submitted_at: new Date() });
    const res = await adm.patch(`/api/admin/applications/${id}/status`, { status: "under_review", shownStatus: "submitted" }).expect(200);
    expect(res.body.application).toMatchObject({ id, status: "under_review", statusLabel: "Under Review" });
    expect((await t.db("visa_applications").where({ id }).first()).status).toBe("under_review");
    const history = await t.db("application_status_history").where({ application_id: id });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: "under_review", changed_by: admin.id, notes: null });
    const timeline = await app.getJson(`/application/${id}`).expect(200);
    expect(timeline.body.props.history[0]).toMatchObject({ status: "under_review", changedBy: "Folake Adeyemi", notes: null });
  });

  it("the detail page's change with and without a note; newest first in both histories", async () => {
    const { id } = await insertApp(t.db, applicant.id, { status: "under_review", submitted_at: new Date() });
    await adm.patch(`/api/admin/applications/${id}/status`, { status: "rejected", shownStatus: "under_review" }).expect(200);
    await adm
      .patch(`/api/admin/applications/${id}/status`, { status: "under_review", shownStatus: "rejected", note: "  Documents verified.  " })
      .expect(200);
    const page = await adm.getJson(`/admin/application/${id}`).expect(200);
    expect(page.body.props.history.map((h: { status: string; notes: string | null }) => [h.status, h.notes])).toEqual([
      ["under_review", "Documents verified."],
      ["rejected", null],
    ]);
    expect(page.body.props.application.status).toBe("under_review");
    const timeline = await app.getJson(`/application/${id}`).expect(200);
    expect(timeline.body.props.history[0]).toMatchObject({ notes: "Documents verified.", changedBy: "Folake Adeyemi" });
  });

  it("setting the same status without a note changes nothing", async () => {
    const { id } = await insertApp(t.db, applicant.id, { status: "submitted", submitted_at: new Date() });
    const same = await adm.patch(`/api/admin/applications/${id}/status`, { status: "submitted", shownStatus: "submitted", note: "" }).expect(200);
    expect(same.body.changed).toBe(false);
    expect(await t.db("application_status_history").where({ application_id: id })).toHaveLength(0);
  });

  it("refuses an invalid status or an overlong note with 400 and changes nothing", async () => {
    const { id } = await insertApp(t.db, applicant.id, { status: "submitted" });
    for (const body of [{ status: "archived" }, {}, { status: "APPROVED" }, { status: ["approved"] }]) {
      const res = await adm.patch(`/api/admin/applications/${id}/status`, body).expect(400);
      expect(res.body.error.message).toBe("Status must be one of: draft, submitted, under_review, approved, rejected");
    }
    const long = await adm
      .patch(`/api/admin/applications/${id}/status`, { status: "approved", shownStatus: "submitted", note: "x".repeat(2001) })
      .expect(400);
    expect(long.body.error.message).toBe("Note must be at most 2000 characters");
    expect((await t.db("visa_applications").where({ id }).first()).status).toBe("submitted");
    expect(await t.db("application_status_history").where({ application_id: id })).toHaveLength(0);
  });

  it("refuses a choice made against a status that is no longer current (409) and changes nothing", async () => {
    // The page showed Submitted; meanwhile another staff member took the application up.
    const { id } = await insertApp(t.db, applicant.id, { status: "under_review", submitted_at: new Date() });
    const audited = async () => t.db("audit_events").where({ action: "status_changed", subject_id: id });
    const res = await adm
      .patch(`/api/admin/applications/${id}/status`, {
        status: "rejected",
        shownStatus: "submitted",
        note: "The trade fair invitation could not be verified.",
      })
      .expect(409);
    expect(res.body.error.message).toBe("This application's status changed to Under Review since you opened it. Reload and choose again.");
    // A page too old to say what it showed is refused the same way, before anything is looked at.
    const unsaid = await adm.patch(`/api/admin/applications/${id}/status`, { status: "rejected", note: "Not verified." }).expect(400);
    expect(unsaid.body.error.fields).toEqual({ shownStatus: "This page is out of date. Reload it and choose the status again." });
    expect((await t.db("visa_applications").where({ id }).first()).status).toBe("under_review");
    expect(await t.db("application_status_history").where({ application_id: id })).toHaveLength(0);
    expect(await t.db("email_messages").where({ application_id: id })).toHaveLength(0);
    expect(await audited()).toHaveLength(0);
    // Chosen against the status it has now, the same move goes through.
    await adm.patch(`/api/admin/applications/${id}/status`, { status: "rejected", shownStatus: "under_review", note: "Not verified." }).expect(200);
    expect((await t.db("visa_applications").where({ id }).first()).status).toBe("rejected");
    expect(await audited()).toHaveLength(1);
  });

  it("answers 404 for an unknown application", async () => {
    for (const id of [randomUUID(), "not-a-uuid"]) {
      const res = await adm.patch(`/api/admin/applications/${id}/status`, { status: "approved", shownStatus: "submitted" }).expect(404);
      expect(res.body.error.message).toBe("Application not found");
    }
  });
});

describe("notes", () => {
  it("refuses an empty or whitespace-only note and stores nothing", async () => {
    const { id } = await insertApp(t.db, applicant.id);
    for (const body of [{ note: "   \n\t " }, { note: "" }, {}, { note: 42 }]) {
      const res = await adm.post(`/api/admin/applications/${id}/notes`, body).expect(400);
      expect(res.body.error.message).toBe("Note cannot be empty");
    }
    const long = await adm.post(`/api/admin/applications/${id}/notes`, { note: "y".repeat(2001) }).expect(400);
    expect(long.body.error.message).toBe("Note must be at most 2000 characters");
    expect(await t.db("admin_notes").where({ application_id: id })).toHaveLength(0);
  });

  it("lists notes newest first with the author's name, for staff only", async () => {
    const { id } = await insertApp(t.db, applicant.id, { status: "submitted" });
    const second = await makeUser(t.db, { admin: true, fullName: "Bisi Ojo" });
    const bisi = await signedIn(t.app, second);
    const first = await adm.post(`/api/admin/applications/${id}/notes`, { note: "Called the applicant." }).expect(201);
    expect(first.body.note).toMatchObject({ note: "Called the applicant.", authorName: "Folake Adeyemi" });
    await bisi.post(`/api/admin/applications/${id}/notes`, { note: "  Bank statement is 2 months short.  " }).expect(201);
    const page = await adm.getJson(`/admin/application/${id}`).expect(200);
    expect(page.body.props.notes.map((n: { note: string; authorName: string }) => [n.note, n.authorName])).toEqual([
      ["Bank statement is 2 months short.", "Bisi Ojo"],
      ["Called the applicant.", "Folake Adeyemi"],
    ]);
    const html = await adm.get(`/admin/application/${id}`).expect(200);
    expect(html.text).toContain("Bank statement is 2 months short.");
    const applicantView = await app.get(`/application/${id}`).expect(200);
    expect(applicantView.text).not.toContain("Called the applicant.");
  });

  it("answers 404 for an unknown application", async () => {
    await adm.post(`/api/admin/applications/${randomUUID()}/notes`, { note: "Hello" }).expect(404);
  });
});

describe("application pages", () => {
  it("shows the summary, documents and statuses on the review page", async () => {
    const { id } = await insertApp(t.db, applicant.id, {
      status: "submitted",
      visa_type: "tourist",
      full_name: "Adaeze Nwosu",
      passport_number: "A12345678",
      payment_status: "paid",
      amount_paid: 150,
      payment_reference: "PAY-123-ABC",
    });
    await t.db("application_documents").insert({
      application_id: id,
      document_type: "bank_statement",
      file_name: "statement.pdf",
      file_path: `x/${id}.pdf`,
      file_size: 2048,
      mime_type: "application/pdf",
    });
    const res = await adm.getJson(`/admin/application/${id}`).expect(200);
    const props = res.body.props;
    expect(props.application).toMatchObject({ applicantName: "Adaeze Nwosu", accountName: "Chidi Okafor", paymentStatus: "paid", amountPaid: 150 });
    // Paid before payments had rows of their own: the recorded dollar amount.
    expect(props.application.feeText).toBe("$150.00 (recorded in dollars, before payments were kept)");
    expect(props.moves.map((s: { value: string }) => s.value)).toEqual(["under_review", "approved", "rejected", "draft"]);
    expect(props.documentReview.files).toEqual([
      {
        id: expect.any(String),
        documentType: "bank_statement",
        requirementKey: null,
        // The item of the applicant's list the file fills, as they saw it, not the SPEC type ("Bank statement").
        label: "Bank statements",
        fileName: "statement.pdf",
        size: 2048,
        mimeType: "application/pdf",
        uploadedAt: expect.any(String),
        url: expect.stringMatching(/^\/files\/documents\//),
        previewUrl: expect.stringMatching(/^\/files\/documents\/[0-9a-f-]+\?preview=1$/),
        isImage: false,
        isPdf: true,
        reviewState: "to_review",
        reviewLabel: "To review",
        reviewReason: null,
        requestLabel: null,
      },
    ]);
    expect(props.documentReview).toMatchObject({ accepted: 0, reviewable: 1 });
    const full = await adm.get(`/admin/application/${id}/full`).expect(200);
    expect(full.text).toContain("A12345678");
    expect(full.text).toContain("PAY-123-ABC");
    expect(full.text).toContain("statement.pdf");
  });

  it("sends an unknown id back to the list with 'Failed to load application'", async () => {
    for (const path of [`/admin/application/${randomUUID()}`, "/admin/application/nope", `/admin/application/${randomUUID()}/full`]) {
      const res = await adm.get(path).expect(303);
      expect(res.headers.location).toBe("/admin");
      const next = await adm.getJson("/admin").expect(200);
      expect(next.body.shared.flash).toEqual({ title: "Error", description: "Failed to load application", variant: "destructive" });
    }
  });
});

describe("admin only", () => {
  it("answers 403 to a signed-in applicant on every admin API and changes nothing", async () => {
    const { id } = await insertApp(t.db, applicant.id, { status: "submitted" });
    const apis = routes.filter((r) => (r.access === "staff" || r.access === "manager") && r.api);
    expect(apis.length).toBeGreaterThanOrEqual(2);
    for (const r of apis) {
      const path = r.path.replace(":id", id);
      const body = { status: "approved", note: "sneaky" };
      const res = await (r.method === "patch" ? app.patch(path, body) : r.method === "put" ? app.put(path, body) : app.post(path, body)).expect(403);
      expect(res.body).toEqual({ error: { message: "Admin privileges required" } });
    }
    expect((await t.db("visa_applications").where({ id }).first()).status).toBe("submitted");
    expect(await t.db("admin_notes").where({ application_id: id })).toHaveLength(0);
    await app.get("/admin/export.csv").expect(303);
  });
});

describe("analytics", () => {
  let empty: TestApp;
  let known: TestApp;
  beforeAll(async () => {
    [empty, known] = await Promise.all([createTestApp(), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([empty.drop(), known.drop()]);
  });

  it("shows zeros and '$0.00' on an empty database", async () => {
    const client = await signedIn(empty.app, await makeUser(empty.db, { admin: true }));
    const res = await client.getJson("/admin/analytics").expect(200);
    expect(res.body.props).toMatchObject({ totalApplications: 0, totalRevenue: 0, averagePerApplication: 0 });
    const html = await client.get("/admin/analytics").expect(200);
    expect(html.text).toContain("Average per Application");
    // Total Revenue, Average per Application and Average per paid application.
    expect(html.text.match(/\$0\.00/g)?.length).toBe(3);
  });

  it("computes totals, revenue and the average with SPEC §9's formulas", async () => {
    const db = known.db;
    const owner = await makeUser(db);
    const paid = (visa_type: string, amount: number, i: number, destination = "United Kingdom") => ({
      visa_type,
      destination_country: destination,
      status: "approved",
      payment_status: "paid",
      amount_paid: amount,
      payment_reference: `PAY-${visa_type}-${i}`,
    });
    for (let i = 0; i < 3; i++) await insertApp(db, owner.id, paid("tourist", 150, i, i === 2 ? " united kingdom " : "United Kingdom"));
    await insertApp(db, owner.id, paid("work", 250, 9, "Canada"));
    await insertApp(db, owner.id, { visa_type: "study", destination_country: "Canada", status: "submitted" });
    await insertApp(db, owner.id, { status: "draft" });
    const client = await signedIn(known.app, await makeUser(db, { admin: true }));
    const res = await client.getJson("/admin/analytics").expect(200);
    const props = res.body.props;
    expect(props).toMatchObject({ totalApplications: 6, totalRevenue: 700, averagePerApplication: 116.67 });
    const category = (id: string) =>
      props.categories
        .find((c: { id: string }) => c.id === id)
        .items.map((i: { label: string; count: number; percent: number }) => [i.label, i.count, i.percent]);
    expect(category("visa-type")).toEqual([
      ["Tourist Visa", 3, 50],
      ["Student Visa", 1, 17],
      ["Work Visa", 1, 17],
      ["Not chosen yet", 1, 17],
    ]);
    expect(category("destination")).toEqual([
      ["United Kingdom", 3, 50],
      ["Canada", 2, 33],
      ["Not set yet", 1, 17],
    ]);
    // In the order of the process, not by count.
    expect(category("status")).toEqual([
      ["Draft", 1, 17],
      ["Submitted", 1, 17],
      ["Approved", 4, 67],
    ]);
    expect(category("payment-status")).toEqual([
      ["Paid", 4, 67],
      ["Pending", 2, 33],
    ]);
    const html = await client.get("/admin/analytics").expect(200);
    expect(html.text).toContain("$700.00");
    expect(html.text).toContain("$116.67");
  });
});
