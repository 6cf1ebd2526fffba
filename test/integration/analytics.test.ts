// The analytics page over time, from known rows: applications started and submitted per Lagos week (a Monday just
// after midnight in Lagos is still Sunday in UTC), drawn as an SVG image with its numbers in a table. The clock is the
// test's (only Date is faked, as in deadlines.test.ts): a Wednesday at least a week ahead.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AnalyticsProps } from "../../views/pages/admin/types.ts";
import { insertApp } from "../helpers/admin.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";

let t: TestApp;
let managerUser: TestUser;
let applicantId: string;

beforeAll(async () => {
  t = await createTestApp();
  managerUser = await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" });
  applicantId = (await makeUser(t.db)).id;
});
afterEach(() => vi.useRealTimers());
afterAll(() => t.drop());

const DAY = 86_400_000;
/** A moment in Lagos (UTC+1 all year), written as its local time. */
const lagos = (local: string) => new Date(`${local}+01:00`);
/** The Monday at least a week ahead (YYYY-MM-DD): the test's week. */
const MONDAY = (() => {
  const d = new Date(Date.now() + 8 * DAY);
  while (d.getUTCDay() !== 1) d.setTime(d.getTime() + DAY);
  return d.toISOString().slice(0, 10);
})();
/** The Lagos moment `days` after the test's Monday, at `time` (HH:MM). */
const day = (days: number, time: string) =>
  lagos(`${new Date(Date.parse(`${MONDAY}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)}T${time}:00`);
const dateOf = (days: number) => new Date(Date.parse(`${MONDAY}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** The page's moment: the test week's Wednesday at noon. */
const NOW = day(2, "12:00");

/** The manager signs in at the test's moment and reads the page object. */
async function analyticsAt(moment: Date): Promise<{ props: AnalyticsProps; manager: Client }> {
  vi.useFakeTimers({ toFake: ["Date"], now: moment });
  const manager = await signedIn(t.app, managerUser);
  return { props: (await manager.getJson("/admin/analytics").expect(200)).body.props, manager };
}

describe("applications per week", () => {
  it("counts each Lagos week's started and submitted applications, twelve weeks back to this one", async () => {
    // Monday 00:30 in Lagos is Sunday 23:30 UTC: this week. Sunday 23:30 in Lagos: last week.
    await insertApp(t.db, applicantId, { created_at: day(0, "00:30") });
    await insertApp(t.db, applicantId, { created_at: day(-1, "23:30") });
    // Started three weeks ago, first submitted this Monday just after midnight (Lagos), still under review.
    await insertApp(t.db, applicantId, { created_at: day(-21, "10:00"), submitted_at: day(0, "00:10"), status: "under_review" });
    // The first of the twelve weeks starts on the Monday eleven weeks back; a minute before it is outside.
    await insertApp(t.db, applicantId, { created_at: day(-77, "00:00") });
    await insertApp(t.db, applicantId, { created_at: new Date(day(-77, "00:00").getTime() - 60_000) });
    // Later than the page's moment: not yet.
    await insertApp(t.db, applicantId, { created_at: day(3, "09:00") });

    const { props, manager } = await analyticsAt(NOW);
    const weeks = props.weekly.weeks as { week: string; started: number; submitted: number }[];
    expect(weeks).toHaveLength(12);
    expect(weeks[11]).toEqual({ week: MONDAY, label: expect.any(String), started: 1, submitted: 1 });
    expect(weeks[10]).toMatchObject({ week: dateOf(-7), started: 1, submitted: 0 });
    expect(weeks[8]).toMatchObject({ week: dateOf(-21), started: 1, submitted: 0 });
    expect(weeks[0]).toMatchObject({ week: dateOf(-77), started: 1, submitted: 0 });
    expect(weeks.reduce((n, w) => n + w.started, 0)).toBe(4);
    expect(props.weekly.chart.description).toContain("Started: 4 in all");

    // The chart is an image with a title and a description, its numbers in a table beside it; no script draws it.
    const html = (await manager.get("/admin/analytics").expect(200)).text;
    const svg = html.match(/<svg[^>]*data-chart="weekly-applications"[^>]*>[\s\S]*?<\/svg>/)?.[0] ?? "";
    expect(svg).toMatch(/role="img"/);
    expect(svg).toMatch(/aria-labelledby="weekly-applications-title weekly-applications-desc"/);
    expect(svg).toContain('<title id="weekly-applications-title">Applications started and submitted per week, last 12 weeks</title>');
    expect(svg).toMatch(/<desc id="weekly-applications-desc">[^<]*Started: 4 in all/);
    expect(svg.match(/<rect /g)).toHaveLength(24);
    expect(html).toMatch(/<th scope="col"[^>]*>Started<\/th>/);
    expect(html).toMatch(/<th scope="col"[^>]*>Submitted<\/th>/);
    // No payment and no lead yet: each says so in words instead of drawing an empty chart.
    expect(html).toContain("No payments were recorded in the last 12 months.");
    expect(html).not.toMatch(/data-chart="revenue-ngn"/);
    expect(html).toContain("No leads in the last 12 weeks.");
  });
});

