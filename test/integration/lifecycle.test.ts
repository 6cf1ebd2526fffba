// The lifecycle table (domain/status.ts) through the API: every allowed and refused move, returned for changes and
// resubmitted, reopened, the payment rule and the visa-type lock once paid.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATUSES } from "../../server/domain/visa.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { signedAgreement } from "../helpers/signatures.ts";

let t: TestApp;
let applicant: TestUser;
let adm: Client;
let app: Client;
const CARD = { cardholderName: "Ada Obi", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" };

beforeAll(async () => {
  t = await createTestApp();
  applicant = await makeUser(t.db, { fullName: "Chidi Okafor" });
  adm = await signedIn(t.app, await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" }));
  app = await signedIn(t.app, applicant);
});
afterAll(() => t.drop());

async function inserted(status: string, fields: Record<string, unknown> = {}): Promise<string> {
  const [row] = await t
    .db("visa_applications")
    .insert({
      user_id: applicant.id,
      reference_number: `VA-2026-L${Math.random().toString(36).slice(2, 7).toUpperCase()}`,
      status,
      visa_type: "tourist",
      submitted_at: status === "draft" ? null : new Date(),
      ...fields,
    })
    .returning("id");
  if (status !== "draft") await signedAgreement(t.db, row.id);
  return row.id;
}

const state = async (id: string) => t.db("visa_applications").where({ id }).first();
const history = async (id: string) => t.db("application_status_history").where({ application_id: id }).orderBy("created_at");
/** A staff move as the review page sends it: the chosen status with the one the page showed. */
const move = (id: string, shownStatus: string, status: string, note?: string) =>
  adm.patch(`/api/admin/applications/${id}/status`, { status, shownStatus, note });

/** Staff moves of the table: [from, to, note required]. */
const ALLOWED: [string, string, boolean][] = [
  ["submitted", "under_review", false],
  ["submitted", "approved", false],
  ["submitted", "rejected", false],
  ["under_review", "under_review", false],
  ["under_review", "approved", false],
  ["under_review", "rejected", false],
  ["submitted", "draft", true],
  ["under_review", "draft", true],
  ["approved", "under_review", true],
  ["rejected", "under_review", true],
];

describe("staff moves", () => {
  it.each(ALLOWED)("%s → %s is allowed and leaves a history row", async (from, to) => {
    const id = await inserted(from);
    const res = await move(id, from, to, "A note to the applicant").expect(200);
    expect(res.body.application.status).toBe(to);
    expect((await state(id)).status).toBe(to);
    expect((await history(id)).map((h) => [h.status, h.notes])).toEqual([[to, "A note to the applicant"]]);
  });

  it.each(ALLOWED.filter(([, , note]) => note))("%s → %s without a note is refused (400) and changes nothing", async (from, to) => {
    const id = await inserted(from);
    const res = await move(id, from, to).expect(400);
    expect(res.body.error.fields.note).toMatch(/needs a note to the applicant/);
    expect((await state(id)).status).toBe(from);
    expect(await history(id)).toHaveLength(0);
  });

  const refused: [string, string][] = [];
  for (const from of STATUSES)
    for (const to of STATUSES) if (from !== to && !ALLOWED.some(([f, tt]) => f === from && tt === to)) refused.push([from, to]);

  it.each(refused)("%s → %s is refused with 409 naming the allowed moves, and changes nothing", async (from, to) => {
    const id = await inserted(from);
    const res = await move(id, from, to, "A note").expect(409);
    expect(res.body.error.message).toMatch(/cannot move to .*\. Allowed: /);
    if (from === "approved" || from === "rejected") expect(res.body.error.message).toContain("Allowed: Reopen (to Under Review) with a note.");
    if (from === "draft") expect(res.body.error.message).toContain("Allowed: none.");
    expect((await state(id)).status).toBe(from);
    expect(await history(id)).toHaveLength(0);
  });

  it("offers in the table's select only the moves that need no note, and on the review page every allowed move", async () => {
    const id = await inserted("approved", { reference_number: "VA-2026-OFFER1" });
    const list = (await adm.getJson("/admin?tab=all&q=VA-2026-OFFER1").expect(200)).body.props;
    expect(list.rows[0].statusOptions.map((o: { value: string }) => o.value)).toEqual(["approved"]);
    const review = (await adm.getJson(`/admin/application/${id}`).expect(200)).body.props;
    expect(review.moves).toEqual([{ value: "under_review", label: "Reopen", noteRequired: true }]);
    const submitted = await inserted("submitted", { reference_number: "VA-2026-OFFER2" });
    const row = (await adm.getJson("/admin?tab=all&q=VA-2026-OFFER2").expect(200)).body.props.rows[0];
    expect(row.statusOptions.map((o: { value: string }) => o.value)).toEqual(["submitted", "under_review", "approved", "rejected"]);
    const draftReview = (await adm.getJson(`/admin/application/${submitted}`).expect(200)).body.props;
    expect(draftReview.moves.find((m: { value: string }) => m.value === "draft")).toEqual({
      value: "draft",
      label: "Return for changes",
      noteRequired: true,
    });
  });
});

describe("the applicant's moves", () => {
  it("submits a complete draft; cannot submit anything else", async () => {
    for (const status of ["submitted", "under_review", "approved", "rejected"]) {
      const id = await inserted(status);
      await app.post(`/api/applications/${id}/submit`).expect(409);
      expect((await state(id)).status).toBe(status);
    }
    const incomplete = await inserted("draft");
    await app.post(`/api/applications/${incomplete}/submit`).expect(400);
    expect((await state(incomplete)).status).toBe("draft");
  });

  it("cannot move its own application through the admin API", async () => {
    const id = await inserted("submitted");
    await app.patch(`/api/admin/applications/${id}/status`, { status: "approved" }).expect(403);
    expect((await state(id)).status).toBe("submitted");
  });
});

describe("returned for changes", () => {
  it("shows the staff note, lets the applicant edit and resubmit (checked again), and keeps the first submission date", async () => {
    const id = (await app.post("/api/applications", completeDraft()).expect(201)).body.application.id;
    await attachPassportFiles(app, id);
    await app.post(`/api/applications/${id}/submit`).expect(200);
    const first = (await state(id)).submitted_at;
    await move(id, "submitted", "draft", "Please upload a clearer passport photo.").expect(200);

    const dashboard = (await app.getJson("/dashboard").expect(200)).body.props;
    expect(dashboard.applications.find((a: { id: string }) => a.id === id).changesRequested).toBe("Please upload a clearer passport photo.");
    expect((await app.getJson(`/application/${id}`).expect(200)).body.props).toMatchObject({
      changesRequested: "Please upload a clearer passport photo.",
      canEdit: true,
      showPayNow: false,
    });
    expect((await app.getJson(`/visa-application/${id}`).expect(200)).body.props.changesRequested).toBe("Please upload a clearer passport photo.");

    // Edited into an incomplete state: the resubmission is checked again.
    await app.patch(`/api/applications/${id}`, { full_name: "" }).expect(200);
    await app.post(`/api/applications/${id}/submit`).expect(400);
    await app.patch(`/api/applications/${id}`, { full_name: "Adaeze Okafor" }).expect(200);
    await app.post(`/api/applications/${id}/submit`).expect(200);

    const row = await state(id);
    expect(row.status).toBe("submitted");
    expect(row.submitted_at).toEqual(first);
    expect((await history(id)).map((h) => [h.status, h.notes])).toEqual([
      ["submitted", null],
      ["draft", "Please upload a clearer passport photo."],
      ["submitted", null],
    ]);
    expect((await app.getJson(`/application/${id}`).expect(200)).body.props.changesRequested).toBeNull();
  });
});

describe("payment follows the status", () => {
  it.each(["submitted", "under_review", "approved"])("a %s unpaid application shows Pay Now and can be paid once", async (status) => {
    const id = await inserted(status);
    expect((await app.getJson(`/application/${id}`).expect(200)).body.props.showPayNow).toBe(true);
    expect((await app.getJson(`/payment/${id}`).expect(200)).body.page).toBe("portal/Payment");
    await app.post(`/api/applications/${id}/payment`, CARD).expect(200);
    expect((await state(id)).payment_status).toBe("paid");
    expect((await app.getJson(`/application/${id}`).expect(200)).body.props.showPayNow).toBe(false);
    await app.post(`/api/applications/${id}/payment`, CARD).expect(409);
  });

  it.each([
    ["rejected", "A rejected application cannot be paid for."],
    ["draft", "Submit your application before paying the fee."],
  ])("a %s application answers 409, hides Pay Now and its payment page sends back to the details", async (status, message) => {
    const id = await inserted(status);
    expect((await app.getJson(`/application/${id}`).expect(200)).body.props.showPayNow).toBe(false);
    const res = await app.post(`/api/applications/${id}/payment`, CARD).expect(409);
    expect(res.body.error.message).toBe(message);
    const page = await app.get(`/payment/${id}`).expect(303);
    expect(page.headers.location).toBe(`/application/${id}`);
    expect((await state(id)).payment_status).toBe("pending");
  });
});

describe("the visa type once paid", () => {
  it("is locked on a returned, paid application; other fields stay editable", async () => {
    const id = await inserted("submitted", {
      payment_status: "paid",
      amount_paid: 150,
      payment_reference: `PAY-${Date.now()}-LOCK`,
      paid_at: new Date(),
    });
    await move(id, "submitted", "draft", "Add your hotel's address.").expect(200);
    const wizard = (await app.getJson(`/visa-application/${id}`).expect(200)).body.props;
    expect(wizard.visaTypeLocked).toBe(true);
    const res = await app.patch(`/api/applications/${id}`, { visa_type: "work" }).expect(409);
    expect(res.body.error).toEqual({
      message: "The visa type cannot change once the fee is paid.",
      fields: { visa_type: "The visa type cannot change once the fee is paid." },
    });
    expect((await state(id)).visa_type).toBe("tourist");
    await app.patch(`/api/applications/${id}`, { visa_type: "tourist", destination_country: "France" }).expect(200);
    expect((await state(id)).destination_country).toBe("France");
  });

  it("is free on an unpaid draft", async () => {
    const id = await inserted("draft");
    expect((await app.getJson(`/visa-application/${id}`).expect(200)).body.props.visaTypeLocked).toBe(false);
    await app.patch(`/api/applications/${id}`, { visa_type: "work" }).expect(200);
  });
});

describe("formats never stop a save", () => {
  it("stores phones as E.164 and passports upper-case; reports what is still wrong next to the field and at review", async () => {
    const created = await app.post("/api/applications", completeDraft({ phone: "0803 111 2222", passport_number: "a12 345 678" })).expect(201);
    const id = created.body.application.id;
    expect(created.body.problems).toEqual({});
    expect(await state(id)).toMatchObject({ phone: "+2348031112222", passport_number: "A12345678" });

    const saved = await app.patch(`/api/applications/${id}`, { phone: "call me after 6", email: "ada@" }).expect(200);
    expect(saved.body.problems).toEqual({ phone: "Enter a valid phone number", email: "Enter a valid email address" });
    expect(await state(id)).toMatchObject({ phone: "call me after 6", email: "ada@" });
    expect((await app.getJson(`/visa-application/${id}`).expect(200)).body.props.problems).toEqual(saved.body.problems);

    await attachPassportFiles(app, id);
    const review = (await app.getJson(`/visa-application/${id}/review`).expect(200)).body.props;
    expect(review.canSubmit).toBe(false);
    expect(review.invalid.map((p: { key: string; step: number }) => [p.key, p.step])).toEqual([
      ["phone", 4],
      ["email", 4],
    ]);
    const refused = await app.post(`/api/applications/${id}/submit`).expect(400);
    expect(refused.body.error.message).toBe("Some answers are not in a valid format: Phone number, Email.");
    expect(refused.body.error.fields).toMatchObject({ phone: "Enter a valid phone number", email: "Enter a valid email address" });
    await app.patch(`/api/applications/${id}`, { phone: "0803-111-2222", email: "ada@example.com" }).expect(200);
    await app.post(`/api/applications/${id}/submit`).expect(200);
  });
});
