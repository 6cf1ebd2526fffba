// Families apply together: the lead applicant adds members on their own application (a child without an account of
// its own), the trip and address typed once on the lead's application reach every member who has not answered them
// differently, and the lead submits those ready while the others stay drafts, named with what they still need. Only
// the lead's own application takes members; another person's group answers 404; bad input changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GROUP_FULL, MEMBER_NOT_LEAD } from "../../server/actions/family/addMember.ts";
import { MAX_FAMILY_MEMBERS } from "../../server/domain/family.ts";
import { BIRTH_DATE_INVALID, RELATION_MISSING, RELATION_OTHER_MISSING } from "../../server/validation/family.ts";
import type { FamilyProps } from "../../views/pages/portal/familyTypes.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { PDF } from "../helpers/files.ts";
import { pageData, visibleText } from "../helpers/html.ts";

let t: TestApp;
let parentUser: TestUser;
let parent: Client;
let stranger: Client;

beforeAll(async () => {
  t = await createTestApp();
  parentUser = await makeUser(t.db, { fullName: "Ngozi Eze" });
  parent = await signedIn(t.app, parentUser);
  stranger = await signedIn(t.app, await makeUser(t.db, { fullName: "Bola Ade" }));
});
afterAll(() => t.drop());

/** A draft of the parent's, saved through the wizard's API. */
async function leadDraft(fields: Record<string, unknown> = {}): Promise<string> {
  const res = await parent.post("/api/applications", completeDraft({ full_name: "Ngozi Eze", ...fields })).expect(201);
  return res.body.application.id;
}

const CHILD = { relation: "child", relationOther: "", fullName: "Chiamaka Eze", dateOfBirth: "2016-03-02" };

/** Adds a member through the plain form; the new member's id from where it leads. */
async function addMember(leadId: string, fields: Record<string, string> = CHILD, client = parent): Promise<string> {
  const res = await client.form(`/application/${leadId}/family`, fields).expect(303);
  const match = String(res.headers.location).match(/^\/visa-application\/([0-9a-f-]{36})$/);
  if (!match) throw new Error(`added member led to ${res.headers.location}`);
  return match[1];
}

const row = (id: string) => t.db("visa_applications").where({ id }).first();
const membersOf = (leadId: string) => t.db("visa_applications").where({ group_lead_id: leadId }).orderBy("created_at");
const familyProps = async (leadId: string, client = parent) =>
  (await client.getJson(`/application/${leadId}/family`).expect(200)).body.props as FamilyProps;

/** The group's submit form, as the browser sends the ticked boxes. */
const submitGroup = (leadId: string, chosen: string[], client = parent) =>
  client.agent
    .post(`/application/${leadId}/family/submit`)
    .type("form")
    .send([...chosen.map((id) => `chosen=${id}`), `_csrf=${encodeURIComponent(client.token)}`].join("&"));

