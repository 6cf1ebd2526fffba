// A booking's reschedule and cancel links (no sign-in), the invite's SEQUENCE and METHOD on each change, and its
// reminders: queued 24 h and 1 h before, moved with the booking, removed when it is cancelled, sent when due; each
// change is a line of the booking's lead's history.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newClient } from "../helpers/app.ts";
import { makeConsultant, makeConsultationType, readInvite } from "../helpers/consultations.ts";
import { signedIn, type TestUser } from "../helpers/factories.ts";
import { createMailTestApp, type MailTestApp } from "../helpers/mail.ts";
import type { Received } from "../helpers/smtp.ts";

let t: MailTestApp;
let staff: TestUser;
let typeId: string;
beforeAll(async () => {
  t = await createMailTestApp();
  staff = await makeConsultant(t.db);
  typeId = await makeConsultationType(t.db);
});
afterAll(() => t.close());

const values = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1].replace(/&amp;/g, "&"));
const path = (url: string) => new URL(url).pathname;
const inviteOf = (m: Received) => readInvite(m.attachments.find((a) => a.contentType.startsWith("text/calendar"))?.content ?? "");
const linkOf = (m: Received, kind: "reschedule" | "cancel") => path(m.links.find((l) => l.includes(`/book/${kind}/`)) ?? "");

/** The free times on the `n`th day the booking page lists (0: the first). */
async function timesOnDay(n: number, base = `/book?type=${typeId}`): Promise<string[]> {
  const client = await newClient(t.app);
  const days = values((await client.get(base).expect(200)).text, /href="([^"]*[?&](?:amp;)?day=[^"]+)"/g);
  return values((await client.get(days[n]).expect(200)).text, /name="slot" value="([^"]+)"/g);
}

async function book(email: string, slot: string): Promise<{ id: string; uid: string; mail: Received }> {
  const client = await newClient(t.app);
  await client
    .form("/book", { name: "Ife Adeyemi", email, phone: "08031234567", destination: "United Kingdom", visa_type: "work", type: typeId, slot })
    .expect(200);
  const row = await t.db("bookings").where({ email }).first();
  const [mail] = await t.smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Consultation booked"));
  return { id: row.id, uid: row.uid, mail };
}

const reminderJobs = (bookingId: string) =>
  t.db("graphile_worker._private_jobs").where("key", "like", `booking-reminder:${bookingId}:%`).orderBy("run_at").select("key", "run_at");

