// New leads go round the staff like new cases: each new lead (an enquiry, a booking or a submission from a new address)
// goes to the next person who acts as staff, in turn and fairly under concurrent creations, never to a deactivated
// member or one without two-factor sign-in; with the round-robin off a new lead has no owner. Each gift has its
// history event and an audit entry that says it was the round-robin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { submittedApplication } from "../helpers/payments.ts";

let t: TestApp;
let manager: Client;
let managerUser: TestUser;
let officer: TestUser;
let leaver: TestUser;
let notEnrolled: TestUser;
let visitor: Client;

beforeAll(async () => {
  t = await createTestApp();
  // Two people act as staff: the manager and one officer. Two more have a staff role but may not be given anything.
  managerUser = await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" });
  manager = await signedIn(t.app, managerUser);
  officer = await makeUser(t.db, { officer: true, fullName: "Amaka Obi" });
  leaver = await makeUser(t.db, { officer: true, fullName: "Dayo Leaver" });
  notEnrolled = await makeUser(t.db, { admin: true, fullName: "Efe New", twoFactor: false });
  await manager.post(`/api/admin/staff/${leaver.id}/deactivate`).expect(200);
  visitor = await newClient(t.app);
});
afterAll(() => t.drop());

let network = 0;
/** An enquiry from a network of its own, so the contact form's limit per network never refuses it. */
const enquire = (email: string) =>
  visitor
    .post("/contact", { name: "Ada Obi", email, phone: "0803 123 4567", message: "I would like a UK visitor visa." })
    .set("X-Forwarded-For", `198.51.${network++}.7`)
    .expect(200);
const leadOf = (email: string) => t.db("leads").whereRaw("lower(email) = lower(?)", [email]).first();
const ownersOf = async (emails: string[]) => Promise.all(emails.map(async (e) => (await leadOf(e)).owner_id as string | null));
const setRoundRobin = (on: boolean) => manager.put("/api/admin/settings/assignment", { on }).expect(200);

describe("a new lead's owner by round-robin", () => {
  it("gives three leads in turn to the two people who act as staff, with the history event and the audit entry", async () => {
    const emails = ["rr1@example.com", "rr2@example.com", "rr3@example.com"];
    for (const e of emails) await enquire(e);
    const owners = await ownersOf(emails);
    expect(new Set(owners)).toEqual(new Set([managerUser.id, officer.id]));
    expect(owners[1]).not.toBe(owners[0]);
    expect(owners[2]).toBe(owners[0]);

    const lead = await leadOf(emails[1]);
    const events = await t.db("lead_events").where({ lead_id: lead.id }).orderBy("id");
    expect(events.map((e) => [e.kind, e.to_stage, e.actor_id])).toEqual([
      ["stage", "new", null],
      ["owner", null, null],
      ["enquiry", null, null],
    ]);
    const ownerName = owners[1] === officer.id ? "Amaka Obi" : "Folake Adeyemi";
    expect(events[1].details).toEqual({ owner: ownerName, how: "round_robin" });
    const audit = await t.db("audit_events").where({ subject_id: lead.id, action: "lead_owner_changed" });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: null, details: { from: null, to: owners[1], how: "round_robin", via: "system" } });

    // Staff read it on the lead's page and in Activity.
    const page = await manager.getJson(`/admin/leads/${lead.id}`).expect(200);
    expect(page.body.props.history.map((h: { text: string }) => h.text)).toContain(`Owner: ${ownerName} (next in turn)`);
    const activity = await manager.getJson("/admin/activity?action=lead_owner_changed").expect(200);
    expect(JSON.stringify(activity.body.props.entries)).toContain("was given to the next staff member in turn");
  });

  it("shares ten racing new leads 5/5, never to the deactivated member or the one without two-factor", async () => {
    const emails = Array.from({ length: 10 }, (_, i) => `race${i}@example.com`);
    await Promise.all(emails.map((e) => enquire(e)));
    const owners = await ownersOf(emails);
    const counts = new Map<string | null, number>();
    for (const o of owners) counts.set(o, (counts.get(o) ?? 0) + 1);
    expect(counts).toEqual(
      new Map([
        [managerUser.id, 5],
        [officer.id, 5],
      ]),
    );
    const everOwned = await t.db("leads").whereIn("owner_id", [leaver.id, notEnrolled.id]).count({ n: "*" });
    expect(Number(everOwned[0].n)).toBe(0);
  });

  it("a submission from a new address gives both the case and the lead, each in its own rotation", async () => {
    const applicant = await signedIn(t.app, await makeUser(t.db, { fullName: "Bola Ade" }));
    const before = await t.db("assignment_settings").first();
    const id = await submittedApplication(applicant);
    const app = await t.db("visa_applications").where({ id }).first();
    expect(app.assignee_id).toBe(officer.id); // the only case officer
    const user = await t.db("users").where({ id: app.user_id }).first();
    const lead = await leadOf(user.email);
    expect(lead).toMatchObject({ stage: "applied", source: "portal" });
    // The lead's turn follows the leads' place, whatever the cases' place says.
    expect(lead.owner_id).not.toBe(before.last_lead_owner_id);
    expect([managerUser.id, officer.id]).toContain(lead.owner_id);
  });

  it("submissions and enquiries from the same new addresses, all at once, make one lead each with one owner, and no deadlock", async () => {
    const people = await Promise.all(
      [1, 2, 3, 4].map(async (i) => {
        const user = await makeUser(t.db, { fullName: `Racer ${i}`, email: `racer${i}@example.com` });
        const client = await signedIn(t.app, user);
        const id = (await client.post("/api/applications", completeDraft()).expect(201)).body.application.id;
        await attachPassportFiles(client, id);
        return { user, client, id };
      }),
    );
    await Promise.all(
      people.flatMap(({ user, client, id }) => [client.post(`/api/applications/${id}/submit`).expect(200), enquire(user.email), enquire(user.email)]),
    );
    for (const { user } of people) {
      const leads = await t.db("leads").whereRaw("lower(email) = lower(?)", [user.email]);
      expect(leads).toHaveLength(1);
      expect(leads[0].stage).toBe("applied");
      expect(await t.db("lead_events").where({ lead_id: leads[0].id, kind: "owner" })).toHaveLength(1);
    }
  });

  it("with the round-robin off a new lead has no owner, no owner event and no audit entry; staff still take it by hand", async () => {
    await setRoundRobin(false);
    const place = (await t.db("assignment_settings").first()).last_lead_owner_id;
    await enquire("nobody-yet@example.com");
    const lead = await leadOf("nobody-yet@example.com");
    expect(lead.owner_id).toBeNull();
    expect(await t.db("lead_events").where({ lead_id: lead.id, kind: "owner" })).toEqual([]);
    expect(await t.db("audit_events").where({ subject_id: lead.id })).toEqual([]);
    expect((await t.db("assignment_settings").first()).last_lead_owner_id).toBe(place);

    await manager.patch(`/api/admin/leads/${lead.id}/owner`, { ownerId: managerUser.id }).expect(200);
    expect((await leadOf("nobody-yet@example.com")).owner_id).toBe(managerUser.id);
    await setRoundRobin(true);
  });

  it("an event on an existing lead takes no turn and keeps its owner", async () => {
    const place = (await t.db("assignment_settings").first()).last_lead_owner_id;
    const owner = (await leadOf("rr1@example.com")).owner_id;
    await enquire("RR1@example.com");
    expect((await leadOf("rr1@example.com")).owner_id).toBe(owner);
    expect((await t.db("assignment_settings").first()).last_lead_owner_id).toBe(place);
  });
});
