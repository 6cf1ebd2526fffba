// Cases belong to someone: round-robin assignment of new submissions (fair under concurrent submissions, skipping
// deactivated officers and those without two-factor), the setting that turns it off, a manager's reassignment, an
// officer taking an unassigned case, and the Staff page's invitation, role change and deactivation.
import type { Knex } from "knex";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DEACTIVATED } from "../../server/auth/passport.ts";
import { issueToken } from "../../server/models/accountTokens.ts";
import { type Client, createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { completeDraft, makeUser, signedIn, type TestUser } from "../helpers/factories.ts";

let t: TestApp;
let manager: Client;
let applicant: TestUser;
let appClient: Client;

beforeAll(async () => {
  t = await createTestApp();
  manager = await signedIn(t.app, await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" }));
  applicant = await makeUser(t.db, { fullName: "Chidi Okafor" });
  appClient = await signedIn(t.app, applicant);
});
afterAll(() => t.drop());

/** A complete draft of the applicant, passport files recorded, straight into the database. */
async function completeDraftRow(db: Knex): Promise<string> {
  const { visa_specific_data, ...fields } = completeDraft();
  const [row] = await db("visa_applications")
    .insert({
      ...fields,
      visa_specific_data: JSON.stringify(visa_specific_data),
      user_id: applicant.id,
      reference_number: `VA-2026-RR${Math.random().toString(36).slice(2, 7).toUpperCase()}`,
      status: "draft",
      current_step: 8,
      passport_scan_path: `${applicant.id}/passport_scan_1.pdf`,
      passport_scan_mime: "application/pdf",
      photo_path: `${applicant.id}/photo_1.jpg`,
      photo_mime: "image/jpeg",
    })
    .returning("id");
  return row.id;
}

/** `n` submissions at once, as the applicant; their ids. */
async function submitMany(n: number): Promise<string[]> {
  const ids = await Promise.all(Array.from({ length: n }, () => completeDraftRow(t.db)));
  await Promise.all(ids.map((id) => appClient.post(`/api/applications/${id}/submit`).expect(200)));
  return ids;
}

const assigneesOf = async (ids: string[]) =>
  (await t.db("visa_applications").whereIn("id", ids).select("assignee_id")).map((r) => r.assignee_id as string | null);

const countBy = (values: (string | null)[]) => {
  const counts = new Map<string | null, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
};

describe("round-robin assignment of new submissions", () => {
  let officers: TestUser[];
  let leaver: TestUser;
  let notEnrolled: TestUser;

  beforeAll(async () => {
    officers = [];
    for (const name of ["Amaka Obi", "Bayo Lawal", "Chioma Eze"]) officers.push(await makeUser(t.db, { officer: true, fullName: name }));
    leaver = await makeUser(t.db, { officer: true, fullName: "Dayo Leaver" });
    notEnrolled = await makeUser(t.db, { officer: true, fullName: "Efe New", twoFactor: false });
    // The leaver is deactivated from the Staff page before any submission.
    await manager.post(`/api/admin/staff/${leaver.id}/deactivate`).expect(200);
  });

  it("shares ten concurrent submissions among three active officers 4/3/3, skipping the deactivated and the not yet enrolled", async () => {
    const ids = await submitMany(10);
    const counts = countBy(await assigneesOf(ids));
    expect([...counts.values()].sort()).toEqual([3, 3, 4]);
    expect(new Set(counts.keys())).toEqual(new Set(officers.map((o) => o.id)));
    expect(counts.has(leaver.id)).toBe(false);
    expect(counts.has(notEnrolled.id)).toBe(false);
    // Each assignment is in the case's history, the audit trail and the assignee's mailbox.
    expect(await t.db("application_assignments").whereIn("application_id", ids).where({ how: "round_robin" })).toHaveLength(10);
    expect(await t.db("audit_events").where({ action: "case_assigned" }).whereIn("subject_id", ids)).toHaveLength(10);
    const mails = await t.db("email_messages").where({ kind: "case_assigned" }).whereIn("application_id", ids).select("user_id");
    expect(countBy(mails.map((m) => m.user_id))).toEqual(counts);
  });

  it("keeps the rotation's place: the next submission goes to the officer after the last one", async () => {
    const last = (await t.db("assignment_settings").first("last_assignee_id")).last_assignee_id;
    const sorted = officers.map((o) => o.id).sort();
    const expected = sorted[(sorted.indexOf(last) + 1) % sorted.length];
    const [id] = await submitMany(1);
    expect(await assigneesOf([id])).toEqual([expected]);
  });

  it("when the manager turns it off, new submissions wait in Unassigned", async () => {
    await manager.put("/api/admin/settings/assignment", { on: false }).expect(200);
    const [id] = await submitMany(1);
    expect(await assigneesOf([id])).toEqual([null]);
    const list = (await manager.getJson("/admin?tab=unassigned").expect(200)).body.props;
    expect(list.rows.map((r: { id: string }) => r.id)).toContain(id);
    await manager.put("/api/admin/settings/assignment", { on: true }).expect(200);
    // Bad input changes nothing.
    const bad = await manager.put("/api/admin/settings/assignment", { on: "maybe" }).expect(400);
    expect(bad.body.error.fields.on).toBeDefined();
    expect((await t.db("assignment_settings").first("round_robin")).round_robin).toBe(true);
  });
});

describe("taking and reassigning", () => {
  it("an officer takes an unassigned case from the Unassigned tab; it is then in their Mine tab, and a second take is refused as out of date", async () => {
    const amaka = await makeUser(t.db, { officer: true, fullName: "Amaka Taker" });
    const client = await signedIn(t.app, amaka);
    await manager.put("/api/admin/settings/assignment", { on: false }).expect(200);
    const [id] = await submitMany(1);
    await manager.put("/api/admin/settings/assignment", { on: true }).expect(200);
    const unassigned = (await client.getJson("/admin?tab=unassigned").expect(200)).body.props;
    expect(unassigned.tabs.map((tab: { value: string }) => tab.value)).toEqual(["mine", "unassigned"]);
    expect(unassigned.rows.map((r: { id: string }) => r.id)).toContain(id);
    await client.post(`/api/admin/applications/${id}/assignee`, { assigneeId: amaka.id, shownAssigneeId: null }).expect(200);
    const mine = (await client.getJson("/admin").expect(200)).body.props;
    expect(mine.query.tab).toBe("mine");
    expect(mine.rows.map((r: { id: string; assigneeName: string }) => [r.id, r.assigneeName])).toEqual([[id, "Amaka Taker"]]);
    const again = await client.post(`/api/admin/applications/${id}/assignee`, { assigneeId: amaka.id, shownAssigneeId: null }).expect(409);
    expect(again.body.error.message).toMatch(/changed hands/);
    // Giving it to someone else is a manager's; an officer asking for All gets Mine.
    const other = await makeUser(t.db, { officer: true });
    await client.post(`/api/admin/applications/${id}/assignee`, { assigneeId: other.id, shownAssigneeId: amaka.id }).expect(403);
    expect((await client.getJson("/admin?tab=all").expect(200)).body.props.query.tab).toBe("mine");
    expect(await t.db("application_assignments").where({ application_id: id }).select("how", "assignee_id")).toEqual([
      { how: "taken", assignee_id: amaka.id },
    ]);
  });

  it("a manager reassigns a case: the new assignee is e-mailed, the history and the trail say so; an inactive person is refused", async () => {
    const [first, second] = [await makeUser(t.db, { officer: true }), await makeUser(t.db, { officer: true, fullName: "Ngozi Second" })];
    // With the turn on, the submission could go to `second` (the turn goes by account id) and e-mail them: the turn is off
    // while it is submitted, and the case starts with `first`.
    await manager.put("/api/admin/settings/assignment", { on: false }).expect(200);
    const [id] = await submitMany(1);
    await manager.put("/api/admin/settings/assignment", { on: true }).expect(200);
    await t.db("visa_applications").where({ id }).update({ assignee_id: first.id });
    await manager.post(`/api/admin/applications/${id}/assignee`, { assigneeId: second.id, shownAssigneeId: first.id }).expect(200);
    expect((await t.db("visa_applications").where({ id }).first("assignee_id")).assignee_id).toBe(second.id);
    expect(await t.db("email_messages").where({ kind: "case_assigned", application_id: id, user_id: second.id })).toHaveLength(1);
    const audit = await t.db("audit_events").where({ action: "case_assigned", subject_id: id }).orderBy("id", "desc").first();
    expect(audit.details).toMatchObject({ to: second.id, how: "reassigned" });
    const review = (await manager.getJson(`/admin/application/${id}`).expect(200)).body.props.assignment;
    expect(review.assigneeName).toBe("Ngozi Second");
    expect(review.history[0].text).toBe("Assigned to Ngozi Second by Folake Adeyemi");
    const unenrolled = await makeUser(t.db, { officer: true, twoFactor: false });
    const refused = await manager
      .post(`/api/admin/applications/${id}/assignee`, { assigneeId: unenrolled.id, shownAssigneeId: second.id })
      .expect(400);
    expect(refused.body.error.fields.assigneeId).toBeDefined();
    await manager.post(`/api/admin/applications/${id}/assignee`, { assigneeId: "not-an-id", shownAssigneeId: second.id }).expect(400);
    expect((await t.db("visa_applications").where({ id }).first("assignee_id")).assignee_id).toBe(second.id);
  });
});

describe("the Staff page", () => {
  it("a manager invites a case officer; the link sets a password and leads to turning on two-factor with the set-up link", async () => {
    const res = await manager
      .post("/api/admin/staff/invitations", { fullName: "Ife Newcomer", email: "ife.new@example.com", role: "case_officer" })
      .expect(201);
    const { userId } = res.body;
    expect(await t.db("user_roles").where({ user_id: userId }).first("role")).toEqual({ role: "case_officer" });
    expect(await t.db("email_messages").where({ kind: "staff_invitation", user_id: userId })).toHaveLength(1);
    expect(await t.db("audit_events").where({ action: "staff_invited", subject_id: userId })).toHaveLength(1);
    const stateOf = async () =>
      (await manager.getJson("/admin/staff").expect(200)).body.props.staff.find((s: { id: string }) => s.id === userId).state;
    expect(await stateOf()).toBe("Invited");
    // The same address again: refused, nothing new.
    await manager.post("/api/admin/staff/invitations", { fullName: "Ife Again", email: "IFE.NEW@example.com", role: "admin" }).expect(409);
    await manager.post("/api/admin/staff/invitations", { fullName: "", email: "nope", role: "boss" }).expect(400);
    expect(await t.db("users").whereRaw("lower(email) = 'ife.new@example.com'")).toHaveLength(1);

    // The e-mail's link is made when it is sent: the same token here.
    const token = (await issueToken(t.db, userId, "staff_invite")) as string;
    const person = await newClient(t.app);
    await person.agent.get(`/staff/invitation?token=${token}`).expect(303);
    const weak = await person.form("/staff/invitation", { password: "short" });
    expect(weak.status).toBe(400);
    const done = await person.form("/staff/invitation", { password: "a long staff passphrase 42" }).expect(303);
    expect(done.headers.location).toBe("/account/two-factor");
    const page = (await person.getJson("/account/two-factor").expect(200)).body.props;
    expect(page.needsLink).toBeUndefined();
    expect(page.qrSvg).toBeTruthy();
    expect(await stateOf()).toBe("Setting up two-factor");
    // The link worked once.
    const reuse = await newClient(t.app);
    await reuse.agent.get(`/staff/invitation?token=${token}`).expect(303);
    expect((await reuse.get("/staff/invitation")).status).toBe(410);
  });

  it("a case officer cannot open it; a manager changes a role and deactivates: sessions end, sign-in is refused with a clear message, history stays", async () => {
    const officer = await makeUser(t.db, { officer: true, fullName: "Kemi Leaving" });
    const client = await signedIn(t.app, officer);
    expect((await client.get("/admin/staff")).headers.location).toBe("/admin");
    await client.post("/api/admin/staff/invitations", { fullName: "X", email: "x@example.com", role: "admin" }).expect(403);

    await manager.patch(`/api/admin/staff/${officer.id}/role`, { role: "admin" }).expect(200);
    expect((await t.db("user_roles").where({ user_id: officer.id }).first("role")).role).toBe("admin");
    await manager.patch(`/api/admin/staff/${officer.id}/role`, { role: "owner" }).expect(400);
    await manager.patch(`/api/admin/staff/${officer.id}/role`, { role: "case_officer" }).expect(200);

    const fresh = await signedIn(t.app, officer);
    const [id] = await submitMany(1);
    await t.db("visa_applications").where({ id }).update({ assignee_id: officer.id });
    await manager.post(`/api/admin/staff/${officer.id}/deactivate`).expect(200);
    expect((await fresh.get("/api/session")).status).toBe(401);
    const signIn = await (await newClient(t.app)).post("/signin", { email: officer.email, password: officer.password });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error.message).toBe(ACCOUNT_DEACTIVATED);
    expect((await t.db("visa_applications").where({ id }).first("assignee_id")).assignee_id).toBeNull();
    expect(await t.db("users").where({ id: officer.id }).first("full_name")).toEqual({ full_name: "Kemi Leaving" });
    const staff = (await manager.getJson("/admin/staff").expect(200)).body.props.staff;
    expect(staff.find((s: { id: string }) => s.id === officer.id).state).toBe("Deactivated");
    await manager.post("/api/admin/staff/00000000-0000-4000-8000-000000000000/deactivate").expect(404);
  });
});