describe("a family group", () => {
  it("starts a member with the lead's trip, address, visa type and contact details, and their own name and birth date", async () => {
    const lead = await leadDraft({ itinerary: "London, then Edinburgh" });
    const childId = await addMember(lead);
    const child = await row(childId);
    const leadRow = await row(lead);
    expect(child).toMatchObject({
      user_id: parentUser.id,
      group_lead_id: lead,
      group_relation: "child",
      status: "draft",
      full_name: "Chiamaka Eze",
      date_of_birth: "2016-03-02",
      visa_type: leadRow.visa_type,
      destination_country: "United Kingdom",
      arrival_date: leadRow.arrival_date,
      departure_date: leadRow.departure_date,
      travel_purpose: "Holiday in London",
      itinerary: "London, then Edinburgh",
      address: "5 Awolowo Road, Ikoyi, Lagos",
      phone: leadRow.phone,
      email: leadRow.email,
      // Nothing personal of the lead's: the passport and the declarations are the member's own to give.
      passport_number: null,
      nationality: null,
      gender: null,
      criminal_history: false,
      group_own_fields: [],
    });
    // The member's wizard says who they are in the group and marks the shared answers.
    const wizard = (await parent.getJson(`/visa-application/${childId}`).expect(200)).body.props;
    expect(wizard.group.note).toContain(`Child in the family group of ${leadRow.reference_number}`);
    expect(wizard.group.hints.address).toBe("Shared with the family group: change it only if theirs differs");
    expect(wizard.group.hints.passport_number).toBeUndefined();
    // Being added is no request for changes (only a draft row after a submission is).
    expect(wizard.changesRequested).toBeNull();
    const history = await t.db("application_status_history").where({ application_id: childId }).first();
    expect(history.notes).toBe(`Added to the family group of ${leadRow.reference_number} (Child).`);
  });

  it("keeps the trip in step: the lead's change reaches the members who follow it, not one who answered differently", async () => {
    const lead = await leadDraft();
    const follows = await addMember(lead);
    const differs = await addMember(lead, { relation: "spouse", relationOther: "", fullName: "Obinna Eze", dateOfBirth: "1985-07-21" });
    // The spouse lives elsewhere for now: their own address.
    await parent.patch(`/api/applications/${differs}`, { address: "12 Marina, Lagos Island" }).expect(200);
    expect((await row(differs)).group_own_fields).toEqual(["address"]);
    await parent.patch(`/api/applications/${lead}`, { address: "3 Bourdillon Road, Ikoyi", departure_date: "2027-05-30" }).expect(200);
    expect(await row(follows)).toMatchObject({ address: "3 Bourdillon Road, Ikoyi", departure_date: "2027-05-30" });
    expect(await row(differs)).toMatchObject({ address: "12 Marina, Lagos Island", departure_date: "2027-05-30" });
    // Answered back to the lead's value, the spouse's address follows the lead again.
    await parent.patch(`/api/applications/${differs}`, { address: "3 Bourdillon Road, Ikoyi" }).expect(200);
    expect((await row(differs)).group_own_fields).toEqual([]);
    await parent.patch(`/api/applications/${lead}`, { address: "8 Glover Road, Ikoyi" }).expect(200);
    expect((await row(differs)).address).toBe("8 Glover Road, Ikoyi");
    // The group's page names what a member answered differently.
    await parent.patch(`/api/applications/${follows}`, { travel_purpose: "School trip with the family" }).expect(200);
    const props = await familyProps(lead);
    expect(props.people.find((p) => p.id === follows)?.own).toEqual(["Purpose of travel"]);
  });

  it("never changes a member once submitted when the lead's draft changes", async () => {
    const lead = await leadDraft();
    const member = await addMember(lead);
    await t.db("visa_applications").where({ id: member }).update({ status: "submitted", submitted_at: new Date() });
    await parent.patch(`/api/applications/${lead}`, { address: "1 Akin Adesola, Victoria Island" }).expect(200);
    expect((await row(member)).address).toBe("5 Awolowo Road, Ikoyi, Lagos");
  });

  it("adds the same person once, however often the form is sent (a double click)", async () => {
    const lead = await leadDraft();
    const [a, b] = await Promise.all([addMember(lead), addMember(lead, { ...CHILD, fullName: " chiamaka eze " })]);
    expect(a).toBe(b);
    expect(await membersOf(lead)).toHaveLength(1);
    expect((await parent.getJson(`/visa-application/${a}`).expect(200)).body.shared.flash?.title).toMatch(
      /^(Family member added|Already in your group)$/,
    );
    expect(await t.db("audit_events").where({ action: "family_member_added", subject_id: a })).toHaveLength(1);
  });

  it("refuses bad input with a clear message beside the field, and adds nobody", async () => {
    const lead = await leadDraft();
    const cases: [Record<string, string>, string, string][] = [
      [{ ...CHILD, relation: "" }, "relation", RELATION_MISSING],
      [{ ...CHILD, relation: "cousin" }, "relation", RELATION_MISSING],
      [{ ...CHILD, relation: "other", relationOther: "  " }, "relationOther", RELATION_OTHER_MISSING],
      [{ ...CHILD, fullName: "   " }, "fullName", "Enter their full name as it is in their passport."],
      [{ ...CHILD, dateOfBirth: "2016-02-30" }, "dateOfBirth", BIRTH_DATE_INVALID],
      [{ ...CHILD, dateOfBirth: "2999-01-01" }, "dateOfBirth", BIRTH_DATE_INVALID],
    ];
    for (const [fields, field, message] of cases) {
      const res = await parent.form(`/application/${lead}/family`, fields).expect(400);
      const props = pageData(res.text).props as FamilyProps;
      expect(props.refused?.fields[field]).toBe(message);
      // What was typed stays in the form.
      expect(props.refused?.values.fullName).toBe(fields.fullName.slice(0, 200));
    }
    expect(await membersOf(lead)).toHaveLength(0);
    // "Other" with its words is taken.
    const other = await addMember(lead, { relation: "other", relationOther: "niece", fullName: "Ada Okoro", dateOfBirth: "2010-10-10" });
    expect(await row(other)).toMatchObject({ group_relation: "other", group_relation_other: "niece" });
    expect((await familyProps(lead)).people.map((p) => p.relation)).toEqual(["Lead applicant (you)", "Other relative: niece"]);
  });

  it("takes members only on the lead's application: a member's page leads to the lead's, and a member cannot lead", async () => {
    const lead = await leadDraft();
    const member = await addMember(lead);
    const page = await parent.get(`/application/${member}/family`).expect(303);
    expect(page.headers.location).toBe(`/application/${lead}/family`);
    const res = await parent.form(`/application/${member}/family`, CHILD).expect(409);
    expect(visibleText(res.text)).toContain(MEMBER_NOT_LEAD((await row(lead)).reference_number));
    expect(await membersOf(member)).toHaveLength(0);
    // The database holds the same rule for any other path.
    await expect(t.db("visa_applications").where({ id: lead }).update({ group_lead_id: member, group_relation: "child" })).rejects.toThrow(
      /leads no group/,
    );
  });

  it(`holds at most ${MAX_FAMILY_MEMBERS} members, counted apart from the open-drafts limit`, async () => {
    const lead = await leadDraft();
    for (let i = 0; i < MAX_FAMILY_MEMBERS; i++) await addMember(lead, { ...CHILD, fullName: `Child ${i + 1}` });
    const res = await parent.form(`/application/${lead}/family`, { ...CHILD, fullName: "One more" }).expect(409);
    expect(visibleText(res.text)).toContain(GROUP_FULL);
    expect(await membersOf(lead)).toHaveLength(MAX_FAMILY_MEMBERS);
    expect((await familyProps(lead)).canAdd).toBe(false);
  });

  it("answers 404 for another person's group, and adds nothing to it", async () => {
    const lead = await leadDraft();
    await stranger.getJson(`/application/${lead}/family`).expect(404);
    await stranger.form(`/application/${lead}/family`, CHILD).expect(404);
    await submitGroup(lead, [lead], stranger).expect(404);
    expect(await membersOf(lead)).toHaveLength(0);
    expect((await row(lead)).status).toBe("draft");
    await parent.getJson("/application/00000000-0000-4000-8000-000000000000/family").expect(404);
    await parent.getJson("/application/not-an-id/family").expect(404);
  });

  it("submits the ones ticked and ready, and names who is not ready with what they still need", async () => {
    const lead = await leadDraft();
    await attachPassportFiles(parent, lead);
    const ready = await addMember(lead, { relation: "spouse", relationOther: "", fullName: "Obinna Eze", dateOfBirth: "1985-07-21" });
    const { full_name: _, date_of_birth: __, ...personal } = completeDraft({ gender: "male", passport_number: "B87654321" });
    await parent.patch(`/api/applications/${ready}`, personal).expect(200);
    await attachPassportFiles(parent, ready);
    const notReady = await addMember(lead);
    const before = await familyProps(lead);
    expect(before.people.map((p) => [p.ready, p.draft])).toEqual([
      [true, true],
      [true, true],
      [false, true],
    ]);
    expect(before.people[2].needs.length).toBeGreaterThan(0);
    // An id from outside the group is ignored, as if it had not been sent.
    const foreign = (await t.db("visa_applications").whereNot({ user_id: parentUser.id }).first("id"))?.id ?? lead;
    const res = await submitGroup(lead, [lead, ready, notReady, foreign]).expect(303);
    expect(res.headers.location).toBe(`/application/${lead}/family`);
    expect((await row(lead)).status).toBe("submitted");
    expect((await row(ready)).status).toBe("submitted");
    expect((await row(notReady)).status).toBe("draft");
    const { flash } = (await parent.getJson(`/application/${lead}/family`).expect(200)).body.shared;
    expect(flash.title).toBe("2 applications submitted");
    expect(flash.description).toMatch(/^Submitted: Ngozi Eze, Obinna Eze\. Not submitted yet: Chiamaka Eze \(needs [^)]+\)\.$/);
    // Each submitted member is a case of its own for staff.
    expect(await t.db("application_status_history").where({ application_id: ready, status: "submitted" })).toHaveLength(1);
    // The form sent again: what was submitted is said to be, nothing is refused or submitted twice.
    await submitGroup(lead, [lead, ready]).expect(303);
    expect((await parent.getJson(`/application/${lead}/family`).expect(200)).body.shared.flash).toEqual({
      title: "Already submitted",
      description: "Ngozi Eze, Obinna Eze: submitted already.",
    });
    expect(await t.db("application_status_history").where({ application_id: ready, status: "submitted" })).toHaveLength(1);
    // Nobody ready among those chosen: refused, nothing changes.
    const again = await submitGroup(lead, [notReady]).expect(400);
    expect(visibleText(again.text)).toContain("Nobody chosen is ready to submit yet");
    expect((await row(notReady)).status).toBe("draft");
  });

  it("offers the group on the review page before submitting, where the group is submitted together", async () => {
    const lead = await leadDraft();
    const review = async (id: string) => (await parent.getJson(`/visa-application/${id}/review`).expect(200)).body.props.family;
    expect(await review(lead)).toEqual({ text: "Applying with your family?", link: "Add family members", url: `/application/${lead}/family` });
    const child = await addMember(lead);
    expect((await review(lead)).link).toBe("See your family group");
    expect((await review(child)).url).toBe(`/application/${lead}/family`);
  });

  it("tells the group's cards apart on the dashboard by the person and their relation", async () => {
    const lead = await leadDraft();
    const child = await addMember(lead);
    const cards = (await parent.getJson("/dashboard").expect(200)).body.props.applications as { id: string; person: string | null }[];
    expect(cards.find((c) => c.id === lead)?.person).toBe("Ngozi Eze · Lead of your family group");
    expect(cards.find((c) => c.id === child)?.person).toBe("Chiamaka Eze · Child");
  });

  it("shows the way to the group on the application's page, for the lead and for a member", async () => {
    const lead = await leadDraft();
    const alone = (await parent.getJson(`/application/${lead}`).expect(200)).body.props.family;
    expect(alone).toEqual({ text: "Applying with your family?", link: "Add family members", url: `/application/${lead}/family` });
    const member = await addMember(lead);
    expect((await parent.getJson(`/application/${lead}`).expect(200)).body.props.family.text).toBe("You lead a family group of 2.");
    const ref = (await row(lead)).reference_number;
    expect((await parent.getJson(`/application/${member}`).expect(200)).body.props.family).toEqual({
      text: `Child in the family group of ${ref}.`,
      link: "See the family group",
      url: `/application/${lead}/family`,
    });
  });
});

