// Staff's side of consultations: types and availability (bad input changes nothing), the agenda, marking a meeting
// held or missed, and the calendar feed at a secret address that a reset kills.
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_YOUR_CONSULTATION } from "../../server/actions/consultations/lockStaffBooking.ts";
import { addDays, lagosDay } from "../../server/domain/calendar.ts";
import { issueToken } from "../../server/models/accountTokens.ts";
import { type Client, createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { makeConsultant, makeConsultationType, makeFeed, takesConsultations } from "../helpers/consultations.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";

let t: TestApp;
let staff: TestUser;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  staff = await makeConsultant(t.db, { fullName: "Bola Ahmed" });
  admin = await signedIn(t.app, staff);
});
afterAll(() => t.drop());

const slotsOf = (html: string) => [...html.matchAll(/name="slot" value="([^"]+)"/g)].map((m) => m[1]);

/** Books the first free time on `day` (a Lagos day; by default the second day offered), as a visitor on /book. */
async function bookFirstTime(typeId: string, email: string, { day, name = "Kemi Lawal" }: { day?: string; name?: string } = {}): Promise<string> {
  const visitor = await newClient(t.app);
  const days = [...(await visitor.get(`/book?type=${typeId}`)).text.matchAll(/href="(\/book\?type=[^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
  const [slot] = slotsOf((await visitor.get(day ? `/book?type=${typeId}&day=${day}` : days[1])).text);
  await visitor.form("/book", { name, email, phone: "08031234567", destination: "Germany", visa_type: "work", type: typeId, slot }).expect(200);
  return (await t.db("bookings").where({ email }).first()).id;
}

describe("consultation settings", () => {
  it("adds a type that /book then offers, and retires it", async () => {
    await admin
      .form("/admin/consultations/types", {
        name: "Study abroad session",
        minutes: "45",
        price_naira: "0",
        mode: "office",
        office_address: "12 Admiralty Way, Lekki, Lagos",
      })
      .expect(303);
    const row = await t.db("consultation_types").where({ name: "Study abroad session" }).first();
    expect(row).toMatchObject({ minutes: 45, price_kobo: 0, mode: "office", office_address: "12 Admiralty Way, Lekki, Lagos", active: true });
    expect((await (await newClient(t.app)).get("/book")).text).toContain("Study abroad session");
    await admin.form(`/admin/consultations/types/${row.id}/active`, { active: "false" }).expect(303);
    expect((await (await newClient(t.app)).get("/book")).text).not.toContain("Study abroad session");
  });

  it("refuses a bad type, bad rules and bad hours with the field's message, and changes nothing", async () => {
    const before = await t.db("consultation_types").count({ n: "*" }).first();
    const res = await admin.form("/admin/consultations/types", { name: "X", minutes: "5", mode: "office" }).expect(400);
    expect(res.text).toContain("Length must be at least 10");
    expect(await t.db("consultation_types").count({ n: "*" }).first()).toEqual(before);
    await admin.form("/admin/consultations/rules", { notice_hours: "-1", horizon_weeks: "4" }).expect(400);
    expect(await t.db("booking_settings").first()).toMatchObject({ notice_hours: 12, horizon_weeks: 4 });
    const hours = await t.db("staff_hours").where({ user_id: staff.id }).orderBy("weekday");
    const bad = await admin.form(`/admin/consultations/availability/${staff.id}`, { buffer_minutes: "15", hours_1: "9 to 5" }).expect(400);
    expect(bad.text).toContain("Monday: write the hours as 09:00-17:00");
    expect(await t.db("staff_hours").where({ user_id: staff.id }).orderBy("weekday")).toEqual(hours);
    await admin.form("/admin/consultations/availability/00000000-0000-4000-8000-000000000000", { buffer_minutes: "15" }).expect(404);
  });

  it("saves weekly hours, buffer and days off, which /book then follows", async () => {
    const typeId = await makeConsultationType(t.db, { name: "Hours check" });
    await admin
      .form(`/admin/consultations/availability/${staff.id}`, {
        buffer_minutes: "30",
        hours_1: "10:00-12:00",
        hours_3: "14:00-16:00",
        days_off: "2031-01-06",
      })
      .expect(303);
    expect(await t.db("consultation_staff").where({ user_id: staff.id }).first()).toMatchObject({ buffer_minutes: 30 });
    expect(await t.db("staff_hours").where({ user_id: staff.id }).orderBy("weekday").select("weekday", "start_minute", "end_minute")).toEqual([
      { weekday: 1, start_minute: 600, end_minute: 720 },
      { weekday: 3, start_minute: 840, end_minute: 960 },
    ]);
    const page = (await (await newClient(t.app)).get(`/book?type=${typeId}`)).text;
    const days = [...page.matchAll(/day=(\d{4}-\d{2}-\d{2})/g)].map((m) => new Date(`${m[1]}T00:00:00Z`).getUTCDay());
    expect(days.length).toBeGreaterThan(0);
    expect(new Set(days)).toEqual(new Set([1, 3]));
    await admin
      .form(
        `/admin/consultations/availability/${staff.id}`,
        Object.fromEntries([["buffer_minutes", "15"], ...[0, 1, 2, 3, 4, 5, 6].map((d) => [`hours_${d}`, "09:00-17:00"])]),
      )
      .expect(303);
  });
});

describe("a case officer's consultation settings", () => {
  it("sets their own hours; another person's answer 404, and types and rules are managers' alone", async () => {
    const officer = await makeUser(t.db, { officer: true, fullName: "Ngozi Obi" });
    const desk = await signedIn(t.app, officer);
    await desk.form(`/admin/consultations/availability/${officer.id}`, { buffer_minutes: "10", hours_2: "09:00-12:00" }).expect(303);
    expect(await t.db("staff_hours").where({ user_id: officer.id }).select("weekday", "start_minute")).toEqual([{ weekday: 2, start_minute: 540 }]);
    const before = await t.db("staff_hours").where({ user_id: staff.id }).orderBy(["weekday", "start_minute"]);
    await desk.form(`/admin/consultations/availability/${staff.id}`, { buffer_minutes: "0", hours_1: "06:00-07:00" }).expect(404);
    expect(await t.db("staff_hours").where({ user_id: staff.id }).orderBy(["weekday", "start_minute"])).toEqual(before);
    const rules = await t.db("booking_settings").first();
    const refused = await desk.form("/admin/consultations/rules", { notice_hours: "1", horizon_weeks: "8" });
    expect([refused.status, refused.headers.location]).toEqual([303, "/admin"]);
    expect(await t.db("booking_settings").first()).toEqual(rules);
    const page = (await desk.getJson("/admin/consultations").expect(200)).body.props;
    expect(page.staffOptions.map((o: { value: string }) => o.value)).toEqual([officer.id]);
  });
});

describe("the agenda and a meeting's outcome", () => {
  it("lists the week's bookings with a WhatsApp reminder, and marks one held only once it has started", async () => {
    const typeId = await makeConsultationType(t.db, { name: "Agenda check" });
    // Only Bola takes meetings here: the officer of an earlier test keeps Tuesday mornings, and from a Sunday the second
    // day offered is a Tuesday, when the booking could go to either of them.
    await t.db("staff_hours").whereNot({ user_id: staff.id }).delete();
    const id = await bookFirstTime(typeId, "kemi@example.com");
    expect((await t.db("bookings").where({ id }).first()).staff_id).toBe(staff.id);
    // The booking is a lead of the booking page, at "consultation booked".
    const lead = () => t.db("leads").whereRaw("lower(email) = 'kemi@example.com'").first("stage", "source");
    expect(await lead()).toEqual({ stage: "consultation_booked", source: "booking_page" });
    const week = await admin.get("/admin/agenda?range=week").expect(200);
    expect(week.text).toContain("Kemi Lawal");
    expect(week.text).toContain("https://wa.me/2348031234567?text=");
    expect((await admin.get(`/admin/agenda?range=week&staff=${staff.id}`)).text).toContain("Kemi Lawal");

    const early = await admin.form(`/admin/bookings/${id}/outcome`, { outcome: "attended", note: "" }).expect(409);
    expect(early.text).toContain("This consultation has not started yet.");
    await t
      .db("bookings")
      .where({ id })
      .update({
        starts_at: t.db.raw("now() - interval '1 hour'"),
        ends_at: t.db.raw("now() - interval '30 minutes'"),
        blocked_until: t.db.raw("now()"),
      });
    await admin.form(`/admin/bookings/${id}/outcome`, { outcome: "maybe" }).expect(400);
    expect((await lead())?.stage).toBe("consultation_booked");
    await admin.form(`/admin/bookings/${id}/outcome`, { outcome: "attended", note: "Wants to apply for a work visa." }).expect(303);
    expect((await lead())?.stage).toBe("consultation_held");
    expect(await t.db("bookings").where({ id }).first()).toMatchObject({ status: "attended", note: "Wants to apply for a work visa.", sequence: 1 });
    await admin.form("/admin/bookings/00000000-0000-4000-8000-000000000000/outcome", { outcome: "attended" }).expect(404);

    // Held: invited to create an account, prefilled from the booking; confirming the address links the booking.
    // The day's agenda of the day it started: an hour ago is yesterday in Lagos between midnight and one.
    const { day } = await t.db("bookings").where({ id }).first(t.db.raw("to_char(starts_at at time zone 'Africa/Lagos', 'YYYY-MM-DD') as day"));
    expect((await admin.get(`/admin/agenda?from=${day}`).expect(200)).text).toContain("Invite to create an account");
    await admin.form(`/admin/bookings/${id}/invite`, {}).expect(303);
    const invite = await t.db("email_messages").where({ kind: "booking_account_invite", to_address: "kemi@example.com" }).first();
    expect(invite.subject).toBe("Start your visa application with Horizon Gate");
    const signup = await (await newClient(t.app)).get("/signup?email=kemi%40example.com&name=Kemi%20Lawal").expect(200);
    expect(signup.text).toContain('value="kemi@example.com"');
    expect(signup.text).toContain('value="Kemi Lawal"');
    const person = await makeUser(t.db, { email: "kemi@example.com", fullName: "Kemi Lawal" });
    expect((await t.db("bookings").where({ id }).first()).user_id).toBeNull();
    const token = await issueToken(t.db, person.id, "email_confirm");
    await (await newClient(t.app)).get(`/confirm-email?token=${token}`).expect(303);
    expect((await t.db("bookings").where({ id }).first()).user_id).toBe(person.id);
    // Once it is the account's, no second invitation; a meeting not held yet and an unknown booking are refused.
    await admin.form(`/admin/bookings/${id}/invite`, {}).expect(409);
    await admin.form("/admin/bookings/00000000-0000-4000-8000-000000000000/invite", {}).expect(404);
  });

  it("marks a meeting once: the agenda then shows its outcome without the buttons, and a second outcome is refused", async () => {
    const typeId = await makeConsultationType(t.db, { name: "Once check" });
    const id = await bookFirstTime(typeId, "once@example.com", { name: "Sade Once" });
    const started = await t
      .db("bookings")
      .where({ id })
      // Earlier than the other test's meeting with the same staff member, so the two do not overlap.
      .update({
        starts_at: t.db.raw("now() - interval '3 hours'"),
        ends_at: t.db.raw("now() - interval '150 minutes'"),
        blocked_until: t.db.raw("now() - interval '2 hours'"),
      })
      .returning("starts_at");
    const agendaEntry = async () => {
      const html = (await admin.get(`/admin/agenda?range=day&from=${lagosDay(started[0].starts_at)}`).expect(200)).text;
      const at = html.indexOf("Sade Once");
      expect(at).toBeGreaterThan(-1);
      return html.slice(at, html.indexOf("</li>", at)).replace(/<!-- -->/g, "");
    };
    expect(await agendaEntry()).toContain("Mark missed");
    await admin.form(`/admin/bookings/${id}/outcome`, { outcome: "no_show", note: "No answer on the phone." }).expect(303);

    const marked = await agendaEntry();
    expect(marked).toContain("Outcome: marked missed");
    expect(marked).not.toContain("Mark held");
    expect(marked).not.toContain("Mark missed");
    expect(marked).not.toContain("/outcome");
    const lead = await t.db("leads").whereRaw("lower(email) = 'once@example.com'").first();
    const leadPage = await admin.getJson(`/admin/leads/${lead.id}`).expect(200);
    expect(leadPage.body.props.bookings).toMatchObject([{ id, statusLabel: "Missed", note: "No answer on the phone." }]);

    const before = await t.db("bookings").where({ id }).first();
    const events = await t.db("lead_events").where({ lead_id: lead.id }).count({ n: "*" }).first();
    const audits = await t.db("audit_events").where({ subject_id: id, action: "consultation_outcome" }).count({ n: "*" }).first();
    const again = await admin.form(`/admin/bookings/${id}/outcome`, { outcome: "attended", note: "Came after all." }).expect(409);
    expect(again.text).toContain("This consultation is already marked missed; its outcome cannot be changed.");
    expect(await t.db("bookings").where({ id }).first()).toEqual(before);
    expect(await t.db("leads").where({ id: lead.id }).first("stage")).toEqual({ stage: "consultation_booked" });
    expect(await t.db("lead_events").where({ lead_id: lead.id }).count({ n: "*" }).first()).toEqual(events);
    expect(await t.db("audit_events").where({ subject_id: id, action: "consultation_outcome" }).count({ n: "*" }).first()).toEqual(audits);
  });
});

describe("another staff member's consultation", () => {
  it("is marked held or missed, and its person invited, only by its own staff member or a manager: another officer gets 403 and changes nothing", async () => {
    const typeId = await makeConsultationType(t.db, { name: "Whose check" });
    const owner = await makeUser(t.db, { officer: true, fullName: "Emeka Eze" });
    const other = await makeUser(t.db, { officer: true, fullName: "Ngozi Bello" });
    await takesConsultations(t.db, owner.id);
    const id = await bookFirstTime(typeId, "whose@example.com", { name: "Femi Whose" });
    const [started] = await t
      .db("bookings")
      .where({ id })
      .update({
        staff_id: owner.id,
        starts_at: t.db.raw("now() - interval '5 hours'"),
        ends_at: t.db.raw("now() - interval '270 minutes'"),
        blocked_until: t.db.raw("now() - interval '4 hours'"),
      })
      .returning("starts_at");
    const day = `/admin/agenda?range=day&from=${lagosDay(started.starts_at)}`;
    const lead = () => t.db("leads").whereRaw("lower(email) = 'whose@example.com'").first("stage");
    const unchanged = async () => ({
      booking: await t.db("bookings").where({ id }).first(),
      lead: await lead(),
      audits: await t.db("audit_events").where({ subject_id: id }).count({ n: "*" }).first(),
      mails: await t.db("email_messages").where({ to_address: "whose@example.com" }).count({ n: "*" }).first(),
    });

    const stranger = await signedIn(t.app, other);
    expect((await stranger.get(day).expect(200)).text).not.toContain(`/admin/bookings/${id}/outcome`);
    const before = await unchanged();
    const marked = await stranger.form(`/admin/bookings/${id}/outcome`, { outcome: "attended", note: "Not my meeting." }).expect(403);
    expect(marked.text).toContain(NOT_YOUR_CONSULTATION);
    expect(await unchanged()).toEqual(before);

    const own = await signedIn(t.app, owner);
    expect((await own.get(day).expect(200)).text).toContain(`/admin/bookings/${id}/outcome`);
    await own.form(`/admin/bookings/${id}/outcome`, { outcome: "attended", note: "Held." }).expect(303);
    expect(await lead()).toEqual({ stage: "consultation_held" });

    expect((await stranger.get(day).expect(200)).text).not.toContain(`/admin/bookings/${id}/invite`);
    const held = await unchanged();
    const invited = await stranger.form(`/admin/bookings/${id}/invite`, {}).expect(403);
    expect(invited.text).toContain(NOT_YOUR_CONSULTATION);
    expect(await unchanged()).toEqual(held);
    expect((await admin.get(day).expect(200)).text).toContain(`/admin/bookings/${id}/invite`);
    await admin.form(`/admin/bookings/${id}/invite`, {}).expect(303);
    expect(await t.db("email_messages").where({ kind: "booking_account_invite", to_address: "whose@example.com" })).toHaveLength(1);
  });
});

describe("paging the agenda", () => {
  const today = lagosDay(new Date());
  const ahead = addDays(today, 10);
  const names = (html: string) => [...html.replace(/<!-- -->/g, "").matchAll(/<time[^>]*>[^<]*<\/time> · ([^<]+)</g)].map((m) => m[1]);
  const hrefs = (html: string) => [...html.matchAll(/<a[^>]*href="(\/admin\/[^"]+)"[^>]*>([^<]+)</g)].map((m) => [m[2], m[1].replace(/&amp;/g, "&")]);

  it("pages by day and week with links that keep the person, and links each meeting to its lead", async () => {
    const typeId = await makeConsultationType(t.db, { name: "Paging check" });
    const other = await makeConsultant(t.db, { fullName: "Other Consultant" });
    // Only Bola takes meetings here: the officer of an earlier test keeps Tuesday mornings, and on a Saturday "ahead"
    // is a Tuesday, when the booking could go to either of them.
    await t.db("staff_hours").whereNot({ user_id: staff.id }).delete();
    const id = await bookFirstTime(typeId, "Tunde.Far@example.com", { day: ahead, name: "Tunde Far" });
    const booking = await t.db("bookings").where({ id }).first();
    expect([lagosDay(booking.starts_at), booking.staff_id]).toEqual([ahead, staff.id]);
    const lead = await t.db("leads").whereRaw("lower(email) = 'tunde.far@example.com'").first();

    // Not on this week's page; on the week it falls in, reached by "Next week" from this week.
    const week = await admin.get(`/admin/agenda?range=week&staff=${staff.id}`).expect(200);
    expect(names(week.text)).not.toContain("Tunde Far");
    const links = Object.fromEntries(hrefs(week.text));
    expect(links["Next week"]).toBe(`/admin/agenda?range=week&staff=${staff.id}&from=${addDays(today, 7)}`);
    expect(links["Previous week"]).toBe(`/admin/agenda?range=week&staff=${staff.id}&from=${addDays(today, -7)}`);
    expect(links.Today).toBeUndefined();
    const nextWeek = await admin.get(links["Next week"]).expect(200);
    expect(names(nextWeek.text)).toEqual(["Tunde Far"]);
    // Its lead's history is one click away; "Today" leads back.
    expect(nextWeek.text).toContain(`href="/admin/leads/${lead.id}" aria-label="Lead history of Tunde Far"`);
    const leadPage = (await admin.get(`/admin/leads/${lead.id}`).expect(200)).text.replace(/<!-- -->/g, "");
    expect(leadPage).toContain("Tunde Far");
    // The lead's page lists the consultation with its time, type, staff member and state.
    expect(leadPage).toMatch(new RegExp(`<time dateTime="${booking.starts_at.toISOString()}"[^>]*>[^<]+</time> · Paging check with [^<]+ · Booked`));
    expect(Object.fromEntries(hrefs(nextWeek.text)).Today).toBe(`/admin/agenda?range=week&staff=${staff.id}&from=${today}`);

    // Day by day: on its day and not the one before; another person's agenda does not show it.
    expect(names((await admin.get(`/admin/agenda?range=day&from=${ahead}`).expect(200)).text)).toEqual(["Tunde Far"]);
    const dayBefore = await admin.get(`/admin/agenda?range=day&staff=${staff.id}&from=${addDays(ahead, -1)}`).expect(200);
    expect(names(dayBefore.text)).toEqual([]);
    expect(Object.fromEntries(hrefs(dayBefore.text))["Next day"]).toBe(`/admin/agenda?range=day&staff=${staff.id}&from=${ahead}`);
    expect(names((await admin.get(`/admin/agenda?range=week&staff=${other.id}&from=${ahead}`).expect(200)).text)).toEqual([]);

    // A meeting whose address has no lead (erased with its account) shows without the link.
    await t.db("leads").where({ id: lead.id }).delete();
    const without = await admin.get(`/admin/agenda?range=day&from=${ahead}`).expect(200);
    expect(names(without.text)).toEqual(["Tunde Far"]);
    expect(without.text).not.toContain("Lead history");
  });

  it("refuses a day that does not exist with a clear 400, and keeps staff-only access", async () => {
    for (const from of ["2026-02-30", "tomorrow", "1999-12-31", ""]) {
      const res = await admin.get(`/admin/agenda?range=week&from=${from}`).expect(400);
      expect(res.text).toContain("This Agenda link names a day that does not exist. Open Agenda again and page from there.");
    }
    // An unknown period or person is the default (a day, everyone).
    const fallback = (await admin.get("/admin/agenda?range=fortnight&staff=nobody&from=2026-03-02").expect(200)).text;
    expect(fallback).toContain("Monday 2 March");
    expect(fallback).not.toContain("Sunday 8 March");
    for (const client of [
      await newClient(t.app),
      await signedIn(t.app, await makeUser(t.db)),
      await signedIn(t.app, await makeUser(t.db, { admin: true, twoFactor: false })),
    ]) {
      const res = await client.get(`/admin/agenda?range=week&from=${ahead}`);
      expect(res.status).toBe(303);
      expect(res.text).not.toContain("Agenda");
    }
  });
});

describe("the calendar feed", () => {
  it("serves the staff member's bookings at a secret address, which a reset replaces", async () => {
    const typeId = await makeConsultationType(t.db, { name: "Feed check" });
    const id = await bookFirstTime(typeId, "feed@example.com");
    const path = await makeFeed(admin);
    const feed = await (await newClient(t.app)).get(path).expect(200);
    expect(feed.headers["content-type"]).toMatch(/^text\/calendar/);
    const events = new ICAL.Component(ICAL.parse(feed.text)).getAllSubcomponents("vevent").map((e) => e.getFirstPropertyValue("uid"));
    expect(events).toContain((await t.db("bookings").where({ id }).first()).uid);
    expect(await t.db("consultation_staff").where({ user_id: staff.id }).first()).not.toHaveProperty("feed_token_hash", path.slice(10, -4));

    await makeFeed(admin);
    await (await newClient(t.app)).get(path).expect(404);
    await (await newClient(t.app)).get("/calendar/not-a-real-secret-at-all-0000.ics").expect(404);
  });

  it("shows a new address once, after the redirect; reloading the page neither shows it again nor makes another", async () => {
    const path = await makeFeed(admin);
    const hash = (await t.db("consultation_staff").where({ user_id: staff.id }).first("feed_token_hash")).feed_token_hash;
    const reload = await admin.get("/admin/consultations").expect(200);
    expect(reload.text).not.toContain(path);
    expect(reload.text).toContain("Your feed is on. Its address was shown once, when it was made.");
    expect((await t.db("consultation_staff").where({ user_id: staff.id }).first("feed_token_hash")).feed_token_hash).toBe(hash);
    await (await newClient(t.app)).get(path).expect(200);
  });
});
