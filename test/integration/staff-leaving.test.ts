// Someone leaves (deactivated, or their role changed): their calendar feed stops answering in the same change, and a
// manager can stop anyone's feed from the Staff page.
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, lagosDay, weekdayOf } from "../../server/domain/calendar.ts";
import { type Client, createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { makeConsultationType, takesConsultations } from "../helpers/consultations.ts";
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

/** The feed address the staff member makes on the Consultations page. */
async function feedOf(client: Client): Promise<string> {
  const page = await client.form("/admin/consultations/feed", {}).expect(200);
  return new URL(/(http[^<"\s]+\/calendar\/[^<"\s]+\.ics)/.exec(page.text)?.[1] ?? "").pathname;
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
