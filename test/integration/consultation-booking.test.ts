// Booking a consultation at /book: the three steps without script, the booking and its e-mails with the calendar
// invite, bad input, and the double-booking race decided by the database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosDay } from "../../server/domain/calendar.ts";
import { fromAddress, newClient } from "../helpers/app.ts";
import { makeConsultant, makeConsultationType, readInvite } from "../helpers/consultations.ts";
import { signedIn, type TestUser } from "../helpers/factories.ts";
import { createMailTestApp, type MailTestApp } from "../helpers/mail.ts";

let t: MailTestApp;
let staff: TestUser;
let typeId: string;
beforeAll(async () => {
  t = await createMailTestApp();
  staff = await makeConsultant(t.db);
  typeId = await makeConsultationType(t.db);
});
afterAll(() => t.close());

const visitor = { name: "Ngozi Eze", email: "ngozi@example.com", phone: "0803 123 4567", destination: "Canada", visa_type: "study" };
const values = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1].replace(/&amp;/g, "&"));

/**
 * The free times the page offers on the first day it lists with at least `atLeast` of them. The first day listed can
 * hold only the end of its hours (the booking notice counts from now), so a test that needs several times looks on.
 */
async function firstDayTimes(atLeast = 1): Promise<string[]> {
  const client = await newClient(t.app);
  const types = await client.get("/book").expect(200);
  expect(types.text).toContain("Free visa consultation");
  const dayLinks = values((await client.get(`/book?type=${typeId}`).expect(200)).text, /href="(\/book\?type=[^"]+&(?:amp;)?day=[^"]+)"/g);
  for (const dayLink of dayLinks) {
    const times = values((await client.get(dayLink).expect(200)).text, /name="slot" value="([^"]+)"/g);
    if (times.length >= atLeast) return times;
  }
  throw new Error(`no day offers ${atLeast} free times`);
}

