// Deadlines per status in working days: "Late" on the admin list once a case has waited past its status's limit
// (weekends not counted), the Late filter with its count, and a status change starting the wait again. The clock is
// the test's (only Date is faked: the database, the sockets and the timers stay real); it only moves forward, from a
// week ahead, and the manager signs in at each moment, so the session is as new as the clock says.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { workingDaysBefore } from "../../server/domain/deadlines.ts";
import { insertApp } from "../helpers/admin.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";

let t: TestApp;
let managerUser: TestUser;
let manager: Client;
let applicantId: string;

beforeAll(async () => {
  t = await createTestApp();
  managerUser = await makeUser(t.db, { admin: true });
  manager = await signedIn(t.app, managerUser);
  applicantId = (await makeUser(t.db)).id;
});
afterEach(() => vi.useRealTimers());
afterAll(() => t.drop());

/** A moment in Lagos (UTC+1 all year), written as its local time. */
const lagos = (local: string) => new Date(`${local}+01:00`);

const DAY = 86_400_000;
/** The Monday at least a week ahead, as YYYY-MM-DD: the test's week. */
const MONDAY = (() => {
  const d = new Date(Date.now() + 8 * DAY);
  while (d.getUTCDay() !== 1) d.setTime(d.getTime() + DAY);
  return d.toISOString().slice(0, 10);
})();
/** The Lagos moment `days` after the test's Monday, at `time` (HH:MM). */
const day = (days: number, time: string) =>
  lagos(`${new Date(Date.parse(`${MONDAY}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)}T${time}:00`);

/** The clock reads `moment` for what follows; the manager signs in then. */
async function at(moment: Date) {
  vi.useFakeTimers({ toFake: ["Date"], now: moment });
  manager = await signedIn(t.app, managerUser);
}

type Row = { reference: string; late: boolean };
async function list(query: string) {
  const props = (await manager.getJson(`/admin?tab=all&${query}`).expect(200)).body.props as { rows: Row[]; total: number };
  return { late: Object.fromEntries(props.rows.map((r) => [r.reference, r.late])), total: props.total, refs: props.rows.map((r) => r.reference) };
}

const since = (status: string, moment: Date) => insertApp(t.db, applicantId, { status, submitted_at: moment, status_since: moment });

describe("working days", () => {
  it("count Monday to Friday only, back from a moment in Lagos time", () => {
    // Monday 10:00 less two working days: Thursday 10:00 (the weekend skipped).
    expect(workingDaysBefore(lagos("2026-11-30T10:00:00"), 2)).toEqual(lagos("2026-11-26T10:00:00"));
    // From a Sunday: the two days before the weekend, Thursday and Friday, whole.
    expect(workingDaysBefore(lagos("2026-11-29T15:00:00"), 2)).toEqual(lagos("2026-11-26T00:00:00"));
    // Ten working days are two weeks.
    expect(workingDaysBefore(lagos("2026-11-25T09:30:00"), 10)).toEqual(lagos("2026-11-11T09:30:00"));
  });
});

describe("Late on the admin list", () => {
  // First, on the real clock: the other test moves it ahead.
  it("starts again when the status changes", async () => {
    const month = new Date(Date.now() - 30 * DAY);
    const app = await since("submitted", month);
    expect((await list("late=1&size=100")).refs).toContain(app.reference_number);
    await manager.patch(`/api/admin/applications/${app.id}/status`, { status: "under_review", shownStatus: "submitted", note: null }).expect(200);
    const { status_since } = await t.db("visa_applications").where({ id: app.id }).first("status_since");
    expect(Date.now() - status_since.getTime()).toBeLessThan(60_000);
    expect((await list("late=1&size=100")).refs).not.toContain(app.reference_number);
  });

  it("follows the limits a manager sets on the Staff page; a bad limit is refused with a clear message and changes nothing", async () => {
    const app = await since("submitted", new Date(Date.now() - 10 * DAY));
    const lateNow = async () => (await list("late=1&size=100")).refs.includes(app.reference_number);
    expect(await lateNow()).toBe(true);
    expect((await manager.getJson("/admin/staff").expect(200)).body.props.deadlines).toEqual({ submitted: 2, under_review: 10 });

    await manager.post("/api/admin/settings/deadlines", { submitted: "20", under_review: "10" }).expect(200);
    expect(await lateNow()).toBe(false);
    expect((await manager.getJson("/admin/staff").expect(200)).body.props.deadlines).toEqual({ submitted: 20, under_review: 10 });
    const audit = await t.db("audit_events").where({ action: "deadlines_changed" }).first("details");
    expect(audit.details).toEqual({ submitted: 20, under_review: 10 });

    for (const [body, field, message] of [
      [{ submitted: "0", under_review: "10" }, "submitted", "A submitted case needs at least 1 working day"],
      [{ submitted: "2", under_review: "61" }, "under_review", "A case under review can have at most 60 working days"],
      [{ submitted: "1.5", under_review: "10" }, "submitted", "Enter a whole number of working days for a submitted case"],
      [{ submitted: "two", under_review: "10" }, "submitted", "Enter the working days for a submitted case"],
    ] as const) {
      const res = await manager.post("/api/admin/settings/deadlines", body).expect(400);
      expect(res.body.error.fields[field], JSON.stringify(body)).toBe(message);
    }
    expect((await manager.getJson("/admin/staff").expect(200)).body.props.deadlines).toEqual({ submitted: 20, under_review: 10 });
    await manager.post("/api/admin/settings/deadlines", { submitted: "2", under_review: "10" }).expect(200);
    expect(await lateNow()).toBe(true);
  });

  it("appears once a case has waited past its status's limit (2 working days submitted, 10 under review), and is filterable", async () => {
    // The list holds this test's cases alone.
    await t.db("visa_applications").delete();
    const wednesday = await since("submitted", day(2, "09:00"));
    // Submitted on a Friday evening: its wait runs over the weekend.
    const friday = await since("submitted", day(4, "17:00"));
    // Under review since the Monday before: its ten working days end on the following Tuesday at 10:00.
    const review = await since("under_review", day(-6, "10:00"));
    // Decided cases have no limit, however old.
    const decided = await since("approved", day(-60, "10:00"));
    const refs = [wednesday, friday, review, decided].map((a) => a.reference_number);
    const lateOf = async () => {
      const { late } = await list("size=100");
      return refs.map((r) => late[r]);
    };

    await at(day(4, "08:59"));
    expect(await lateOf()).toEqual([false, false, false, false]);
    await at(day(4, "09:01"));
    expect(await lateOf()).toEqual([true, false, false, false]);
    await at(day(8, "09:59"));
    expect(await lateOf()).toEqual([true, false, false, false]);
    await at(day(8, "10:01"));
    expect(await lateOf()).toEqual([true, false, true, false]);
    // Friday 17:00 → the following Tuesday 17:00: Saturday and Sunday do not count.
    await at(day(8, "16:59"));
    expect(await lateOf()).toEqual([true, false, true, false]);
    await at(day(8, "17:01"));
    expect(await lateOf()).toEqual([true, true, true, false]);

    // The filter keeps only the late ones, counted exactly; with a status filter, within that status.
    const onlyLate = await list("late=1&size=100");
    expect(onlyLate.refs.sort()).toEqual(refs.slice(0, 3).sort());
    expect(onlyLate.total).toBe(3);
    const lateReview = await list("late=1&status=under_review");
    expect([lateReview.refs, lateReview.total]).toEqual([[review.reference_number], 1]);
    // An unknown value is no filter.
    expect((await list("late=yes&size=100")).refs).toEqual(expect.arrayContaining(refs));
  });
});
