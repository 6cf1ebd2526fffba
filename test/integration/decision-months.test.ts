// The monthly sums behind the owner's figures of the embassies' decisions, kept by a trigger on the lodging rows: after
// each real action on a case (a form lodged, stages skipped, a decision recorded and corrected, a lodging corrected, an
// account erased, a case deleted) they equal the sums rebuilt from the rows themselves; and the median read from the
// days' counts is the one PostgreSQL's percentile_cont gives over the decisions themselves.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, lagosDay } from "../../server/domain/calendar.ts";
import { decisionFigures, OTHER_DESTINATION } from "../../server/models/decisionMonths.ts";
import { insertApp } from "../helpers/admin.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { signedSheet } from "../helpers/signatures.ts";

type Db = TestApp["db"];

let t: TestApp;
let amakaUser: TestUser;
let amaka: Client;

const today = () => lagosDay(new Date());
const daysAgo = (n: number) => addDays(today(), -n);
const monthOf = (day: string) => day.slice(0, 7);

beforeAll(async () => {
  t = await createTestApp();
  amakaUser = await makeUser(t.db, { officer: true, fullName: "Amaka Obi" });
  amaka = await signedIn(t.app, amakaUser);
});
afterAll(() => t.drop());

/** An approved case of Amaka's, its answer sheet signed; its applicant signed in. */
async function approvedCase(destination: string, visaType: string) {
  const applicantUser = await makeUser(t.db, { fullName: "Adaeze Nwosu" });
  const app = await insertApp(t.db, applicantUser.id, {
    status: "approved",
    submitted_at: new Date(),
    assignee_id: amakaUser.id,
    full_name: "Adaeze Nwosu",
    destination_country: destination,
    visa_type: visaType,
  });
  await signedSheet(t.db, app.id);
  return { ...app, applicantUser, applicant: await signedIn(t.app, applicantUser) };
}

function stageForm(id: string, stage: string, fields: Record<string, string>) {
  let req = amaka.agent.post(`/admin/application/${id}/stages/${stage}?_csrf=${encodeURIComponent(amaka.token)}`);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  return req;
}

const lodge = (id: string, date: string, mode = "record") =>
  stageForm(id, "lodged", { mode, portal: "ukvi", reference: "GWF012345678", date }).expect(303);
const skipToDecision = async (id: string) => {
  for (const stage of ["appointment", "biometrics", "passport_held"])
    await amaka.form(`/admin/application/${id}/stages/${stage}/skip`, { reason: "An e-visa: nothing to hand in." }).expect(303);
};
const refuse = (id: string, date: string, mode = "record") =>
  stageForm(id, "decision", { mode, outcome: "refused", date, grounds: "Funds not shown for the whole stay" }).expect(303);
const issue = (id: string, date: string, mode = "record") =>
  stageForm(id, "decision", {
    mode,
    outcome: "issued",
    date,
    visa_type: "Standard Visitor",
    valid_from: date,
    valid_to: addDays(today(), 180),
    entries: "multiple",
  }).expect(303);

/** The sums as kept (rows that count nothing any more left out: a month whose only lodging went). */
async function sums(db: Db) {
  const months = await db("decision_months")
    .whereRaw("lodged <> 0 OR decided <> 0 OR issued <> 0")
    .orderBy(["month", "destination", "visa_type"])
    .select(db.raw("to_char(month, 'YYYY-MM') AS month"), "destination", "visa_type", "lodged", "decided", "issued");
  const days = await db("decision_month_days")
    .whereNot("decisions", 0)
    .orderBy(["month", "destination", "visa_type", "days"])
    .select(db.raw("to_char(month, 'YYYY-MM') AS month"), "destination", "visa_type", "days", "decisions");
  return { months, days };
}

/** The sums rebuilt from case_stages by the database's own function, in a transaction rolled back. */
async function rebuilt() {
  const trx = await t.db.transaction();
  try {
    await trx.raw("SELECT decision_months_rebuild()");
    return await sums(trx as unknown as Db);
  } finally {
    await trx.rollback();
  }
}

async function expectTrue() {
  const kept = await sums(t.db);
  expect(kept).toEqual(await rebuilt());
  return kept;
}