describe("booking a consultation", () => {
  it("books a time from the list, mails the visitor and the staff member the invite, and names no one's slot twice", async () => {
    const [slot, next] = await firstDayTimes();
    const client = await newClient(t.app);
    const res = await client.form("/book", { ...visitor, type: typeId, slot }).expect(200);
    expect(res.text).toContain("Consultation booked");
    const row = await t.db("bookings").where({ email: "ngozi@example.com" }).first();
    expect(row).toMatchObject({ staff_id: staff.id, status: "confirmed", sequence: 0, phone: "+2348031234567", user_id: null });
    expect(new Date(row.starts_at).toISOString()).toBe(slot);

    const [mail] = await t.smtp.waitFor((m) => m.to.includes("ngozi@example.com"));
    expect(mail.subject).toMatch(/^Consultation booked: Free visa consultation, /);
    const invite = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"));
    expect(invite).toBeDefined();
    expect(readInvite(invite?.content ?? "")).toMatchObject({ method: "REQUEST", uid: row.uid, sequence: 0, start: slot });
    expect(mail.links.some((l) => l.startsWith("https://site.test/book/reschedule/"))).toBe(true);
    expect(mail.links.some((l) => l.startsWith("https://site.test/book/cancel/"))).toBe(true);
    const [staffMail] = await t.smtp.waitFor((m) => m.to.includes(staff.email));
    const staffInvite = staffMail.attachments.find((a) => a.contentType.startsWith("text/calendar"));
    expect(readInvite(staffInvite?.content ?? "")).toMatchObject({ method: "REQUEST", uid: row.uid, sequence: 0 });
    // The staff member's copy carries no link of the visitor's.
    expect(staffMail.links.some((l) => l.includes("/book/"))).toBe(false);

    // The time is no longer offered; the next one still is.
    const offered = await firstDayTimes();
    expect(offered).not.toContain(slot);
    expect(offered).toContain(next === undefined ? offered[0] : offered.find((v) => v >= next));
  });

  it("sends the visitor none of the words they typed, staff all of them, and one address at most 3 confirmations a day", async () => {
    const client = await newClient(t.app);
    const dayLinks = values((await client.get(`/book?type=${typeId}`).expect(200)).text, /href="(\/book\?type=[^"]+&(?:amp;)?day=[^"]+)"/g);
    const freeTime = async () => values((await client.get(dayLinks[2]).expect(200)).text, /name="slot" value="([^"]+)"/g)[0];
    const typed = { name: "Zorblat Quux http://spam.example/claim", destination: "Win a Zorblat prize at http://spam.example/win" };
    const book = (i: number, slot: string) =>
      fromAddress(`198.51.100.${40 + i}`)(
        client.form("/book", { ...visitor, ...typed, email: i ? "Relay@example.com" : "relay@example.com", type: typeId, slot }),
      );

    expect((await book(0, await freeTime())).status).toBe(200);
    const first = await t.db("bookings").whereRaw("lower(email) = 'relay@example.com'").first();
    const [mail] = await t.smtp.waitFor((m) => m.to.includes("relay@example.com") && m.subject.startsWith("Consultation booked"));
    const ics = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"))?.content ?? "";
    expect(readInvite(ics)).toMatchObject({ method: "REQUEST", uid: first.uid });
    for (const part of [mail.subject, mail.text, mail.html, ics]) {
      expect(part).not.toContain("Zorblat");
      expect(part).not.toContain("spam.example");
    }
    expect(mail.text).toContain("Hello,");
    expect(mail.text).toContain("Student Visa");
    // Staff see what was typed: their e-mail, its invite and the agenda.
    const [staffMail] = await t.smtp.waitFor((m) => m.to.includes(staff.email) && m.text.includes(typed.name));
    expect(staffMail.text).toContain(typed.destination);
    const manager = await signedIn(t.app, staff);
    const agenda = (await manager.get(`/admin/agenda?range=day&from=${lagosDay(new Date(first.starts_at))}`).expect(200)).text;
    expect(agenda).toContain("Zorblat Quux");
    expect(agenda).toContain("Win a Zorblat prize");

    // Three confirmations a day to one address (in any case); a 4th booking is made and answered the same, staff told.
    for (const i of [1, 2, 3]) expect((await book(i, await freeTime())).status).toBe(200);
    const bookings = await t.db("bookings").whereRaw("lower(email) = 'relay@example.com'");
    expect(bookings).toHaveLength(4);
    const sent = (kind: string) =>
      t
        .db("email_messages")
        .where({ kind })
        .whereRaw("data->>'bookingId' = any(?)", [bookings.map((b) => b.id)]);
    expect(await sent("booking_confirmed")).toHaveLength(3);
    expect(await sent("booking_staff")).toHaveLength(4);
  });

  it("refuses bad input with the field's message and keeps nothing", async () => {
    const [slot] = await firstDayTimes();
    const before = await t.db("bookings").count({ n: "*" }).first();
    const client = await newClient(t.app);
    const res = await client.form("/book", { ...visitor, email: "not-an-address", type: typeId, slot }).expect(400);
    expect(res.text).toContain("Enter a valid email address");
    expect(res.text).toContain('value="Ngozi Eze"');
    await client.form("/book", { ...visitor, type: typeId, slot: "2020-01-01T09:00:00.000Z" }).expect(409);
    await client.form("/book", { ...visitor, type: "00000000-0000-4000-8000-000000000000", slot }).expect(404);
    expect(await t.db("bookings").count({ n: "*" }).first()).toEqual(before);
  });

  it("refuses a post without the CSRF token", async () => {
    const [slot] = await firstDayTimes();
    const client = await newClient(t.app);
    await client.agent
      .post("/book")
      .type("form")
      .send({ ...visitor, type: typeId, slot, email: "nocsrf@example.com" })
      .expect(403);
    expect(await t.db("bookings").where({ email: "nocsrf@example.com" }).first()).toBeUndefined();
  });

  it("gives one of twenty simultaneous requests for the last slot the booking; the others are offered the next times", async () => {
    const [, , slot] = await firstDayTimes(3);
    const clients = await Promise.all(Array.from({ length: 20 }, () => newClient(t.app)));
    // Twenty people on twenty networks: the per-network limit is not what decides.
    const answers = await Promise.all(
      clients.map((c, i) => fromAddress(`198.51.100.${i + 1}`)(c.form("/book", { ...visitor, email: `racer${i}@example.com`, type: typeId, slot }))),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const lost of answers.filter((a) => a.status === 409)) {
      expect(lost.text).toContain("That time has just been taken");
      expect(values(lost.text, /name="slot" value="([^"]+)"/g).length).toBeGreaterThan(0);
    }
    const rows = await t
      .db("bookings")
      .where({ starts_at: new Date(slot) })
      .whereNot({ status: "cancelled" });
    expect(rows).toHaveLength(1);
  });

  it("takes at most 10 bookings an hour from one network, then answers 429 with the form and keeps nothing", async () => {
    const times = await firstDayTimes();
    const client = await newClient(t.app);
    const from = fromAddress("203.0.113.9");
    const answers: number[] = [];
    for (let i = 0; i < 11; i++)
      answers.push((await from(client.form("/book", { ...visitor, email: `many${i}@example.com`, type: typeId, slot: times[0] }))).status);
    // The first takes the time, the next nine are told it is taken (each counts), the eleventh is refused by the limit.
    expect(answers.slice(0, 10)).toEqual([200, ...Array(9).fill(409)]);
    expect(answers[10]).toBe(429);
    expect(await t.db("bookings").where({ email: "many10@example.com" }).first()).toBeUndefined();
  });

  it("is refused by the database itself when two bookings would overlap for one staff member", async () => {
    const [existing] = await t.db("bookings").limit(1);
    const { id: _id, uid: _uid, created_at: _c, updated_at: _u, ...copy } = existing;
    const overlapping = { ...copy, uid: "overlap@test", starts_at: new Date(new Date(existing.starts_at).getTime() + 10 * 60_000) };
    await expect(t.db("bookings").insert(overlapping)).rejects.toMatchObject({ code: "23P01" });
    // Cancelled bookings free their time.
    await expect(t.db("bookings").insert({ ...overlapping, status: "cancelled" })).resolves.toBeDefined();
  });
});