describe("the applications' funnel and the averages", () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(() => own.drop());

  it("counts draft → submitted → paid → decided with each step's conversion; statuses in the process's order; both averages", async () => {
    const user = (await makeUser(own.db)).id;
    const add = (status: string, n: number, paid: { amount: number; refunded?: boolean } | null = null) =>
      Promise.all(
        Array.from({ length: n }, () =>
          insertApp(own.db, user, {
            status,
            submitted_at: status === "draft" ? null : new Date(),
            payment_status: paid ? (paid.refunded ? "refunded" : "paid") : "pending",
            amount_paid: paid?.amount ?? null,
            payment_reference: paid ? `PAY-FUNNEL-${Math.random()}` : null,
          }),
        ),
      );
    await add("draft", 2);
    // Returned for changes after paying: back at draft, so not past the first step; its fee is revenue.
    await add("draft", 1, { amount: 150 });
    await add("submitted", 3);
    await add("under_review", 1, { amount: 250 });
    await add("approved", 1, { amount: 150 });
    await add("approved", 1, { amount: 200 });
    await add("rejected", 1, { amount: 180, refunded: true });
    // Decided without paying: not a step of the paid path.
    await add("rejected", 1);

    const manager = await signedIn(own.app, await makeUser(own.db, { admin: true }));
    const props = (await manager.getJson("/admin/analytics").expect(200)).body.props;
    expect(props.applicationFunnel).toEqual([
      { key: "started", label: "Started (draft)", count: 11, percent: null, of: null },
      { key: "submitted", label: "Submitted", count: 8, percent: 73, of: "of started" },
      { key: "paid", label: "Paid", count: 4, percent: 50, of: "of submitted" },
      { key: "decided", label: "Decided", count: 3, percent: 75, of: "of paid" },
    ]);
    // SPEC §9 as written: revenue ÷ every application, drafts included. Beside it: ÷ the 5 applications paid for.
    expect(props).toMatchObject({
      totalApplications: 11,
      totalRevenue: 930,
      averagePerApplication: 84.55,
      paidApplications: 5,
      averagePerPaidApplication: 186,
    });
    const statuses = props.categories
      .find((c: { id: string }) => c.id === "status")
      .items.map((i: { label: string; count: number }) => [i.label, i.count]);
    expect(statuses).toEqual([
      ["Draft", 3],
      ["Submitted", 3],
      ["Under Review", 1],
      ["Approved", 2],
      ["Rejected", 2],
    ]);
    const html = (await manager.get("/admin/analytics").expect(200)).text;
    expect(html).toContain("Average per Application</dt>");
    expect(html).toContain("Average per paid application</dt>");
    expect(html).toContain("$186.00");
  });
});

