// The leads pipeline: a lead per address from the first enquiry, moving by itself on sign-up, submission and payment
// (never backwards), and staff's moves by hand (closing needs a reason), owners and follow-up dates; bad input changes
// nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordLeadEvent } from "../../server/actions/leads/recordLeadEvent.ts";
import { type Client, createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { submittedApplication } from "../helpers/payments.ts";

let t: TestApp;
let staff: Client;
let staffUser: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  staffUser = await makeUser(t.db, { admin: true, fullName: "Ngozi Staff" });
  staff = await signedIn(t.app, staffUser);
});
afterAll(() => t.drop());

const CARD = { cardholderName: "Ada Obi", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" };
const enquiry = (email: string, extra: Record<string, string> = {}) => ({
  name: "Ada Obi",
  email,
  phone: "0803 123 4567",
  message: "I would like a UK visitor visa.",
  ...extra,
});
const leadOf = (email: string) => t.db("leads").whereRaw("lower(email) = lower(?)", [email]).first();
const eventsOf = async (leadId: string) =>
  (await t.db("lead_events").where({ lead_id: leadId }).orderBy("created_at").orderBy("id")).map((e) => [e.kind, e.to_stage]);

describe("stages moving by themselves", () => {
  it("enquiry → new lead; sign-up links the account; submission → applied; payment → paid; each with its event", async () => {
    const visitor = await newClient(t.app);
    await visitor.post("/contact", enquiry("ada.obi@example.com", { package: "Dubai Getaway" })).expect(200);
    const lead = await leadOf("ada.obi@example.com");
    expect(lead).toMatchObject({ name: "Ada Obi", phone: "+2348031234567", source: "package_book_now", stage: "new", user_id: null });
    // A second enquiry in another letter case joins the same lead.
    await visitor.post("/contact", enquiry("ADA.OBI@example.com")).expect(200);
    expect(await t.db("leads").whereRaw("lower(email) = 'ada.obi@example.com'")).toHaveLength(1);

    const applicant = await newClient(t.app);
    await applicant.post("/signup", { fullName: "Ada Obi", email: "Ada.Obi@Example.com", password: "Harmattan-mango-42" }).expect(200);
    const user = await t.db("users").whereRaw("lower(email) = 'ada.obi@example.com'").first();
    expect(await leadOf("ada.obi@example.com")).toMatchObject({ stage: "new", user_id: user.id });

    const id = await submittedApplication(applicant);
    expect((await leadOf("ada.obi@example.com")).stage).toBe("applied");
    await applicant.post(`/api/applications/${id}/payment`, CARD).expect(200);
    expect((await leadOf("ada.obi@example.com")).stage).toBe("paid");
    expect(await eventsOf(lead.id)).toEqual([
      ["stage", "new"],
      ["owner", null], // the only staff member, in turn
      ["enquiry", null],
      ["enquiry", null],
      ["account", null],
      ["submitted", "applied"],
      ["paid", "paid"],
    ]);
  });

  it("a sign-up whose address never enquired makes no lead; its submission does, from the portal", async () => {
    const applicant = await newClient(t.app);
    await applicant.post("/signup", { fullName: "Direct Person", email: "direct@example.com", password: "Harmattan-mango-42" }).expect(200);
    expect(await leadOf("direct@example.com")).toBeUndefined();
    await submittedApplication(applicant);
    expect(await leadOf("direct@example.com")).toMatchObject({ source: "portal", stage: "applied", name: "Direct Person" });
  });

  it("never moves backwards by itself: an enquiry from a paid lead leaves it paid, and a closed lead stays closed", async () => {
    const visitor = await newClient(t.app);
    await visitor.post("/contact", enquiry("ada.obi@example.com")).expect(200);
    expect((await leadOf("ada.obi@example.com")).stage).toBe("paid");

    await visitor.post("/contact", enquiry("gone@example.com")).expect(200);
    const gone = await leadOf("gone@example.com");
    await staff.patch(`/api/admin/leads/${gone.id}/stage`, { stage: "closed", reason: "Chose another agency" }).expect(200);
    await visitor.post("/contact", enquiry("gone@example.com")).expect(200);
    expect(await leadOf("gone@example.com")).toMatchObject({ stage: "closed", closed_reason: "Chose another agency" });
  });

  it("enquiries racing from one new address (in any case) make one lead with every enquiry on it", async () => {
    const emails = ["race@example.com", "RACE@example.com", "Race@Example.com", "race@EXAMPLE.com", "race@example.COM", "rAce@example.com"];
    const clients = await Promise.all(emails.map(() => newClient(t.app)));
    await Promise.all(clients.map((c, i) => c.post("/contact", enquiry(emails[i])).set("X-Forwarded-For", `198.51.${i}.7`).expect(200)));
    const leads = await t.db("leads").whereRaw("lower(email) = 'race@example.com'");
    expect(leads).toHaveLength(1);
    expect(await t.db("lead_events").where({ lead_id: leads[0].id, kind: "enquiry" })).toHaveLength(emails.length);
    await t.db("leads").where({ id: leads[0].id }).delete();
  });

  it("a staff reply to an enquiry moves a new lead to contacted", async () => {
    const visitor = await newClient(t.app);
    await visitor.post("/contact", enquiry("reply.me@example.com")).expect(200);
    const row = await t.db("enquiries").where({ email: "reply.me@example.com" }).first();
    await staff.post(`/api/admin/enquiries/${row.id}/replies`, { body: "Call us on Monday." }).expect(201);
    const lead = await leadOf("reply.me@example.com");
    expect(lead.stage).toBe("contacted");
    expect(await t.db("lead_events").where({ lead_id: lead.id, kind: "replied" }).first()).toMatchObject({
      actor_id: staffUser.id,
      to_stage: "contacted",
    });
    // The enquiry's page leads to its lead.
    expect((await staff.getJson(`/admin/enquiries/${row.id}`).expect(200)).body.props.leadId).toBe(lead.id);
  });
});

describe("staff's moves", () => {
  let leadId: string;
  beforeAll(async () => {
    await (await newClient(t.app)).post("/contact", enquiry("staff.moves@example.com")).expect(200);
    leadId = (await leadOf("staff.moves@example.com")).id;
  });
  const snapshot = async () => ({
    lead: await t.db("leads").where({ id: leadId }).first(),
    events: await t.db("lead_events").where({ lead_id: leadId }).count({ n: "*" }).first(),
    audit: await t.db("audit_events").where({ subject_id: leadId }).count({ n: "*" }).first(),
  });

  it("moves a lead to any stage by hand, with its event and an audit entry; closing records the reason", async () => {
    await staff.patch(`/api/admin/leads/${leadId}/stage`, { stage: "consultation_held" }).expect(200);
    await staff.patch(`/api/admin/leads/${leadId}/stage`, { stage: "contacted" }).expect(200);
    expect((await t.db("leads").where({ id: leadId }).first()).stage).toBe("contacted");
    const res = await staff.patch(`/api/admin/leads/${leadId}/stage`, { stage: "closed", reason: "No budget this year" }).expect(200);
    expect(res.body).toEqual({ stage: "closed" });
    const audit = await t.db("audit_events").where({ subject_id: leadId, action: "lead_stage_changed" }).orderBy("id");
    expect(audit.map((a) => a.details)).toEqual([
      { from: "new", to: "consultation_held" },
      { from: "consultation_held", to: "contacted" },
      { from: "contacted", to: "closed", reason: "No budget this year" },
    ]);
    expect(audit.every((a) => a.actor_id === staffUser.id && a.subject_type === "lead")).toBe(true);
    // Reopened by hand: the reason goes with the closed stage.
    await staff.patch(`/api/admin/leads/${leadId}/stage`, { stage: "new" }).expect(200);
    expect(await t.db("leads").where({ id: leadId }).first()).toMatchObject({ stage: "new", closed_reason: null });
  });

  it("refuses to close without a reason, an unknown stage, a bad owner or date, changing nothing", async () => {
    const before = await snapshot();
    const bad: [string, Record<string, unknown>, string][] = [
      ["stage", { stage: "closed" }, "Give a reason to close the lead"],
      ["stage", { stage: "closed", reason: "   " }, "Give a reason to close the lead"],
      ["stage", { stage: "won" }, "Choose a stage"],
      ["stage", {}, "Choose a stage"],
      ["owner", { ownerId: "not-a-uuid" }, "Choose a staff member"],
      ["owner", { ownerId: (await makeUser(t.db)).id }, "Choose a staff member"],
      ["owner", { ownerId: (await makeUser(t.db, { admin: true, twoFactor: false })).id }, "Choose a staff member"],
      ["follow-up", { followUpOn: "2026-02-30" }, "Choose a date"],
      ["follow-up", { followUpOn: "tomorrow" }, "Choose a date"],
    ];
    for (const [path, body, message] of bad) {
      const res = await staff.patch(`/api/admin/leads/${leadId}/${path}`, body).expect(400);
      expect(res.body.error.message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an applicant and an admin without two-factor: the pages send them away, the APIs answer 403, nothing changes", async () => {
    const before = await snapshot();
    for (const client of [
      await signedIn(t.app, await makeUser(t.db)),
      await signedIn(t.app, await makeUser(t.db, { admin: true, twoFactor: false })),
    ]) {
      for (const page of ["/admin/leads", `/admin/leads/${leadId}`]) expect((await client.get(page)).status).toBe(303);
      await client.patch(`/api/admin/leads/${leadId}/stage`, { stage: "closed", reason: "Taken over" }).expect(403);
      await client.patch(`/api/admin/leads/${leadId}/owner`, { ownerId: null }).expect(403);
      await client.patch(`/api/admin/leads/${leadId}/follow-up`, { followUpOn: "2026-12-01" }).expect(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for a lead that does not exist, changing nothing", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      await staff.patch(`/api/admin/leads/${id}/stage`, { stage: "contacted" }).expect(404);
      await staff.patch(`/api/admin/leads/${id}/owner`, { ownerId: null }).expect(404);
      await staff.patch(`/api/admin/leads/${id}/follow-up`, { followUpOn: null }).expect(404);
    }
  });

  it("staff take a lead, assign it to another staff member, set a follow-up date; my follow-ups due today lists it", async () => {
    const other = await makeUser(t.db, { admin: true, fullName: "Emeka Staff" });
    await staff.patch(`/api/admin/leads/${leadId}/owner`, { ownerId: staffUser.id }).expect(200);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());
    await staff.patch(`/api/admin/leads/${leadId}/follow-up`, { followUpOn: today }).expect(200);
    const due = await staff.getJson("/admin/leads?tab=due").expect(200);
    expect(due.body.props.rows.map((r: { id: string }) => r.id)).toContain(leadId);
    expect(due.body.props.rows.find((r: { id: string }) => r.id === leadId)).toMatchObject({ owner: "Ngozi Staff", followUpOn: today });

    await staff.patch(`/api/admin/leads/${leadId}/owner`, { ownerId: other.id }).expect(200);
    const after = await staff.getJson("/admin/leads?tab=due").expect(200);
    expect(after.body.props.rows.map((r: { id: string }) => r.id)).not.toContain(leadId);
    const actions = (
      await t.db("audit_events").where({ subject_id: leadId }).whereIn("action", ["lead_owner_changed", "lead_follow_up_set"]).orderBy("id")
    ).map((a) => a.action);
    expect(actions).toEqual(["lead_owner_changed", "lead_follow_up_set", "lead_owner_changed"]);
  });

  it("the lead page shows the history: events, the enquiry, and the account's applications", async () => {
    const lead = await leadOf("ada.obi@example.com");
    const res = await staff.getJson(`/admin/leads/${lead.id}`).expect(200);
    const props = res.body.props;
    expect(props.history.map((h: { text: string }) => h.text)).toEqual([
      "Moved to New",
      "Owner: Ngozi Staff (next in turn)",
      "Enquiry received",
      "Enquiry received",
      "Account created",
      "Application submitted (now Applied)",
      "Fee paid (now Paid)",
      "Enquiry received",
    ]);
    expect(props.enquiries).toHaveLength(3);
    expect(props.applications).toHaveLength(1);
    const tabs = await staff.getJson("/admin/leads?tab=paid").expect(200);
    expect(tabs.body.props.rows.map((r: { email: string }) => r.email)).toEqual(["ada.obi@example.com"]);
  });
});

describe("the acquisition funnel on the analytics page", () => {
  const steps = (held: number, applied: number, paid: number, of: number) =>
    [held, applied, paid].map((count) => ({ count, percent: Math.round((count / of) * 100) }));
  const share = (count: number, of: number) => ({ count, percent: Math.round((count / of) * 100) });

  it("counts this week's leads by source and how many reached held, applied and paid themselves, with the conversions", async () => {
    const { funnel } = (await staff.getJson("/admin/analytics").expect(200)).body.props;
    // ada.obi: Book Now → paid, no consultation; direct: portal → applied, no consultation; gone: closed; reply.me:
    // contacted; staff.moves: was held by hand.
    expect(funnel.total).toMatchObject({ leads: 5, enquiries: 4, bookings: 0, direct: 1, steps: steps(1, 2, 1, 5), skipped: share(2, 5) });
    expect(funnel.weeks).toHaveLength(12);
    expect(funnel.weeks.slice(0, 11).every((w: { leads: number }) => w.leads === 0)).toBe(true);
    expect(funnel.weeks[11]).toMatchObject({ leads: 5, steps: steps(1, 2, 1, 5), skipped: share(2, 5) });
    expect(funnel.sources).toEqual([
      expect.objectContaining({ key: "contact_form", label: "Contact form", leads: 3, steps: steps(1, 0, 0, 3), skipped: share(0, 3) }),
      expect.objectContaining({ key: "package_book_now", leads: 1, steps: steps(0, 1, 1, 1), skipped: share(1, 1) }),
      expect.objectContaining({ key: "portal", label: "Signed up directly", leads: 1, steps: steps(0, 1, 0, 1), skipped: share(1, 1) }),
    ]);
    expect(funnel.conversions).toEqual([
      { from: "Leads", to: "Consultation held", percent: 20 },
      { from: "Consultation held", to: "Applied", percent: 0 },
      { from: "Applied", to: "Paid", percent: 50 },
    ]);
  });

  it("never counts a lead that signed up and applied directly as held: it skipped the consultation; one held, then applied, is held", async () => {
    const before = (await staff.getJson("/admin/analytics").expect(200)).body.props.funnel.total;

    // Signs up and applies without ever booking a consultation.
    const direct = await newClient(t.app);
    await direct.post("/signup", { fullName: "Tunde Direct", email: "tunde.direct@example.com", password: "Harmattan-mango-42" }).expect(200);
    await submittedApplication(direct);
    expect((await leadOf("tunde.direct@example.com")).stage).toBe("applied");
    let total = (await staff.getJson("/admin/analytics").expect(200)).body.props.funnel.total;
    expect(total.leads).toBe(before.leads + 1);
    expect(total.steps[0].count).toBe(before.steps[0].count);
    expect(total.steps[1].count).toBe(before.steps[1].count + 1);
    expect(total.skipped.count).toBe(before.skipped.count + 1);

    // Enquires, has a consultation held (staff mark it by hand), then applies: held and applied, not skipped.
    const visitor = await newClient(t.app);
    await visitor.post("/contact", enquiry("kemi.held@example.com", { name: "Kemi Held" })).expect(200);
    const kemi = await leadOf("kemi.held@example.com");
    await staff.patch(`/api/admin/leads/${kemi.id}/stage`, { stage: "consultation_held" }).expect(200);
    const applicant = await newClient(t.app);
    await applicant.post("/signup", { fullName: "Kemi Held", email: "kemi.held@example.com", password: "Harmattan-mango-42" }).expect(200);
    await submittedApplication(applicant);
    total = (await staff.getJson("/admin/analytics").expect(200)).body.props.funnel.total;
    expect(total.leads).toBe(before.leads + 2);
    expect(total.steps[0].count).toBe(before.steps[0].count + 1);
    expect(total.steps[1].count).toBe(before.steps[1].count + 2);
    expect(total.skipped.count).toBe(before.skipped.count + 1);

    // A consultation held after applying moves nothing, yet it was held: the direct applicant no longer skipped it.
    const tunde = await leadOf("tunde.direct@example.com");
    await t.db.transaction((trx) => recordLeadEvent(trx, { email: tunde.email, kind: "booking_held", source: "booking_page" }));
    expect((await leadOf("tunde.direct@example.com")).stage).toBe("applied");
    const after = (await staff.getJson("/admin/analytics").expect(200)).body.props.funnel;
    expect(after.total.steps[0].count).toBe(before.steps[0].count + 2);
    expect(after.total.skipped.count).toBe(before.skipped.count);
    // Held: staff.moves (never applied), Kemi and Tunde (both applied): two of three.
    expect(after.conversions[1]).toEqual({ from: "Consultation held", to: "Applied", percent: 67 });
  });
});

describe("a lead's cases, as a case officer sees them", () => {
  it("shows an officer their own and unassigned cases on the lead page, never another officer's; a manager all", async () => {
    const person = await makeUser(t.db, { fullName: "Bisi Cases" });
    const applicant = await signedIn(t.app, person);
    const [mine, theirs, open] = [
      await submittedApplication(applicant),
      await submittedApplication(applicant),
      await submittedApplication(applicant),
    ];
    const officer = await makeUser(t.db, { officer: true, fullName: "Emeka Officer" });
    const other = await makeUser(t.db, { officer: true, fullName: "Ngozi Officer" });
    await t.db("visa_applications").where({ id: mine }).update({ assignee_id: officer.id });
    await t.db("visa_applications").where({ id: theirs }).update({ assignee_id: other.id });
    await t.db("visa_applications").where({ id: open }).update({ assignee_id: null });
    const lead = await leadOf(person.email);
    const idsOn = async (client: Client) =>
      (await client.getJson(`/admin/leads/${lead.id}`).expect(200)).body.props.applications.map((a: { id: string }) => a.id).sort();

    const asOfficer = await signedIn(t.app, officer);
    expect(await idsOn(asOfficer)).toEqual([mine, open].sort());
    // The case page itself refuses the other officer's case in the same way.
    await asOfficer.getJson(`/admin/applications/${theirs}`).expect(404);
    const html = (await asOfficer.get(`/admin/leads/${lead.id}`).expect(200)).text;
    const { reference_number } = await t.db("visa_applications").where({ id: theirs }).first();
    expect(html).not.toContain(reference_number);
    expect(await idsOn(staff)).toEqual([mine, theirs, open].sort());
  });
});
