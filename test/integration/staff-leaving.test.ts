// Someone leaves (deactivated, or their role changed): their calendar feed stops answering in the same change, a
// manager can stop anyone's feed from the Staff page, and their coming consultations go to a colleague free at that
// time, or wait on the Staff page for a manager to reassign them.
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, lagosDay, lagosInstant, weekdayOf } from "../../server/domain/calendar.ts";
import { insertApp } from "../helpers/admin.ts";
import { type Client, createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { makeConsultationType, makeFeed, takesConsultations } from "../helpers/consultations.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";

let t: TestApp;
let manager: Client;
let typeId: string;
/** A Lagos day a week from now: past the notice, within the horizon. */
const day = addDays(lagosDay(new Date()), 7);

beforeAll(async () => {
  t = await createTestApp();
  manager = await signedIn(t.app, await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" }));
  typeId = await makeConsultationType(t.db, { name: "Leaving check" });
});
afterAll(() => t.drop());
// Each test chooses who works when: nobody from an earlier test may be free for its meetings.
beforeEach(async () => {
  await t.db("staff_hours").delete();
});

/** An officer who takes consultations 09:00-17:00 on `day`'s weekday only (every weekday with `everyDay`). */
async function officerWorking(fullName: string, everyDay = false): Promise<TestUser> {
  const officer = await makeUser(t.db, { officer: true, fullName });
  await takesConsultations(t.db, officer.id);
  if (!everyDay)
    await t
      .db("staff_hours")
      .where({ user_id: officer.id })
      .whereNot({ weekday: weekdayOf(day) })
      .delete();
  return officer;
}

/** A confirmed 30-minute meeting with `staffId` at `minute` (Lagos) on `day`, 15 minutes' buffer. */
async function booked(staffId: string, minute: number, email: string, on = day): Promise<string> {
  const startsAt = lagosInstant(on, minute);
  const [row] = await t
    .db("bookings")
    .insert({
      type_id: typeId,
      staff_id: staffId,
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + 30 * 60_000),
      blocked_until: new Date(startsAt.getTime() + 45 * 60_000),
      name: "Kemi Lawal",
      email,
      phone: "08031234567",
      destination: "Germany",
      visa_type: "work",
      uid: `${email}@test`,
    })
    .returning("id");
  return row.id;
}

/** The feed address the staff member makes on the Consultations page. */
async function feedOf(client: Client): Promise<string> {
  return makeFeed(client);
}

const feedStatus = async (path: string) => (await (await newClient(t.app)).get(path)).status;
const feedHash = async (userId: string) => (await t.db("consultation_staff").where({ user_id: userId }).first("feed_token_hash")).feed_token_hash;

describe("the calendar feed of someone who leaves", () => {
  it("stops answering when a manager deactivates them, in the same change", async () => {
    const officer = await officerWorking("Dayo Leaver");
    const path = await feedOf(await signedIn(t.app, officer));
    // A visitor books on a day only the officer works.
    const visitor = await newClient(t.app);
    const [slot] = [...(await visitor.get(`/book?type=${typeId}&day=${day}`)).text.matchAll(/name="slot" value="([^"]+)"/g)].map((m) => m[1]);
    await visitor
      .form("/book", {
        name: "Ada Visitor",
        email: "ada.visitor@example.com",
        phone: "08031234567",
        destination: "Canada",
        visa_type: "work",
        type: typeId,
        slot,
      })
      .expect(200);
    const feed = await (await newClient(t.app)).get(path).expect(200);
    expect(feed.text).toContain("ada.visitor@example.com");

    await manager.post(`/api/admin/staff/${officer.id}/deactivate`).expect(200);
    expect(await feedStatus(path)).toBe(404);
    expect(await feedHash(officer.id)).toBeNull();
  });

  it("stops answering when a manager changes their role", async () => {
    const officer = await officerWorking("Tola Promoted");
    const path = await feedOf(await signedIn(t.app, officer));
    expect(await feedStatus(path)).toBe(200);
    await manager.patch(`/api/admin/staff/${officer.id}/role`, { role: "admin" }).expect(200);
    expect(await feedStatus(path)).toBe(404);
    expect(await feedHash(officer.id)).toBeNull();
  });

  it("never answers for a deactivated account, even with its secret still stored", async () => {
    const officer = await officerWorking("Bisi Stored");
    const path = await feedOf(await signedIn(t.app, officer));
    await t.db("users").where({ id: officer.id }).update({ deactivated_at: new Date() });
    expect(await feedHash(officer.id)).not.toBeNull();
    expect(await feedStatus(path)).toBe(404);
  });
});

describe("feeds of those who left before leaving ended them", () => {
  it("are cleared by the migration; a staff member's stays", async () => {
    const migrations = { directory: path.resolve("migrations"), loadExtensions: [".ts"] };
    const NAME = "20261130000200_leavers_feeds.ts";
    await t.db.migrate.down({ ...migrations, name: NAME });
    const [gone, revoked, staying] = [await officerWorking("Old Leaver"), await officerWorking("Old Revoked"), await officerWorking("Still Here")];
    try {
      for (const who of [gone, revoked, staying])
        await t
          .db("consultation_staff")
          .where({ user_id: who.id })
          .update({ feed_token_hash: `hash-of-${who.id}` });
      await t.db("users").where({ id: gone.id }).update({ deactivated_at: new Date() });
      await t.db("user_roles").where({ user_id: revoked.id }).delete();
    } finally {
      await t.db.migrate.up({ ...migrations, name: NAME });
    }
    expect([await feedHash(gone.id), await feedHash(revoked.id), await feedHash(staying.id)]).toEqual([null, null, `hash-of-${staying.id}`]);
  });
});

describe("stopping a feed from the Staff page", () => {
  it("shows who has a feed; a manager stops anyone's, an officer cannot, and an unknown person is not found", async () => {
    const officer = await officerWorking("Efe Feed");
    const path = await feedOf(await signedIn(t.app, officer));
    const member = async () => (await manager.getJson("/admin/staff").expect(200)).body.props.staff.find((s: { id: string }) => s.id === officer.id);
    expect((await member()).hasFeed).toBe(true);
    expect((await manager.get("/admin/staff").expect(200)).text).toContain("Calendar feed on");

    const other = await signedIn(t.app, await makeUser(t.db, { officer: true }));
    await other.post(`/api/admin/staff/${officer.id}/feed/stop`).expect(403);
    await (await signedIn(t.app, officer)).post(`/api/admin/staff/${officer.id}/feed/stop`).expect(403);
    expect(await feedStatus(path)).toBe(200);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id", (await makeUser(t.db)).id]) {
      const res = await manager.post(`/api/admin/staff/${id}/feed/stop`).expect(404);
      expect(res.body.error.message).toBe("Staff member not found");
    }

    expect((await manager.post(`/api/admin/staff/${officer.id}/feed/stop`).expect(200)).body).toEqual({ stopped: true });
    expect(await feedStatus(path)).toBe(404);
    expect((await member()).hasFeed).toBe(false);
    const audit = await t.db("audit_events").where({ action: "calendar_feed_stopped", subject_id: officer.id });
    expect(audit).toHaveLength(1);
    // Once more: nothing left to stop, nothing recorded.
    expect((await manager.post(`/api/admin/staff/${officer.id}/feed/stop`).expect(200)).body).toEqual({ stopped: false });
    expect(await t.db("audit_events").where({ action: "calendar_feed_stopped", subject_id: officer.id })).toHaveLength(1);
  });
});