describe("the monthly sums of lodgings and decisions", () => {
  it("stay equal to the rows through lodging, skips, a decision, its correction, a lodging's correction, an erased account and a deleted case", async () => {
    const a = await approvedCase("United Kingdom", "tourist");
    await lodge(a.id, daysAgo(40));
    let kept = await expectTrue();
    expect(kept.months).toEqual([
      { month: monthOf(daysAgo(40)), destination: "United Kingdom", visa_type: "tourist", lodged: 1, decided: 0, issued: 0 },
    ]);

    await skipToDecision(a.id);
    await refuse(a.id, daysAgo(5));
    kept = await expectTrue();
    expect(kept.days).toEqual([{ month: monthOf(daysAgo(5)), destination: "United Kingdom", visa_type: "tourist", days: 35, decisions: 1 }]);

    // The decision corrected: refused on day 35 becomes issued on day 38; the old one counts no more.
    await issue(a.id, daysAgo(2), "correct");
    kept = await expectTrue();
    expect(kept.days).toEqual([{ month: monthOf(daysAgo(2)), destination: "United Kingdom", visa_type: "tourist", days: 38, decisions: 1 }]);
    expect(kept.months.reduce((n, r) => n + r.decided, 0)).toBe(1);
    expect(kept.months.reduce((n, r) => n + r.issued, 0)).toBe(1);

    // The lodging corrected to a day earlier (its file and reference kept): its month and days move with it.
    await lodge(a.id, daysAgo(41), "correct");
    kept = await expectTrue();
    expect(kept.days).toEqual([{ month: monthOf(daysAgo(2)), destination: "United Kingdom", visa_type: "tourist", days: 39, decisions: 1 }]);

    // A second case, its account then erased by its applicant: its lodging and decision leave the sums.
    const b = await approvedCase("United Kingdom", "study");
    await lodge(b.id, daysAgo(30));
    await skipToDecision(b.id);
    await refuse(b.id, daysAgo(3));
    kept = await expectTrue();
    expect(kept.months.reduce((n, r) => n + r.decided, 0)).toBe(2);
    await b.applicant.post("/api/account/delete", { password: b.applicantUser.password, confirm: "DELETE" }).expect(200);
    kept = await expectTrue();
    expect(kept.months.filter((r) => r.visa_type === "study")).toEqual([]);
    expect(kept.days.map((r) => r.days)).toEqual([39]);

    // A third case deleted outright: its rows go by cascade, and its part of the sums with them.
    const c = await approvedCase("United Kingdom", "work");
    await lodge(c.id, daysAgo(20));
    await skipToDecision(c.id);
    await refuse(c.id, daysAgo(1));
    expect((await expectTrue()).months.some((r) => r.visa_type === "work")).toBe(true);
    await t.db("visa_applications").where({ id: c.id }).delete();
    kept = await expectTrue();
    expect(kept.months.filter((r) => r.visa_type === "work")).toEqual([]);
    expect(kept.months.reduce((n, r) => n + r.lodged, 0)).toBe(1);
  });
});

/** A pseudo-random sequence, the same on every run. */
function numbers(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

describe("the median from the days' counts", () => {
  it("is percentile_cont(0.5) over the decisions themselves: the middle one, or the mean of the two middle ones", async () => {
    const owner = await makeUser(t.db);
    const random = numbers(48);
    const destinations = ["Canada", "Germany", null];
    const types = ["tourist", "study", "work"];
    // 120 decided lodgings over six months of 2025, days from lodging between 3 and 60 (many ties), and some undecided.
    for (let i = 0; i < 140; i++) {
      const app = await insertApp(t.db, owner.id, { status: "approved", submitted_at: new Date(), visa_type: types[Math.floor(random() * 3)] });
      const lodgedOn = addDays("2025-01-01", Math.floor(random() * 180));
      await t.db("case_stages").insert({
        application_id: app.id,
        stage: "lodged",
        state: "done",
        on_date: lodgedOn,
        destination: destinations[Math.floor(random() * 3)],
        details: JSON.stringify({ portal: "other", reference: "R1" }),
      });
      if (i >= 120) continue;
      await t.db("case_stages").insert({
        application_id: app.id,
        stage: "decision",
        state: "done",
        on_date: addDays(lodgedOn, 3 + Math.floor(random() * 58)),
        details: JSON.stringify(random() < 0.75 ? { outcome: "issued", visaType: "Visitor" } : { outcome: "refused", grounds: "Funds" }),
      });
    }
    const raw = async (from: string, to: string) => {
      const last = addDays(`${addDays(`${to}-28`, 5).slice(0, 7)}-01`, -1);
      const { rows } = await t.db.raw(
        `SELECT destination, visa_type, grouping(destination, visa_type) <> 0 AS total,
                count(*)::int AS decided, count(*) FILTER (WHERE outcome = 'issued')::int AS issued,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY days) AS median_days
           FROM (SELECT coalesce(l.destination, :other) AS destination, coalesce(a.visa_type, 'other') AS visa_type,
                        l.outcome, l.decided_on - l.on_date AS days
                   FROM case_stages l JOIN visa_applications a ON a.id = l.application_id
                  WHERE l.stage = 'lodged' AND l.state = 'done' AND l.ended_at IS NULL AND l.decided_on BETWEEN :from AND :last) x
          GROUP BY GROUPING SETS ((destination, visa_type), ())`,
        { other: OTHER_DESTINATION, from: `${from}-01`, last },
      );
      return rows;
    };
    let even = 0;
    let odd = 0;
    let halves = 0;
    for (const [from, to] of [
      ["2025-01", "2025-12"],
      ["2025-03", "2025-03"],
      ["2025-02", "2025-05"],
      ["2025-06", "2025-08"],
    ]) {
      const expected = await raw(from, to);
      const got = (await decisionFigures(t.db, { from, to })).filter((r) => r.decided > 0);
      const key = (r: { destination: string | null; visa_type: string | null; total: boolean }) =>
        r.total ? "all" : `${r.destination}:${r.visa_type}`;
      expect(Object.fromEntries(got.map((r) => [key(r), [r.decided, r.issued, r.median_days]])), `${from}–${to}`).toEqual(
        Object.fromEntries(
          expected.map((r: { decided: number; issued: number; median_days: number }) => [key(r as never), [r.decided, r.issued, r.median_days]]),
        ),
      );
      for (const r of expected) {
        if (r.decided % 2) odd++;
        else even++;
        if (!Number.isInteger(r.median_days)) halves++;
      }
    }
    // Both kinds of middle were met, and medians halfway between two days too.
    expect(even).toBeGreaterThan(3);
    expect(odd).toBeGreaterThan(3);
    expect(halves).toBeGreaterThan(0);
  });
});
