// An adult family member's own sign-in: the lead applicant invites them by e-mail, the person accepts signed in with
// that address, and then sees and completes their own part (steps, documents, page, messages) and nothing else of the
// group: not the lead's or another member's application, files or passport, not the group's page, not the payment or
// the submission. A child is never invited; another applicant's group answers 404; bad input changes nothing; the
// lead takes the sign-in away again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_GONE, NOT_ADULT, OWN_ADDRESS, WRONG_ACCOUNT } from "../../server/actions/family/memberSignIn.ts";
import { issueInvitationToken } from "../../server/models/familyInvitations.ts";
import { INVITE_EMAIL_INVALID } from "../../server/validation/familyInvitation.ts";
import type { FamilyInvitationProps } from "../../views/pages/auth/familyInvitationTypes.ts";
import type { FamilyProps } from "../../views/pages/portal/familyTypes.ts";
import { type Client, createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { PDF } from "../helpers/files.ts";

let t: TestApp;
let parentUser: TestUser;
let parent: Client;
let spouseUser: TestUser;
let stranger: Client;

beforeAll(async () => {
  t = await createTestApp();
  parentUser = await makeUser(t.db, { fullName: "Ngozi Eze", email: "ngozi.eze@example.com" });
  parent = await signedIn(t.app, parentUser);
  spouseUser = await makeUser(t.db, { fullName: "Emeka Eze", email: "emeka.eze@example.com" });
  stranger = await signedIn(t.app, await makeUser(t.db, { fullName: "Bola Ade" }));
});
afterAll(() => t.drop());

const SPOUSE = { relation: "spouse", relationOther: "", fullName: "Emeka Eze", dateOfBirth: "1984-07-19" };
const CHILD = { relation: "child", relationOther: "", fullName: "Chiamaka Eze", dateOfBirth: "2016-03-02" };

async function addMember(leadId: string, fields: Record<string, string>): Promise<string> {
  const res = await parent.form(`/application/${leadId}/family`, fields).expect(303);
  return String(res.headers.location).replace("/visa-application/", "");
}

/** The parent's group: the lead (complete, with a passport), a spouse and a child. */
async function family(): Promise<{ lead: string; spouse: string; child: string }> {
  const created = await parent.post("/api/applications", completeDraft({ full_name: "Ngozi Eze" })).expect(201);
  const lead = created.body.application.id as string;
  await attachPassportFiles(parent, lead);
  return { lead, spouse: await addMember(lead, SPOUSE), child: await addMember(lead, CHILD) };
}

const row = (id: string) => t.db("visa_applications").where({ id }).first();
const invitationsOf = (id: string) => t.db("family_invitations").where({ application_id: id }).orderBy("created_at");
const familyProps = async (leadId: string) => (await parent.getJson(`/application/${leadId}/family`).expect(200)).body.props as FamilyProps;
const invite = (lead: string, member: string, email: string, client = parent) =>
  client.form(`/application/${lead}/family/members/${member}/invite`, { email });

/** The link of the invitation's e-mail, as the mail worker makes it when it sends (the same token). */
async function linkToken(memberId: string): Promise<string> {
  const [waiting] = await invitationsOf(memberId).whereNull("accepted_at").whereNull("revoked_at");
  return (await issueInvitationToken(t.db, waiting.id)) as string;
}

const invitationPage = async (client: Client) => (await client.getJson("/family/invitation")).body.props as FamilyInvitationProps;

/** The spouse invited and accepted, signed in as themselves: their client. */
async function spouseSignedIn(lead: string, spouse: string): Promise<Client> {
  await invite(lead, spouse, spouseUser.email).expect(303);
  const client = await signedIn(t.app, spouseUser);
  await client.agent.get(`/family/invitation?token=${await linkToken(spouse)}`).expect(303);
  await client.form("/family/invitation", {}).expect(303);
  return client;
}

describe("inviting an adult member", () => {
  it("offers a sign-in for an adult member only, refuses bad input, a child and the lead's own address, and records the e-mail", async () => {
    const { lead, spouse, child } = await family();
    expect((await familyProps(lead)).signIns).toEqual([{ id: spouse, name: "Emeka Eze", state: "none", email: null, invitedAt: null }]);

    const bad = await invite(lead, spouse, "not an address").expect(400);
    expect(bad.text).toContain(INVITE_EMAIL_INVALID);
    expect((await invite(lead, child, "chiamaka@example.com").expect(409)).text).toContain(NOT_ADULT);
    expect((await invite(lead, spouse, "NGOZI.EZE@example.com").expect(400)).text).toContain(OWN_ADDRESS);
    expect(await invitationsOf(spouse)).toHaveLength(0);
    expect(await invitationsOf(child)).toHaveLength(0);

    await invite(lead, spouse, " Emeka.Eze@Example.com ").expect(303);
    const [sent] = await invitationsOf(spouse);
    expect(sent).toMatchObject({ email: "emeka.eze@example.com", invited_by: parentUser.id, accepted_at: null, revoked_at: null });
    const mail = await t.db("email_messages").where({ kind: "family_invitation", application_id: spouse }).first();
    expect(mail).toMatchObject({
      to_address: "emeka.eze@example.com",
      subject: "Ngozi Eze invited you to complete your part of a family visa application",
    });
    // The recorded e-mail holds no secret: its link is made when it is sent.
    expect(mail.data).toEqual({
      name: "Emeka Eze",
      invitedBy: "Ngozi Eze",
      reference: (await row(spouse)).reference_number,
      invitationId: sent.id,
      days: 14,
    });
    expect(sent.token_hash).toBeNull();
    const shown = (await familyProps(lead)).signIns[0];
    expect(shown).toMatchObject({ state: "invited", email: "emeka.eze@example.com" });
    expect(await t.db("audit_events").where({ action: "family_member_invited", subject_id: spouse })).toHaveLength(1);

    // Sent again: the new invitation replaces the one before (whose link stops working).
    const first = await linkToken(spouse);
    await invite(lead, spouse, "emeka.work@example.com").expect(303);
    expect((await invitationsOf(spouse)).map((i) => Boolean(i.revoked_at))).toEqual([true, false]);
    const late = await newClient(t.app);
    await late.agent.get(`/family/invitation?token=${first}`).expect(303);
    expect(await invitationPage(late)).toEqual({ state: "gone", message: INVITATION_GONE });
  });

  it("answers 404 for another applicant's group, and for a member of another group under the lead's id", async () => {
    const { lead, spouse } = await family();
    const other = await family();
    await invite(lead, spouse, "someone@example.com", stranger).expect(404);
    await invite(lead, other.spouse, "someone@example.com").expect(404);
    await stranger.form(`/application/${lead}/family/members/${spouse}/access/remove`, {}).expect(404);
    expect(await invitationsOf(spouse)).toHaveLength(0);
    expect(await invitationsOf(other.spouse)).toHaveLength(0);
  });
});

describe("accepting the invitation", () => {
  it("is accepted only signed in with the invited address, keeps the link across signing in, and works once", async () => {
    const { lead, spouse } = await family();
    await invite(lead, spouse, spouseUser.email).expect(303);
    const token = await linkToken(spouse);

    // Opened signed out: who invited whom, and to sign in with that address.
    const person = await newClient(t.app);
    const opened = await person.agent.get(`/family/invitation?token=${token}`).expect(303);
    expect(opened.headers.location).toBe("/family/invitation");
    expect(opened.headers["referrer-policy"]).toBe("no-referrer");
    expect(await invitationPage(person)).toMatchObject({
      state: "sign-in",
      invitedBy: "Ngozi Eze",
      memberName: "Emeka Eze",
      email: spouseUser.email,
    });

    // Another account: refused, nothing changed.
    const other = await signedIn(t.app, await makeUser(t.db, { email: "not.emeka@example.com" }));
    await other.agent.get(`/family/invitation?token=${token}`).expect(303);
    expect(await invitationPage(other)).toMatchObject({ state: "wrong-account", message: WRONG_ACCOUNT(spouseUser.email) });
    const refused = await other.form("/family/invitation", {}).expect(403);
    expect(refused.text).toContain(WRONG_ACCOUNT(spouseUser.email));
    expect((await row(spouse)).member_user_id).toBeNull();

    // The invited person signs in on the browser that opened the link: the invitation waits there to be accepted.
    await person.post("/signin", { email: spouseUser.email, password: spouseUser.password }).expect(200);
    expect(await invitationPage(person)).toMatchObject({ state: "accept", error: null });
    const accepted = await person.form("/family/invitation", {}).expect(303);
    expect(accepted.headers.location).toBe(`/visa-application/${spouse}`);
    expect((await row(spouse)).member_user_id).toBe(spouseUser.id);
    expect((await row(spouse)).user_id).toBe(parentUser.id);
    expect(await t.db("audit_events").where({ action: "family_invitation_accepted", subject_id: spouse, actor_id: spouseUser.id })).toHaveLength(1);
    expect((await familyProps(lead)).signIns[0]).toMatchObject({ state: "signed-in", email: spouseUser.email });

    // Used once: the same link again is gone.
    const again = await signedIn(t.app, spouseUser);
    await again.agent.get(`/family/invitation?token=${token}`).expect(303);
    expect((await again.getJson("/family/invitation")).status).toBe(410);
    await again.form("/family/invitation", {}).expect(410);
  });
});

describe("a member's own sign-in", () => {
  it("sees and completes their own part, and nothing else of the group", async () => {
    const { lead, spouse, child } = await family();
    const me = await spouseSignedIn(lead, spouse);

    // Their steps: who they are in the group, with no way to the group's page; a save is theirs to make.
    const wizard = (await me.getJson(`/visa-application/${spouse}`).expect(200)).body.props;
    expect(wizard.group.note).toBe(
      "Your part of Ngozi Eze's family application: the trip and address come from their answers, and they submit the group once everyone is ready.",
    );
    expect(wizard.group.familyUrl).toBeNull();
    expect(wizard.application.destination_country).toBe("United Kingdom");
    await me.patch(`/api/applications/${spouse}`, { passport_number: "B50012345", nationality: "Nigerian" }).expect(200);
    expect(await row(spouse)).toMatchObject({ passport_number: "B50012345", nationality: "Nigerian", user_id: parentUser.id });
    await attachPassportFiles(me, spouse);
    const doc = await me.agent
      .post(`/api/applications/${spouse}/documents`)
      .set("X-CSRF-Token", me.token)
      .field("document_type", "bank_statement")
      .attach("file", PDF, "statement.pdf")
      .expect(201);
    await me.get(`/files/documents/${doc.body.document.id}`).expect(200);
    await me.get(`/files/applications/${spouse}/passport-scan`).expect(200);

    // Their page: no payment, agreement or starting again (the lead's), and the group's line leads to their own list.
    const details = (await me.getJson(`/application/${spouse}`).expect(200)).body.props;
    expect(details.showPayNow).toBe(false);
    expect(details.agreement).toBeNull();
    expect(details.family).toEqual({
      text: "Your part of Ngozi Eze's family application: they submit the group and pay its bill.",
      link: "Your applications",
      url: "/dashboard",
    });
    // Their review: complete or not, the submission is the lead's.
    expect((await me.getJson(`/visa-application/${spouse}/review`).expect(200)).body.props.canSubmit).toBe(false);
    await me.post(`/api/applications/${spouse}/submit`, {}).expect(404);
    expect((await row(spouse)).status).toBe("draft");
    // They write to the consultancy about their own case.
    await me.post(`/api/applications/${spouse}/messages`, { body: "My passport was renewed last month." }).expect(201);

    // Their list: their part, and what comes next for it.
    const dashboard = (await me.getJson("/dashboard").expect(200)).body.props.applications;
    const mine = dashboard.find((a: { id: string }) => a.id === spouse);
    expect(mine.person).toBe("Emeka Eze · Your part of a family application");
    expect(dashboard.map((a: { id: string }) => a.id)).not.toContain(lead);
    expect(dashboard.map((a: { id: string }) => a.id)).not.toContain(child);

    // Nothing else of the group: the lead's and the child's applications, files and passports, the group's page, the money.
    const leadDoc = await parent.agent
      .post(`/api/applications/${lead}/documents`)
      .set("X-CSRF-Token", parent.token)
      .field("document_type", "bank_statement")
      .attach("file", PDF, "lead-statement.pdf")
      .expect(201);
    for (const id of [lead, child]) {
      await me.getJson(`/visa-application/${id}`).expect(404);
      await me.patch(`/api/applications/${id}`, { passport_number: "X1" }).expect(404);
      expect((await me.getJson(`/application/${id}`)).status).toBe(303);
      expect((await me.getJson(`/visa-application/${id}/review`)).status).toBe(303);
      await me.get(`/files/applications/${id}/passport-scan`).expect(404);
      await me.get(`/api/applications/${id}/passport-read`).expect(404);
      await me.post(`/api/applications/${id}/messages`, { body: "Hello" }).expect(404);
    }
    await me.get(`/files/documents/${leadDoc.body.document.id}`).expect(404);
    await me.del(`/api/documents/${leadDoc.body.document.id}`).expect(404);
    expect(await t.db("application_documents").where({ id: leadDoc.body.document.id })).toHaveLength(1);
    await me.getJson(`/application/${lead}/family`).expect(404);
    await me.getJson(`/application/${spouse}/family`).expect(404);
    await me.form(`/application/${lead}/family`, CHILD).expect(404);
    expect((await me.getJson(`/payment/${spouse}`)).status).not.toBe(200);
    await me.post(`/api/applications/${spouse}/payment`, {}).expect(404);
    await me.post(`/api/applications/${spouse}/copy`, {}).expect(404);
    expect((await row(lead)).passport_number).not.toBe("X1");
    // Their own draft's file they may remove.
    await me.del(`/api/documents/${doc.body.document.id}`).expect(200);
  });

  it("ends when the lead removes it; a waiting invitation is withdrawn the same way", async () => {
    const { lead, spouse } = await family();
    const me = await spouseSignedIn(lead, spouse);
    await me.getJson(`/visa-application/${spouse}`).expect(200);
    await parent.form(`/application/${lead}/family/members/${spouse}/access/remove`, {}).expect(303);
    expect((await row(spouse)).member_user_id).toBeNull();
    await me.getJson(`/visa-application/${spouse}`).expect(404);
    await me.patch(`/api/applications/${spouse}`, { passport_number: "B50099999" }).expect(404);
    const listed = (await me.getJson("/dashboard").expect(200)).body.props.applications.map((a: { id: string }) => a.id);
    expect(listed).not.toContain(spouse);
    expect(await t.db("audit_events").where({ action: "family_member_sign_in_removed", subject_id: spouse })).toHaveLength(1);

    await invite(lead, spouse, "emeka.other@example.com").expect(303);
    const token = await linkToken(spouse);
    await parent.form(`/application/${lead}/family/members/${spouse}/access/remove`, {}).expect(303);
    const person = await newClient(t.app);
    await person.agent.get(`/family/invitation?token=${token}`).expect(303);
    expect(await invitationPage(person)).toEqual({ state: "gone", message: INVITATION_GONE });
    expect((await familyProps(lead)).signIns[0].state).toBe("none");
  });

  it("ends when the member erases their own account, which leaves the lead's application as it was", async () => {
    const { lead, spouse } = await family();
    const memberUser = await makeUser(t.db, { fullName: "Emeka Eze", email: "emeka.leaving@example.com" });
    await invite(lead, spouse, memberUser.email).expect(303);
    const me = await signedIn(t.app, memberUser);
    await me.agent.get(`/family/invitation?token=${await linkToken(spouse)}`).expect(303);
    await me.form("/family/invitation", {}).expect(303);
    await me.patch(`/api/applications/${spouse}`, { passport_number: "B50077777" }).expect(200);
    await me.post("/api/account/delete", { password: memberUser.password, confirm: "DELETE" }).expect(200);
    expect(await row(spouse)).toMatchObject({ member_user_id: null, user_id: parentUser.id, passport_number: "B50077777", status: "draft" });
    expect(await invitationsOf(spouse)).toHaveLength(0);
    expect((await familyProps(lead)).signIns[0]).toMatchObject({ state: "none", email: null });
  });

  it("cannot be given to the lead's own account or to a lead's application, whatever writes it (the database's check)", async () => {
    const { lead, spouse } = await family();
    await expect(t.db("visa_applications").where({ id: spouse }).update({ member_user_id: parentUser.id })).rejects.toThrow(/member_user_check/);
    await expect(t.db("visa_applications").where({ id: lead }).update({ member_user_id: spouseUser.id })).rejects.toThrow(/member_user_check/);
  });
});