describe("a family's appointments", () => {
  it("shows each person's visa-centre appointment side by side on the group's page", async () => {
    const lead = await leadDraft();
    const child = await addMember(lead);
    const spouse = await addMember(lead, { relation: "spouse", relationOther: "", fullName: "Obinna Eze", dateOfBirth: "1985-07-21" });
    await t.db("visa_applications").whereIn("id", [lead, child, spouse]).update({ status: "approved", submitted_at: new Date() });
    const at = (minute: number) => new Date(Date.UTC(2027, 2, 15, 8, minute));
    for (const [id, minute] of [
      [lead, 30],
      [child, 45],
    ] as const) {
      await t
        .db("case_stages")
        .insert({ application_id: id, stage: "appointment", state: "done", appointment_at: at(minute), details: JSON.stringify({}) });
    }
    const people = (await familyProps(lead)).people;
    expect(people.map((p) => p.appointment?.at ?? null)).toEqual([at(30).toISOString(), at(45).toISOString(), null]);
  });
});

describe("a family member's documents", () => {
  const listOf = async (id: string) =>
    (
      (await parent.getJson(`/visa-application/${id}`).expect(200)).body.props.documentsForApplication.items as {
        key: string;
        label: string;
        required: boolean;
      }[]
    ).map((i) => [i.key, i.required]);
  const sendFor = (id: string, key: string) =>
    parent.agent
      .post(`/api/applications/${id}/documents`)
      .set("X-CSRF-Token", parent.token)
      .set("Accept", "application/json")
      .field("requirement_key", key)
      .attach("file", PDF, "file.pdf");

  it("adds what the relation requires to the destination's list, and only to that member's", async () => {
    const lead = await leadDraft();
    const child = await addMember(lead);
    const spouse = await addMember(lead, { relation: "spouse", relationOther: "", fullName: "Obinna Eze", dateOfBirth: "1985-07-21" });
    const leadList = await listOf(lead);
    const childList = await listOf(child);
    expect(childList.slice(0, leadList.length)).toEqual(leadList);
    expect(childList.slice(leadList.length)).toEqual([
      ["child-birth-certificate", true],
      ["parental-consent-letter", false],
    ]);
    expect((await listOf(spouse)).slice(leadList.length)).toEqual([["spouse-marriage-certificate", true]]);
    // The child's consent letter is filed under its item; the lead's list has no such item.
    expect((await sendFor(child, "parental-consent-letter")).status).toBe(201);
    const filed = await t.db("application_documents").where({ application_id: child }).first();
    expect(filed).toMatchObject({ document_type: "other", requirement_key: "parental-consent-letter" });
    const refused = await sendFor(lead, "parental-consent-letter");
    expect(refused.status).toBe(400);
    expect(await t.db("application_documents").where({ application_id: lead })).toHaveLength(0);
    // The birth certificate is named among what the child's application still needs.
    const review = (await parent.getJson(`/visa-application/${child}/review`).expect(200)).body.props;
    expect(JSON.stringify(review)).toContain("Child's birth certificate");
  });
});

