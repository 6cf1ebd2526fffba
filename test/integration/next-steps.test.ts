// Every screen says what comes next: the dashboard card's words and main button per state, the payment badge, a
// returned application's label and history, the "What happens next" page after submitting, and the wizard's
// details from the account.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn, type TestUser } from "../helpers/factories.ts";

let t: TestApp;
let applicant: TestUser;
let app: Client;
let other: Client;
let staff: Client;
const DAY_MS = 24 * 60 * 60_000;

beforeAll(async () => {
  t = await createTestApp();
  applicant = await makeUser(t.db, { fullName: "Chidi Okafor" });
  await t.db("users").where({ id: applicant.id }).update({ phone: "+2348031234567" });
  app = await signedIn(t.app, applicant);
  other = await signedIn(t.app, await makeUser(t.db, { fullName: "Bola Ade" }));
  staff = await signedIn(t.app, await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" }));
});
afterAll(() => t.drop());

/** The passport files of a complete application, as recorded after their upload. */
const PASSPORT_FILES = {
  passport_scan_path: "scan.pdf",
  passport_scan_mime: "application/pdf",
  photo_path: "photo.jpg",
  photo_mime: "image/jpeg",
};
let payments = 0;
const paid = () => ({ payment_status: "paid", amount_paid: 150, payment_reference: `PAY-NEXT-${++payments}` });

/** An application of the applicant straight into the database; `complete` fills every required answer and file. */
async function inserted(status: string, fields: Record<string, unknown> = {}, complete = false): Promise<string> {
  const { visa_specific_data, ...answers } = complete ? completeDraft() : { visa_type: "tourist", visa_specific_data: {} };
  const [row] = await t
    .db("visa_applications")
    .insert({
      ...answers,
      ...(complete ? PASSPORT_FILES : {}),
      visa_specific_data: JSON.stringify(visa_specific_data),
      user_id: applicant.id,
      reference_number: `VA-2026-N${Math.random().toString(36).slice(2, 7).toUpperCase()}`,
      status,
      submitted_at: status === "draft" ? null : new Date(),
      ...fields,
    })
    .returning("id");
  return row.id;
}

interface Card {
  id: string;
  status: string;
  statusLabel: string;
  paymentStatus: string;
  next: { text: string; action: { label: string; href: string } };
}
const card = async (id: string): Promise<Card> =>
  (await app.getJson("/dashboard").expect(200)).body.props.applications.find((a: Card) => a.id === id);

describe("the dashboard card's next step", () => {
  it("a draft continues at its saved step, and is payable after submission", async () => {
    const id = await inserted("draft", { current_step: 3 });
    expect(await card(id)).toMatchObject({
      statusLabel: "Draft",
      paymentStatus: "after_submission",
      next: { text: "Next: Passport Details (step 3 of 8).", action: { label: "Continue — step 3 of 8", href: `/visa-application/${id}` } },
    });
  });

  it("a draft at the last step, or with every answer given, is submitted from its review", async () => {
    for (const id of [await inserted("draft", { current_step: 8 }), await inserted("draft", { current_step: 2 }, true)]) {
      expect((await card(id)).next).toEqual({
        text: "Every step is filled in: check your answers and submit.",
        action: { label: "Submit", href: `/visa-application/${id}/review` },
      });
    }
  });

  it.each(["submitted", "under_review", "approved"])("a %s, unpaid application asks for the fee", async (status) => {
    const id = await inserted(status);
    const c = await card(id);
    expect(c.paymentStatus).toBe("pending");
    expect(c.next.action).toEqual({ label: "Pay the fee", href: `/payment/${id}` });
    expect(c.next.text).toMatch(status === "approved" ? /^Approved: pay the application fee/ : /^Pay the application fee/);
  });

  it("a paid application in review says for how long", async () => {
    const id = await inserted("under_review", { ...paid(), submitted_at: new Date(Date.now() - 3 * DAY_MS - 60_000) });
    expect(await card(id)).toMatchObject({
      paymentStatus: "paid",
      next: { text: "Under review for 3 days. We will e-mail you when it changes.", action: { label: "View progress", href: `/application/${id}` } },
    });
    const today = await inserted("submitted", paid());
    expect((await card(today)).next.text).toBe("Under review for less than a day. We will e-mail you when it changes.");
  });

  it("a rejected application owes nothing and points to its options", async () => {
    const id = await inserted("rejected");
    expect(await card(id)).toMatchObject({
      paymentStatus: "not_due",
      next: { action: { label: "See your options", href: `/application/${id}` } },
    });
  });

  it("a refunded fee keeps its own badge", async () => {
    const id = await inserted("approved", { ...paid(), payment_status: "refunded" });
    expect((await card(id)).paymentStatus).toBe("refunded");
  });
});

describe("an application returned for changes", () => {
  it("reads 'Changes requested' with Edit as its next step, and its history says 'Returned for changes'", async () => {
    const id = await inserted("submitted", {}, true);
    await staff
      .patch(`/api/admin/applications/${id}/status`, { status: "draft", shownStatus: "submitted", note: "Please add your hotel's address." })
      .expect(200);

    expect(await card(id)).toMatchObject({
      status: "draft",
      statusLabel: "Changes requested",
      paymentStatus: "after_submission",
      next: { action: { label: "Changes requested — edit and resubmit", href: `/visa-application/${id}` } },
    });
    const details = (await app.getJson(`/application/${id}`).expect(200)).body.props;
    expect(details.application.statusLabel).toBe("Changes requested");
    expect(details.history.map((h: { statusLabel: string; notes: string }) => [h.statusLabel, h.notes])).toEqual([
      ["Returned for changes", "Please add your hotel's address."],
    ]);
    const review = (await staff.getJson(`/admin/application/${id}`).expect(200)).body.props;
    expect(review.history[0].statusLabel).toBe("Returned for changes");
  });

  it("a draft started again from a rejected one is a plain draft, its history entry too, also once submitted", async () => {
    const id = await inserted("draft", {}, true);
    // The history row a copy writes (models/applicationCopies.ts), before the copy was ever submitted.
    await t
      .db("application_status_history")
      .insert({ application_id: id, status: "draft", changed_by: applicant.id, notes: "Started from VA-2026-OLD" });
    expect((await card(id)).statusLabel).toBe("Draft");
    const labels = async () =>
      (await app.getJson(`/application/${id}`).expect(200)).body.props.history.map((h: { statusLabel: string }) => h.statusLabel);
    expect(await labels()).toEqual(["Draft"]);
    await app.post(`/api/applications/${id}/submit`).expect(200);
    expect(await labels()).toEqual(["Submitted", "Draft"]);
  });
});

describe("what happens next, after submitting", () => {
  it("submitting answers with the page to go to; it shows the reference, the fee, the review and how news comes", async () => {
    const id = (await app.post("/api/applications", completeDraft()).expect(201)).body.application.id;
    await attachPassportFiles(app, id);
    const submitted = await app.post(`/api/applications/${id}/submit`).expect(200);
    expect(submitted.body.redirect).toBe(`/application/${id}/submitted`);

    const page = (await app.getJson(`/application/${id}/submitted`).expect(200)).body;
    expect(page.page).toBe("portal/Submitted");
    expect(page.props).toMatchObject({
      application: { id, fee: 150, payable: true, paymentStatus: "pending" },
      reviewTime: "3 working days",
      email: applicant.email,
    });
    const html = (await app.get(`/application/${id}/submitted`).expect(200)).text;
    const { reference_number } = await t.db("visa_applications").where({ id }).first();
    for (const text of [
      "What happens next",
      reference_number,
      "₦232,500 — $150 at ₦1,550/$",
      `href="/payment/${id}"`,
      "3 working days",
      applicant.email,
      'href="/dashboard"',
    ]) {
      expect(html).toContain(text);
    }
  });

  it("a paid application has nothing to pay", async () => {
    const id = await inserted("submitted", paid());
    const props = (await app.getJson(`/application/${id}/submitted`).expect(200)).body.props;
    expect(props.application.payable).toBe(false);
    expect((await app.get(`/application/${id}/submitted`).expect(200)).text).toContain("The fee is paid");
  });

  it("another applicant's application, or none, is a 404 that shows nothing of it", async () => {
    const id = await inserted("submitted");
    const { reference_number } = await t.db("visa_applications").where({ id }).first();
    const res = await other.get(`/application/${id}/submitted`).expect(404);
    expect(res.text).toContain("Oops! Page not found");
    expect(res.text).not.toContain(reference_number);
    const json = await other.getJson(`/application/${id}/submitted`).expect(404);
    expect(json.body.page).toBe("errors/NotFound");
    expect(JSON.stringify(json.body)).not.toContain(reference_number);
    await app.get("/application/00000000-0000-4000-8000-000000000000/submitted").expect(404);
    await app.get("/application/not-an-id/submitted").expect(404);
  });

  it("a draft is not submitted yet: it goes to its review", async () => {
    const id = await inserted("draft");
    const res = await app.get(`/application/${id}/submitted`).expect(303);
    expect(res.headers.location).toBe(`/visa-application/${id}/review`);
  });
});

describe("a new application in the wizard", () => {
  it("starts with the account's name, e-mail and phone", async () => {
    const props = (await app.getJson("/visa-application/new").expect(200)).body.props;
    expect(props.fromAccount).toEqual({ full_name: "Chidi Okafor", email: applicant.email, phone: "+2348031234567" });
  });
});