describe("per officer", () => {
  it("counts each active staff member's open and late cases, and the median days from submission to decision", async () => {
    const ada = await makeUser(t.db, { officer: true, fullName: "Ada Obi" });
    const gone = await makeUser(t.db, { officer: true, fullName: "Bola Former" });
    await t.db("users").where({ id: gone.id }).update({ deactivated_at: new Date() });
    const on = (assignee: string | null, status: string, since: Date, submitted: Date = since) =>
      insertApp(t.db, applicantId, { assignee_id: assignee, status, status_since: since, submitted_at: submitted });
    // At Wednesday noon, submitted over 2 working days ago (before Monday noon) is late; under review over 10 (before
    // Wednesday noon two weeks back) is late.
    await on(ada.id, "submitted", day(0, "09:00"));
    await on(ada.id, "submitted", day(1, "09:00"));
    await on(ada.id, "under_review", day(-14, "12:00"));
    await on(ada.id, "under_review", day(-7, "12:00"));
    // Decided in the last 12 weeks: 1, 2, 4 and 9 days after submission (median 3.0); one decided long ago is not counted.
    for (const [decided, took] of [
      [-1, 1],
      [-3, 2],
      [-10, 4],
      [-30, 9],
    ]) {
      await on(ada.id, decided === -3 ? "rejected" : "approved", day(decided, "10:00"), day(decided - took, "10:00"));
    }
    await on(ada.id, "approved", day(-100, "10:00"), day(-150, "10:00"));
    // Nobody's: late, but on no one's row.
    await on(null, "submitted", day(-20, "10:00"));

    const { props } = await analyticsAt(NOW);
    expect(props.decidedWeeks).toBe(12);
    expect(props.officers).toEqual([
      { id: ada.id, name: "Ada Obi", role: "Case officer", open: 4, late: 2, decided: 4, medianDays: "3.0" },
      { id: managerUser.id, name: "Folake Adeyemi", role: "Manager", open: 0, late: 0, decided: 0, medianDays: "—" },
    ]);
  });

  it("counts late cases exactly on the cutoff's own day, and still after cases move (per-day counts kept by a trigger)", async () => {
    const chi = await makeUser(t.db, { officer: true, fullName: "Chi Eze" });
    const dan = await makeUser(t.db, { officer: true, fullName: "Dan Musa" });
    const on = (status: string, since: Date) =>
      insertApp(t.db, applicantId, { assignee_id: chi.id, status, status_since: since, submitted_at: since });
    // At Wednesday noon the submitted cutoff is Monday noon, the under-review one Wednesday noon two weeks back (day -12).
    const sundayNight = await on("submitted", day(-1, "23:59")); // late
    await on("submitted", day(0, "11:59")); // late: the cutoff's day, before it
    await on("submitted", day(0, "12:00")); // within: the cutoff itself
    const mondayNight = await on("submitted", day(0, "23:59")); // within
    const tuesday = await on("submitted", day(1, "00:00")); // within
    await on("under_review", day(-12, "11:00")); // late: the cutoff's day, before it
    await on("under_review", day(-12, "12:30")); // within
    const officer = (props: AnalyticsProps, id: string) => props.officers.find((o) => o.id === id);
    const waitingKeptAndCounted = async () => ({
      kept: await t
        .db("waiting_days")
        .where("count", ">", 0)
        .orderBy(["assignee_id", "status", "day"])
        .select("assignee_id", "status", "day", "count"),
      counted: (
        await t.db.raw(`SELECT assignee_id, status, (status_since AT TIME ZONE 'Africa/Lagos')::date AS day, count(*)::int AS count
                          FROM visa_applications WHERE status IN ('submitted', 'under_review') AND assignee_id IS NOT NULL
                         GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`)
      ).rows,
    });

    // Signed in a minute later (the earlier test's two-factor code at NOW is spent), then read at NOW.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(NOW.getTime() + 60_000) });
    const manager = await signedIn(t.app, managerUser);
    vi.setSystemTime(NOW);
    const read = async () => (await manager.getJson("/admin/analytics").expect(200)).body.props as AnalyticsProps;
    let props = await read();
    expect(officer(props, chi.id)).toMatchObject({ open: 7, late: 3 });
    const before = await waitingKeptAndCounted();
    expect(before.kept).toEqual(before.counted);

    // A late case goes to another officer, a case within its limit is deleted, another is decided.
    await t.db("visa_applications").where({ id: sundayNight.id }).update({ assignee_id: dan.id });
    await t.db("visa_applications").where({ id: mondayNight.id }).delete();
    await t.db("visa_applications").where({ id: tuesday.id }).update({ status: "approved" });
    props = await read();
    expect(officer(props, chi.id)).toMatchObject({ open: 4, late: 2 });
    expect(officer(props, dan.id)).toMatchObject({ open: 1, late: 1 });
    const after = await waitingKeptAndCounted();
    expect(after.kept).toEqual(after.counted);
  });

  it("stays a manager's page: a case officer is sent back to the list, as on the activity trail", async () => {
    const officer = await signedIn(t.app, await makeUser(t.db, { officer: true }));
    for (const path of ["/admin/analytics", "/admin/activity"]) {
      const res = await officer.get(path).expect(303);
      expect(res.headers.location).toBe("/admin");
      expect(res.text).not.toContain("Per officer");
    }
  });
});