describe("a leaver's coming consultations", () => {
  it("go to a colleague free at that time, keeping their time, without a message to the client; past ones and cases stay as before", async () => {
    const leaver = await officerWorking("Ngozi Leaving");
    const busy = await officerWorking("Busy Colleague");
    const away = await officerWorking("Away Colleague");
    const free = await officerWorking("Free Colleague");
    await t.db("consultation_staff").where({ user_id: free.id }).update({ buffer_minutes: 20 });
    await booked(busy.id, 10 * 60 + 15, "busy.client@example.com");
    await t.db("staff_days_off").insert({ user_id: away.id, day });
    const coming = await booked(leaver.id, 10 * 60, "handed.client@example.com");
    const past = await booked(leaver.id, 10 * 60, "past.client@example.com", addDays(lagosDay(new Date()), -3));
    const caseOwner = await makeUser(t.db);
    const app = await insertApp(t.db, caseOwner.id, { status: "submitted", submitted_at: new Date(), assignee_id: leaver.id });
    const before = await t.db("bookings").where({ id: coming }).first();

    expect((await manager.post(`/api/admin/staff/${leaver.id}/deactivate`).expect(200)).body).toEqual({
      released: 1,
      handedOver: 1,
      toReassign: 0,
    });
    const after = await t.db("bookings").where({ id: coming }).first();
    expect(after).toMatchObject({ staff_id: free.id, starts_at: before.starts_at, ends_at: before.ends_at, status: "confirmed" });
    expect(after.blocked_until).toEqual(new Date(before.ends_at.getTime() + 20 * 60_000));
    expect((await t.db("bookings").where({ id: past }).first()).staff_id).toBe(leaver.id);
    expect(await t.db("email_messages").where({ to_address: "handed.client@example.com" })).toHaveLength(0);
    const audit = await t.db("audit_events").where({ action: "consultation_handed_over", subject_id: coming }).first();
    expect(audit.details).toEqual({ from: leaver.id, to: free.id });
    expect((await t.db("visa_applications").where({ id: app.id }).first()).assignee_id).toBeNull();
    const waiting = (await manager.getJson("/admin/staff").expect(200)).body.props.consultationsToReassign;
    expect(waiting.map((b: { id: string }) => b.id)).not.toContain(coming);
  });

  it("that no one can take wait on the Staff page, where a manager reassigns them to someone free", async () => {
    const leaver = await officerWorking("Uche Alone");
    const colleague = await officerWorking("Later Colleague");
    // The colleague works every day but the meeting's.
    await t.db("staff_hours").where({ user_id: colleague.id }).delete();
    const id = await booked(leaver.id, 11 * 60, "waiting.client@example.com");

    expect((await manager.post(`/api/admin/staff/${leaver.id}/deactivate`).expect(200)).body).toMatchObject({ handedOver: 0, toReassign: 1 });
    expect((await t.db("bookings").where({ id }).first()).staff_id).toBe(leaver.id);
    expect(await t.db("audit_events").where({ action: "consultation_handed_over", subject_id: id }).first("details")).toEqual({
      details: { from: leaver.id, to: null },
    });
    // The first test's leaver's meeting waits too (nobody else worked that day).
    const listed = async () =>
      ((await manager.getJson("/admin/staff").expect(200)).body.props.consultationsToReassign as { id: string; freeStaff: unknown[] }[]).filter(
        (b) => b.id === id,
      );
    expect(await listed()).toEqual([expect.objectContaining({ id, clientName: "Kemi Lawal", staffName: "Uche Alone", freeStaff: [] })]);
    expect((await manager.get("/admin/staff").expect(200)).text).toContain("Consultations to reassign");

    // The colleague now works that day: offered, and the manager's choice is taken.
    await t.db("staff_hours").insert({ user_id: colleague.id, weekday: weekdayOf(day), start_minute: 9 * 60, end_minute: 17 * 60 });
    expect((await listed())[0].freeStaff).toEqual([{ value: colleague.id, label: "Later Colleague" }]);
    await manager.post(`/api/admin/bookings/${id}/staff`, { staffId: colleague.id }).expect(200);
    expect((await t.db("bookings").where({ id }).first()).staff_id).toBe(colleague.id);
    expect(await listed()).toEqual([]);
    expect(await t.db("audit_events").where({ action: "consultation_reassigned", subject_id: id }).first("details")).toEqual({
      details: { from: leaver.id, to: colleague.id },
    });
    // Now it is the colleague's, it is no longer waiting.
    const again = await manager.post(`/api/admin/bookings/${id}/staff`, { staffId: colleague.id }).expect(409);
    expect(again.body.error.message).toBe("This consultation is not waiting to be reassigned.");
  });

  it("are not given to someone who is not free: a clear refusal, and nothing changes", async () => {
    const leaver = await officerWorking("Segun Gone");
    const busy = await officerWorking("Booked Colleague");
    await booked(busy.id, 14 * 60 + 15, "other.client@example.com");
    const id = await booked(leaver.id, 14 * 60, "stuck.client@example.com");
    await manager.post(`/api/admin/staff/${leaver.id}/deactivate`).expect(200);
    const officer = await signedIn(t.app, busy);
    const before = await t.db("bookings").where({ id }).first();
    const audits = async () => (await t.db("audit_events").where({ subject_id: id }).count({ n: "*" }).first())?.n;
    const count = await audits();

    const refused = await manager.post(`/api/admin/bookings/${id}/staff`, { staffId: busy.id }).expect(409);
    expect(refused.body.error).toEqual({
      message: "Booked Colleague is not free at that time: choose someone listed as free.",
      fields: { staffId: "Booked Colleague is not free at that time: choose someone listed as free." },
    });
    // Someone who takes no consultations, the leaver themselves, an unknown meeting, bad input, an officer.
    const applicant = await makeUser(t.db);
    for (const staffId of [applicant.id, leaver.id]) {
      const res = await manager.post(`/api/admin/bookings/${id}/staff`, { staffId }).expect(409);
      expect(res.body.error.message).toBe("Choose a staff member who takes consultations.");
    }
    await manager.post(`/api/admin/bookings/${id}/staff`, { staffId: "someone" }).expect(400);
    await manager.post("/api/admin/bookings/00000000-0000-4000-8000-000000000000/staff", { staffId: busy.id }).expect(404);
    await manager.post("/api/admin/bookings/nope/staff", { staffId: busy.id }).expect(404);
    await officer.post(`/api/admin/bookings/${id}/staff`, { staffId: busy.id }).expect(403);
    expect(await t.db("bookings").where({ id }).first()).toEqual(before);
    expect(await audits()).toBe(count);
  });
});