describe("a family group for staff", () => {
  it("moves the group's cases with the same status along with a case's change, when asked, each as alone", async () => {
    const manager = await signedIn(t.app, await makeUser(t.db, { admin: true, fullName: "Kemi Manager" }));
    const lead = await leadDraft();
    const child = await addMember(lead);
    const spouse = await addMember(lead, { relation: "spouse", relationOther: "", fullName: "Obinna Eze", dateOfBirth: "1985-07-21" });
    await t.db("visa_applications").whereIn("id", [lead, child]).update({ status: "submitted", submitted_at: new Date() });
    // The case page offers to take the one other submitted case along (the spouse is still a draft).
    expect((await manager.getJson(`/admin/application/${lead}`).expect(200)).body.props.familyOthers).toBe(1);
    const alone = await manager.patch(`/api/admin/applications/${lead}/status`, { status: "under_review", shownStatus: "submitted" }).expect(200);
    expect(alone.body.family).toBeNull();
    expect((await row(child)).status).toBe("submitted");
    const together = await manager
      .patch(`/api/admin/applications/${lead}/status`, { status: "approved", shownStatus: "under_review", family: true })
      .expect(200);
    // The child was not under review: nothing of the group had the lead's status, so nothing else moved.
    expect(together.body.family).toEqual({ moved: [], left: [] });
    const again = await manager
      .patch(`/api/admin/applications/${child}/status`, { status: "under_review", shownStatus: "submitted", family: true })
      .expect(200);
    expect(again.body.family.moved).toEqual([]);
    await t.db("visa_applications").where({ id: spouse }).update({ status: "under_review", submitted_at: new Date() });
    const both = await manager
      .patch(`/api/admin/applications/${child}/status`, { status: "approved", shownStatus: "under_review", family: true })
      .expect(200);
    expect(both.body.family.moved).toEqual([(await row(spouse)).reference_number]);
    expect((await row(spouse)).status).toBe("approved");
    // Each moved case has its own history row and its own undo window, as a change made alone.
    expect(await t.db("application_status_history").where({ application_id: spouse, status: "approved" })).toHaveLength(1);
    // Bad input changes nothing: "family" must be a yes or no.
    await manager.patch(`/api/admin/applications/${lead}/status`, { status: "rejected", shownStatus: "approved", family: "yes" }).expect(400);
    expect((await row(lead)).status).toBe("approved");
  });

  it("gives a member's case to the officer who has the group's other case, not to the next in turn", async () => {
    const officers = await Promise.all(["Officer Ada", "Officer Bayo"].map((fullName) => makeUser(t.db, { officer: true, fullName })));
    const lead = await leadDraft();
    await attachPassportFiles(parent, lead);
    const spouse = await addMember(lead, { relation: "spouse", relationOther: "", fullName: "Obinna Eze", dateOfBirth: "1985-07-21" });
    const { full_name: _, date_of_birth: __, ...personal } = completeDraft({ gender: "male", passport_number: "B87654321" });
    await parent.patch(`/api/applications/${spouse}`, personal).expect(200);
    await attachPassportFiles(parent, spouse);
    await parent.post(`/api/applications/${lead}/submit`).expect(200);
    const officerOfLead = (await row(lead)).assignee_id;
    expect(officers.map((o) => o.id)).toContain(officerOfLead);
    // The round-robin would give the next case to the other officer; the family's goes to the same one.
    await parent.post(`/api/applications/${spouse}/submit`).expect(200);
    expect((await row(spouse)).assignee_id).toBe(officerOfLead);
    const how = await t.db("application_assignments").where({ application_id: spouse }).first("how");
    expect(how.how).toBe("family");
  });

  it("names each case's place in its group on the case page, beside the applicant's other applications", async () => {
    const staff = await signedIn(t.app, await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" }));
    const lead = await leadDraft();
    const child = await addMember(lead);
    const spouse = await addMember(lead, { relation: "spouse", relationOther: "", fullName: "Obinna Eze", dateOfBirth: "1985-07-21" });
    const ref = (await row(lead)).reference_number;
    const childCase = (await staff.getJson(`/admin/application/${child}`).expect(200)).body.props;
    expect(childCase.family).toBe(`Child in the family group of ${ref}`);
    const named = Object.fromEntries(childCase.otherApplications.map((a: { id: string; family: string | null }) => [a.id, a.family]));
    expect(named[lead]).toBe("Lead applicant of this family group");
    expect(named[spouse]).toBe("Spouse or partner in this family group");
    const leadCase = (await staff.getJson(`/admin/application/${lead}`).expect(200)).body.props;
    expect(leadCase.family).toBe("Lead applicant of a family group of 3");
    // The staff's list says it too, on each row of the group (drafts are listed under All for a manager).
    const list = (await staff.getJson(`/admin?tab=all&q=${encodeURIComponent(ref)}`).expect(200)).body.props.rows as {
      id: string;
      family: string | null;
    }[];
    expect(list.find((r) => r.id === lead)?.family).toBe("Leads a family group of 3");
    // Every case of the group, found by the account they are all on: three cases (each member is a case of its own),
    // one group, each row naming it; a case of another group or none is not counted in it.
    const byAccount = (await staff.getJson(`/admin?tab=all&q=${encodeURIComponent(parentUser.email)}&size=100`).expect(200)).body.props as {
      rows: { id: string; family: string | null }[];
      total: number;
    };
    const ours = byAccount.rows.filter((r) => [lead, child, spouse].includes(r.id));
    expect(Object.fromEntries(ours.map((r) => [r.id, r.family]))).toEqual({
      [lead]: "Leads a family group of 3",
      [child]: "Family group of 3",
      [spouse]: "Family group of 3",
    });
    const ownRows = await t.db("visa_applications").where({ user_id: parentUser.id }).count({ n: "*" });
    expect(byAccount.total).toBe(Number(ownRows[0].n));
    const alone = await leadDraft();
    const aloneRow = (await staff.getJson(`/admin?tab=all&q=${encodeURIComponent((await row(alone)).reference_number)}`).expect(200)).body.props
      .rows[0];
    expect(aloneRow.family).toBeNull();
  });
});