describe("a booking's links and reminders", () => {
  it("moves the booking from its link: same UID, SEQUENCE 1, new links; the old ones stop working; reminders move", async () => {
    const [slot] = await timesOnDay(2);
    const { id, uid, mail } = await book("move@example.com", slot);
    const start = new Date(slot).getTime();
    expect((await reminderJobs(id)).map((j) => [j.key.split(":")[2], new Date(j.run_at).getTime()])).toEqual([
      ["24h", start - 24 * 3_600_000],
      ["1h", start - 3_600_000],
    ]);

    const reschedule = linkOf(mail, "reschedule");
    const cancel = linkOf(mail, "cancel");
    const client = await newClient(t.app);
    const page = await client.get(reschedule).expect(200);
    expect(page.text).toContain("Move your consultation");
    expect(page.headers["referrer-policy"]).toBe("same-origin");
    const [newSlot] = await timesOnDay(4, reschedule);
    const moved = await client.form(reschedule, { slot: newSlot }).expect(200);
    expect(moved.text).toContain("Your consultation has moved");
    const row = await t.db("bookings").where({ id }).first();
    expect(row).toMatchObject({ sequence: 1, status: "confirmed", uid });
    expect(new Date(row.starts_at).toISOString()).toBe(newSlot);

    const [movedMail] = await t.smtp.waitFor((m) => m.to.includes("move@example.com") && m.subject.startsWith("Consultation moved"));
    expect(inviteOf(movedMail)).toMatchObject({ method: "REQUEST", uid, sequence: 1, start: newSlot });
    const [staffMail] = await t.smtp.waitFor((m) => m.to.includes(staff.email) && m.subject.startsWith("Consultation moved"));
    expect(inviteOf(staffMail)).toMatchObject({ method: "REQUEST", uid, sequence: 1 });

    // Used once: both old links are dead, and a second move from the old link changes nothing.
    await client.get(reschedule).expect(410);
    await client.get(cancel).expect(410);
    await client.form(reschedule, { slot }).expect(410);
    expect((await t.db("bookings").where({ id }).first()).sequence).toBe(1);
    const newStart = new Date(newSlot).getTime();
    expect((await reminderJobs(id)).map((j) => new Date(j.run_at).getTime())).toEqual([newStart - 24 * 3_600_000, newStart - 3_600_000]);

    // The new e-mail's cancel link asks first, then cancels: METHOD:CANCEL, SEQUENCE 2, reminders gone, link spent.
    const newCancel = linkOf(movedMail, "cancel");
    expect((await client.get(newCancel).expect(200)).text).toContain("Do you want to cancel this consultation?");
    expect((await client.form(newCancel, {}).expect(200)).text).toContain("Your consultation is cancelled");
    expect(await t.db("bookings").where({ id }).first()).toMatchObject({ status: "cancelled", sequence: 2 });
    const [cancelMail] = await t.smtp.waitFor((m) => m.to.includes("move@example.com") && m.subject.startsWith("Consultation cancelled"));
    expect(inviteOf(cancelMail)).toMatchObject({ method: "CANCEL", uid, sequence: 2, status: "CANCELLED" });
    expect(await reminderJobs(id)).toEqual([]);
    await client.form(newCancel, {}).expect(410);
    await client.form(linkOf(movedMail, "reschedule"), { slot }).expect(410);
  });

  it("lets the link page's own form post through: its referrer policy keeps the Origin a browser sends", async () => {
    const [slot, other] = await timesOnDay(3);
    const { id, mail } = await book("origin@example.com", slot);
    const client = await newClient(t.app);
    const reschedule = linkOf(mail, "reschedule");
    const page = await client.get(reschedule).expect(200);
    // Under "no-referrer" Chromium sends a form post's Origin as "null"; under "same-origin" it sends the page's own.
    expect(page.headers["referrer-policy"]).toBe("same-origin");
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    const refused = await client.form(reschedule, { slot: other }).set("Origin", "null").set("Sec-Fetch-Site", "same-origin").expect(403);
    expect(refused.text).toContain("Cross-site request refused.");
    expect((await t.db("bookings").where({ id }).first()).sequence).toBe(0);
    await client
      .form(reschedule, { slot: other })
      .set("Host", "site.test")
      .set("Origin", "http://site.test")
      .set("Sec-Fetch-Site", "same-origin")
      .expect(200);
    expect((await t.db("bookings").where({ id }).first()).sequence).toBe(1);
  });

  it("refuses a time that is not free, and a link after the meeting has started", async () => {
    // Two hours apart: the first booking's buffer does not reach the second.
    const [first, , , , second] = await timesOnDay(5);
    await book("taken@example.com", first);
    const { id, mail } = await book("late@example.com", second);
    const client = await newClient(t.app);
    const reschedule = linkOf(mail, "reschedule");
    const refused = await client.form(reschedule, { slot: first }).expect(409);
    expect(refused.text).toContain("That time has just been taken");
    await client.form(reschedule, { slot: "not a time" }).expect(400);
    expect(new Date((await t.db("bookings").where({ id }).first()).starts_at).toISOString()).toBe(second);
    await client.get("/book/cancel/not-a-token-of-ours-at-all-1234567890").expect(410);

    // The meeting started an hour ago: its links no longer work.
    await t
      .db("bookings")
      .where({ id })
      .update({
        starts_at: t.db.raw("now() - interval '1 hour'"),
        ends_at: t.db.raw("now() - interval '30 minutes'"),
        blocked_until: t.db.raw("now()"),
      });
    await client.get(reschedule).expect(410);
    await client.form(linkOf(mail, "cancel"), {}).expect(410);
    expect((await t.db("bookings").where({ id }).first()).status).toBe("confirmed");
  });

  it("writes each move (with its new time in Lagos) and the cancellation into the lead's history, moving its stage nowhere", async () => {
    const [slot] = await timesOnDay(7);
    const { id, mail } = await book("history@example.com", slot);
    const client = await newClient(t.app);
    const [newSlot] = await timesOnDay(8, linkOf(mail, "reschedule"));
    await client.form(linkOf(mail, "reschedule"), { slot: newSlot }).expect(200);
    const [movedMail] = await t.smtp.waitFor((m) => m.to.includes("history@example.com") && m.subject.startsWith("Consultation moved"));
    await client.form(linkOf(movedMail, "cancel"), {}).expect(200);

    const lead = await t.db("leads").where({ email: "history@example.com" }).first();
    expect(lead.stage).toBe("consultation_booked");
    const events = await t.db("lead_events").where({ lead_id: lead.id }).whereLike("kind", "booking%").orderBy("id");
    expect(events.map((e) => [e.kind, e.to_stage, e.ref_id])).toEqual([
      ["booking", "consultation_booked", id],
      ["booking_moved", null, id],
      ["booking_cancelled", null, id],
    ]);
    const page = await (await signedIn(t.app, staff)).getJson(`/admin/leads/${lead.id}`).expect(200);
    const lagos = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short", timeZone: "Africa/Lagos" }).format(new Date(newSlot));
    expect(page.body.props.history.map((h: { text: string }) => h.text).filter((text: string) => text.startsWith("Consultation"))).toEqual([
      "Consultation booked (now Consultation booked)",
      `Consultation moved to ${lagos} (Lagos time)`,
      "Consultation cancelled",
    ]);
  });

  // Two bookings, five racing requests and their e-mails: 3–9 s on CI, and past the default 20 s beside other work.
  it("moves a booking once when its link is used several times at once, and lets only one of a move and a cancel through", {
    timeout: 60_000,
  }, async () => {
    const [slot, , , , a, , , , b, , , , c] = await timesOnDay(9);
    const { id, mail } = await book("twice@example.com", slot);
    const reschedule = linkOf(mail, "reschedule");
    const clients = await Promise.all([0, 1, 2].map(() => newClient(t.app)));
    await Promise.all(clients.map((client) => client.get(reschedule).expect(200)));
    const statuses = (await Promise.all([a, b, c].map((s, i) => clients[i].form(reschedule, { slot: s })))).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 410, 410]);
    expect((await t.db("bookings").where({ id }).first()).sequence).toBe(1);
    const movedMails = await t.db("email_messages").whereRaw("data->>'bookingId' = ?", [id]).whereIn("kind", ["booking_moved", "booking_staff"]);
    expect(movedMails.filter((m) => m.kind === "booking_moved")).toHaveLength(1);
    expect(movedMails.filter((m) => m.kind === "booking_staff" && m.data.change === "Consultation moved")).toHaveLength(1);
    expect(await t.db("audit_events").where({ subject_id: id, action: "consultation_moved" })).toHaveLength(1);

    const [other, later] = await timesOnDay(10);
    const both = await book("both@example.com", other);
    const [mover, canceller] = await Promise.all([0, 1].map(() => newClient(t.app)));
    await mover.get(linkOf(both.mail, "reschedule")).expect(200);
    await canceller.get(linkOf(both.mail, "cancel")).expect(200);
    const [moved, cancelled] = await Promise.all([
      mover.form(linkOf(both.mail, "reschedule"), { slot: later }),
      canceller.form(linkOf(both.mail, "cancel"), {}),
    ]);
    expect([moved.status, cancelled.status].sort()).toEqual([200, 410]);
    const refused = moved.status === 410 ? moved : cancelled;
    expect(refused.text).toContain("This link no longer works");
    const row = await t.db("bookings").where({ id: both.id }).first();
    expect(row.sequence).toBe(1);
    expect(
      await t.db("audit_events").where({ subject_id: both.id }).whereIn("action", ["consultation_moved", "consultation_cancelled"]),
    ).toHaveLength(1);
  });

  it("sends the reminder when its job comes due, and none for a cancelled booking", async () => {
    const [slot, , , , other] = await timesOnDay(6);
    const { id } = await book("remind@example.com", slot);
    // The clock moves to the reminder's time: the job is due now.
    await t
      .db("graphile_worker._private_jobs")
      .where({ key: `booking-reminder:${id}:24h` })
      .update({ run_at: t.db.fn.now() });
    const [reminder] = await t.smtp.waitFor((m) => m.to.includes("remind@example.com") && m.subject.startsWith("Reminder"));
    expect(reminder.subject).toBe("Reminder: your consultation tomorrow");

    const { id: gone, mail } = await book("gone@example.com", other);
    await newClient(t.app).then((c) => c.form(linkOf(mail, "cancel"), {}).expect(200));
    expect(await reminderJobs(gone)).toEqual([]);
  });
});
