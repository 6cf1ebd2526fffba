// One conversation per application: the applicant and staff write and read; e-mails carry a link, never the words;
// unread counts on the dashboard and the admin list; another's application is 404, staff need two-factor; bad input
// and a failed audit entry change nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markThreadRead } from "../../server/actions/messages/markThreadRead.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { createLogger } from "../../server/middleware/logging.ts";
import { insertApp, listAs } from "../helpers/admin.ts";
import type { Client } from "../helpers/app.ts";
import { newClient } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { BASE_URL, createMailTestApp, type MailTestApp } from "../helpers/mail.ts";

const OFFICE = "office@example.com";
let t: MailTestApp;
let applicant: TestUser;
let app: Client;
let adm: Client;
beforeAll(async () => {
  t = await createMailTestApp({ STAFF_NOTIFY_EMAIL: OFFICE });
  applicant = await makeUser(t.db, { fullName: "Chidi Okafor", email: "chidi.okafor@example.com" });
  app = await signedIn(t.app, applicant);
  adm = await signedIn(t.app, await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" }));
});
afterAll(() => t.close());

const submittedApp = async (userId = applicant.id) =>
  insertApp(t.db, userId, { status: "submitted", submitted_at: new Date(), full_name: "Chidi Okafor" });
const applicantPost = (client: Client, id: string, body: unknown) => client.post(`/api/applications/${id}/messages`, { body });
const staffPost = (client: Client, id: string, body: unknown) => client.post(`/api/admin/applications/${id}/messages`, { body });

/** Everything a message leaves behind for one application: its rows, its e-mails, their jobs and its audit entries. */
async function traces(id: string) {
  const messages = await t.db("application_messages").where({ application_id: id });
  const mails = await t.db("email_messages").where({ application_id: id });
  const audit = await t.db("audit_events").where({ action: "message_posted", subject_id: id });
  const jobs = mails.length
    ? (await t.db.raw("SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = ANY(?)", [mails.map((m) => `email:${m.id}`)])).rows[0].n
    : 0;
  return { messages: messages.length, mails: mails.length, audit: audit.length, jobs };
}
const NOTHING = { messages: 0, mails: 0, audit: 0, jobs: 0 };

const unreadOnList = async (reference: string) => {
  const { rows } = await listAs(adm, `?q=${reference}`);
  return (rows.find((r) => r.reference === reference) as unknown as { unreadMessages: number }).unreadMessages;
};
const unreadOnDashboard = async (client: Client, id: string) => {
  const { applications } = (await client.getJson("/dashboard").expect(200)).body.props;
  return applications.find((a: { id: string }) => a.id === id).unreadMessages as number;
};

describe("the conversation of an application", () => {
  it("applicant writes → the office gets a link without the words, staff see 1 unread until one of them opens it", async () => {
    const { id, reference_number: reference } = await submittedApp();
    const words = "Is a GTBank statement from March enough for the proof of funds?";
    const res = await applicantPost(app, id, `  ${words}\n`).expect(201);
    expect(res.body.message).toMatchObject({ authorName: "Chidi", mine: true, fromStaff: false, body: words });
    expect(await t.db("application_messages").where({ application_id: id }).first()).toMatchObject({ author_role: "applicant", body: words });

    const [mail] = await t.smtp.waitFor((m) => m.to.includes(OFFICE) && m.subject.includes(reference));
    expect(mail.subject).toBe(`New message from Chidi Okafor about ${reference}`);
    expect(mail.links).toContain(`${BASE_URL}/admin/application/${id}#messages`);
    expect(mail.text + mail.html).not.toContain("GTBank");
    expect(mail.to).not.toContain(applicant.email);

    const [audit] = await t.db("audit_events").where({ action: "message_posted", subject_id: id });
    expect(audit).toMatchObject({ actor_id: applicant.id, subject_type: "application" });
    expect(JSON.stringify(audit)).not.toContain("GTBank");

    expect(await unreadOnList(reference)).toBe(1);
    expect(await unreadOnDashboard(app, id)).toBe(0);
    // Staff open the review page: the message is shown as new, once, and the team's count goes back to zero.
    const first = (await adm.getJson(`/admin/application/${id}`).expect(200)).body.props.thread.messages;
    expect(first).toEqual([expect.objectContaining({ authorName: "Chidi", body: words, isNew: true, mine: false })]);
    expect(await unreadOnList(reference)).toBe(0);
    const again = (await adm.getJson(`/admin/application/${id}`).expect(200)).body.props.thread.messages;
    expect(again[0].isNew).toBe(false);
  });

  it("staff reply → the applicant gets a link without the words, the card says '1 new message' until the details page is opened", async () => {
    const { id, reference_number: reference } = await submittedApp();
    await applicantPost(app, id, "When will my appointment be booked?").expect(201);
    const words = "We booked your biometrics for Tuesday at VFS Ikeja.";
    const res = await staffPost(adm, id, words).expect(201);
    expect(res.body.message).toMatchObject({ authorName: "Folake", fromStaff: true, body: words });

    const [mail] = await t.smtp.waitFor((m) => m.to.includes(applicant.email) && m.subject.includes(reference));
    expect(mail.subject).toBe(`New message about your application ${reference}`);
    expect(mail.links).toContain(`${BASE_URL}/application/${id}#messages`);
    expect(mail.text + mail.html).not.toContain("VFS");
    expect((await t.db("audit_events").where({ action: "message_posted", subject_id: id })).map((a) => a.details)).toEqual([
      { from: "applicant" },
      { from: "staff" },
    ]);

    expect(await unreadOnDashboard(app, id)).toBe(1);
    const page = (await app.getJson(`/application/${id}`).expect(200)).body.props.thread;
    expect(page.messages.map((m: { authorName: string; isNew: boolean; body: string }) => [m.authorName, m.isNew, m.body])).toEqual([
      ["Chidi", false, "When will my appointment be booked?"],
      ["Folake", true, words],
    ]);
    expect(page.postUrl).toBe(`/api/applications/${id}/messages`);
    expect(await unreadOnDashboard(app, id)).toBe(0);
    // The page as HTML shows the thread with the author's first name.
    const html = (await app.get(`/application/${id}`).expect(200)).text;
    expect(html).toContain("VFS Ikeja");
    expect(html).toContain("Folake");
  });

  it("counts each side's unread messages separately, newest last, and a second staff member finds them read by the team", async () => {
    const { id, reference_number: reference } = await submittedApp();
    for (const n of [1, 2, 3]) await applicantPost(app, id, `Question ${n}`).expect(201);
    expect(await unreadOnList(reference)).toBe(3);
    expect(await unreadOnDashboard(app, id)).toBe(0);
    const thread = (await adm.getJson(`/admin/application/${id}`).expect(200)).body.props.thread.messages;
    expect(thread.map((m: { body: string }) => m.body)).toEqual(["Question 1", "Question 2", "Question 3"]);
    const other = await signedIn(t.app, await makeUser(t.db, { admin: true, fullName: "Tunde Bello" }));
    expect(await unreadOnList(reference)).toBe(0);
    const seen = (await other.getJson(`/admin/application/${id}`).expect(200)).body.props.thread.messages;
    expect(seen.every((m: { isNew: boolean }) => !m.isNew)).toBe(true);
  });
});

describe("who may write and read", () => {
  it("another applicant gets 404 for the application, and its thread stays closed to them", async () => {
    const { id } = await submittedApp();
    await applicantPost(app, id, "Private words of the owner").expect(201);
    const stranger = await signedIn(t.app, await makeUser(t.db));
    const before = await traces(id);
    const res = await applicantPost(stranger, id, "Let me in").expect(404);
    expect(res.body.error.message).toBe("Failed to load application");
    await applicantPost(stranger, "not-a-uuid", "Hello").expect(404);
    // Their details page of it goes back to the dashboard, and its unread message stays unread for staff.
    const page = await stranger.getJson(`/application/${id}`);
    expect(JSON.stringify(page.body)).not.toContain("Private words");
    expect(await traces(id)).toEqual(before);
    expect(await t.db("application_messages").where({ application_id: id }).whereNull("read_at")).toHaveLength(1);
  });

  it("marking a thread read as its applicant does nothing for someone else's application", async () => {
    const { id } = await submittedApp();
    await staffPost(adm, id, "Only for Chidi").expect(201);
    const stranger = await makeUser(t.db);
    const ctx = { db: t.db, config: t.config, logger: createLogger("silent"), outbox: createOutbox(t.config.mail) };
    const messageIds = await t.db("application_messages").where({ application_id: id }).pluck("id");
    expect(await markThreadRead(ctx, { userId: stranger.id, via: "web" }, { applicationId: id, reader: "applicant", messageIds })).toBe(0);
    expect(await unreadOnDashboard(app, id)).toBe(1);
    expect(await markThreadRead(ctx, { userId: applicant.id, via: "web" }, { applicationId: id, reader: "applicant", messageIds })).toBe(1);
    expect(await unreadOnDashboard(app, id)).toBe(0);
  });

  it("an admin without two-factor gets the admin panel's denial, and 404 on the applicant's route; anonymous is refused", async () => {
    const { id } = await submittedApp();
    const noTwoFactor = await signedIn(t.app, await makeUser(t.db, { admin: true, twoFactor: false }));
    const denied = await staffPost(noTwoFactor, id, "Hello").expect(403);
    expect(denied.body.error.message).toBe("Turn on two-factor sign-in to use the admin panel.");
    const page = await noTwoFactor.get(`/admin/application/${id}`).expect(303);
    expect(page.headers.location).toBe("/account/two-factor");
    await applicantPost(noTwoFactor, id, "Hello").expect(404);
    // A plain applicant on the staff route: refused like every admin API.
    await staffPost(app, id, "Hello").expect(403);
    const anonymous = await newClient(t.app);
    expect((await applicantPost(anonymous, id, "Hello").expect(401)).body.error.message).toBe("Not authenticated");
    await staffPost(anonymous, id, "Hello").expect(401);
    expect(await traces(id)).toEqual(NOTHING);
  });

  it("staff get 404 for an application that does not exist, and 409 once its applicant deleted their account", async () => {
    await staffPost(adm, "00000000-0000-4000-8000-000000000000", "Hello").expect(404);
    const { id } = await submittedApp();
    await t.db("visa_applications").where({ id }).update({ anonymised_at: new Date() });
    const res = await staffPost(adm, id, "Hello").expect(409);
    expect(res.body.error.message).toBe("The applicant deleted their account: messages can no longer reach them.");
    expect(await traces(id)).toEqual(NOTHING);
  });
});

describe("bad input and failures change nothing", () => {
  it("an empty, blank or missing message is 'Write a message first.' under the field; over 4,000 characters is refused; 4,000 is kept", async () => {
    const { id } = await submittedApp();
    for (const [post, client] of [
      [applicantPost, app],
      [staffPost, adm],
    ] as const) {
      for (const body of ["", "   \n\t  ", undefined, 42]) {
        const res = await post(client, id, body).expect(400);
        expect(res.body.error).toEqual({ message: "Write a message first.", fields: { body: "Write a message first." } });
      }
      const long = await post(client, id, "x".repeat(4001)).expect(400);
      expect(long.body.error.fields).toEqual({ body: "A message can be at most 4,000 characters." });
    }
    expect(await traces(id)).toEqual(NOTHING);
    await applicantPost(app, id, "y".repeat(4000)).expect(201);
    expect((await t.db("application_messages").where({ application_id: id }).first()).body).toHaveLength(4000);
  });

  it("the database refuses a blank or over-long message whatever the caller", async () => {
    const { id } = await submittedApp();
    const row = { application_id: id, author_id: applicant.id, author_role: "applicant" };
    await expect(t.db("application_messages").insert({ ...row, body: " \n " })).rejects.toThrow(/application_messages_body_check/);
    await expect(t.db("application_messages").insert({ ...row, body: "z".repeat(4001) })).rejects.toThrow(/application_messages_body_check/);
    await expect(t.db("application_messages").insert({ ...row, body: "Hi", author_role: "visitor" })).rejects.toThrow(/author_role_check/);
  });

  it("an applicant sends at most 30 messages an hour (each e-mails the office); the 31st is 429 and stores nothing", async () => {
    const user = await makeUser(t.db);
    const client = await signedIn(t.app, user);
    const { id } = await submittedApp(user.id);
    for (let n = 1; n <= 30; n++) await applicantPost(client, id, `Message ${n}`).expect(201);
    const res = await applicantPost(client, id, "One more").expect(429);
    expect(res.body.error.message).toBe("You have sent many messages in the last hour. Please wait a little before sending more, or call us.");
    expect(await traces(id)).toMatchObject({ messages: 30, mails: 30, audit: 30 });
    // Staff answer whatever the applicant's count.
    await staffPost(adm, id, "We read them all.").expect(201);
  });

  it("a failure writing the audit entry rolls the message and its e-mail back", async () => {
    const { id } = await submittedApp();
    await t.db.raw(`CREATE FUNCTION refuse_message_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused by the test'; END $$`);
    await t.db.raw(`CREATE TRIGGER refuse_message_audit BEFORE INSERT ON audit_events FOR EACH ROW
      WHEN (NEW.action = 'message_posted') EXECUTE FUNCTION refuse_message_audit()`);
    try {
      await applicantPost(app, id, "Will this be kept?").expect(500);
      await staffPost(adm, id, "Will this be kept?").expect(500);
    } finally {
      await t.db.raw("DROP TRIGGER refuse_message_audit ON audit_events");
      await t.db.raw("DROP FUNCTION refuse_message_audit()");
    }
    expect(await traces(id)).toEqual(NOTHING);
  });

  it("deleting the applicant's account erases the conversation of an application kept for the records", async () => {
    const user = await makeUser(t.db, { fullName: "Bola Ade" });
    const client = await signedIn(t.app, user);
    const { id } = await submittedApp(user.id);
    await applicantPost(client, id, "My words").expect(201);
    await staffPost(adm, id, "Our answer").expect(201);
    await client.post("/api/account/delete", { password: user.password, confirm: "DELETE" }).expect(200);
    expect((await t.db("visa_applications").where({ id }).first("anonymised_at")).anonymised_at).not.toBeNull();
    expect(await t.db("application_messages").where({ application_id: id })).toHaveLength(0);
  });
});
