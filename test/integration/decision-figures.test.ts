// The owner's figures of the embassies' decisions on Analytics (managers): per destination and visa type over a chosen
// period of whole months, the forms lodged in it, the decisions recorded in it, the share issued and the median days
// from lodging to decision, with the period's totals. Known data, known answers; a damaged period link is refused.
// (That the monthly sums stay true through every action on a case: decision-months.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, lagosDay } from "../../server/domain/calendar.ts";
import { lastMonths } from "../../server/presenters/decisionFigures.ts";
import { BAD_DECISION_PERIOD } from "../../server/validation/decisionPeriod.ts";
import { formatMonth } from "../../views/lib/format.ts";
import type { AnalyticsProps } from "../../views/pages/admin/types.ts";
import { insertApp } from "../helpers/admin.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";

let t: TestApp;
let manager: Client;

const PERIOD = "?decisions_from=2026-01&decisions_to=2026-06";

/** A lodged case; with `decided`, its decision that many days after lodging (the trigger copies it to the lodging). */
async function lodgedCase(destination: string | null, visaType: string, lodgedOn: string, decided?: { days: number; outcome: "issued" | "refused" }) {
  const owner = await makeUser(t.db);
  const app = await insertApp(t.db, owner.id, { status: "approved", submitted_at: new Date(), visa_type: visaType });
  await t.db("case_stages").insert({
    application_id: app.id,
    stage: "lodged",
    state: "done",
    on_date: lodgedOn,
    destination,
    details: JSON.stringify({ portal: "other", reference: "R1" }),
  });
  if (decided) {
    const on = new Date(Date.parse(`${lodgedOn}T00:00:00Z`) + decided.days * 86_400_000).toISOString().slice(0, 10);
    await t.db("case_stages").insert({
      application_id: app.id,
      stage: "decision",
      state: "done",
      on_date: on,
      details: JSON.stringify(decided.outcome === "issued" ? { outcome: "issued", visaType: "Visitor" } : { outcome: "refused", grounds: "Funds" }),
    });
  }
  return app;
}

const figures = async (query = PERIOD) => ((await manager.getJson(`/admin/analytics${query}`).expect(200)).body.props as AnalyticsProps).decisions;

beforeAll(async () => {
  t = await createTestApp();
  manager = await signedIn(t.app, await makeUser(t.db, { admin: true }));
  // United Kingdom, tourist: decided after 10, 20 (issued) and 40 days (refused); one lodged and still waiting.
  await lodgedCase("United Kingdom", "tourist", "2026-02-01", { days: 10, outcome: "issued" });
  await lodgedCase("United Kingdom", "tourist", "2026-02-01", { days: 20, outcome: "issued" });
  await lodgedCase("United Kingdom", "tourist", "2026-02-01", { days: 40, outcome: "refused" });
  await lodgedCase("United Kingdom", "tourist", "2026-05-01");
  // United Kingdom, work: 5 (issued) and 15 days (refused): the median falls between them.
  await lodgedCase("United Kingdom", "work", "2026-03-01", { days: 5, outcome: "issued" });
  await lodgedCase("United Kingdom", "work", "2026-03-01", { days: 15, outcome: "refused" });
  // Lodged before the period, decided in it: a decision of the period, not a lodging.
  await lodgedCase("Canada", "study", "2025-12-01", { days: 60, outcome: "issued" });
  // Decided after the period: a lodging of the period, not a decision. And a destination outside the catalogue.
  await lodgedCase("Canada", "study", "2026-06-20", { days: 30, outcome: "refused" });
  await lodgedCase(null, "business", "2026-04-01", { days: 7, outcome: "issued" });
});
afterAll(() => t.drop());

describe("the embassies' decisions on Analytics", () => {
  it("counts lodgings and decisions of the period per destination and visa type, with the share issued and the median days", async () => {
    const d = await figures();
    expect(d).toMatchObject({ from: "2026-01", to: "2026-06", label: "Jan 2026 – Jun 2026" });
    expect(d.rows.map((r) => [r.destination, r.visaType, r.lodged, r.decided, r.issuedShare, r.medianDays])).toEqual([
      ["Canada", "Student Visa", 1, 1, "100%", "60"],
      ["United Kingdom", "Tourist Visa", 4, 3, "67%", "20"],
      ["United Kingdom", "Work Visa", 2, 2, "50%", "10"],
      ["Other destinations", "Business Visa", 1, 1, "100%", "7"],
    ]);
    // Over all seven decisions (7, 5, 10, 15, 20, 40, 60 days): the median is the fourth.
    expect(d.total).toMatchObject({ destination: "All destinations", lodged: 8, decided: 7, issuedShare: "71%", medianDays: "15" });
  });

  it("follows the chosen period, and says so when nothing falls in it", async () => {
    const march = await figures("?decisions_from=2026-03&decisions_to=2026-03");
    expect(march.label).toBe("Mar 2026");
    // March: the tourist case decided on day 40 (13 March), lodged in February; both work cases lodged and decided.
    expect(march.rows.map((r) => [r.destination, r.visaType, r.lodged, r.decided, r.medianDays])).toEqual([
      ["United Kingdom", "Tourist Visa", 0, 1, "40"],
      ["United Kingdom", "Work Visa", 2, 2, "10"],
    ]);
    const empty = await figures("?decisions_from=2020-01&decisions_to=2020-12");
    expect(empty.rows).toEqual([]);
    expect(empty.total).toBeNull();
  });

  it("a corrected decision moves with it", async () => {
    const app = await lodgedCase("Germany", "tourist", "2026-06-01", { days: 3, outcome: "refused" });
    await t
      .db("case_stages")
      .where({ application_id: app.id, stage: "decision" })
      .update({ on_date: "2026-06-11", details: JSON.stringify({ outcome: "issued", visaType: "Schengen C" }) });
    const germany = (await figures()).rows.find((r) => r.destination === "Germany");
    expect(germany).toMatchObject({ decided: 1, issuedShare: "100%", medianDays: "10" });
  });

  it("refuses a period link that names no real period, and opens on the last twelve months without one", async () => {
    for (const q of [
      "?decisions_from=2026-13&decisions_to=2026-14",
      "?decisions_from=2026-00&decisions_to=2026-03",
      "?decisions_from=2026-05&decisions_to=2026-04",
      // 61 months.
      "?decisions_from=2021-01&decisions_to=2026-01",
      "?decisions_from=2026-01",
      "?decisions_from=2026-1&decisions_to=2026-03",
      // Days are not months.
      "?decisions_from=2026-01-01&decisions_to=2026-06-30",
    ]) {
      const res = await manager.get(`/admin/analytics${q}`);
      expect(res.status, q).toBe(400);
      expect(res.text, q).toContain(BAD_DECISION_PERIOD);
    }
    // Sixty months are five years: shown.
    expect((await figures("?decisions_from=2021-02&decisions_to=2026-01")).total).toMatchObject({ lodged: 1, decided: 1, medianDays: "60" });
    const d = await figures("");
    expect(d).toMatchObject(lastMonths(lagosDay(new Date()), 12));
  });

  it("is for managers only", async () => {
    const officer = await signedIn(t.app, await makeUser(t.db, { officer: true }));
    const res = await officer.get(`/admin/analytics${PERIOD}`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe("/admin");
  });
});

describe("the success stories page's figures", () => {
  const stats = async () => {
    const props = (await (await t.client()).getJson("/success-stories").expect(200)).body.props;
    return props.figures as { visas: string; rate: string; period: string } | null;
  };

  // The public page is cached per path and kind (HTML or JSON) for up to an hour: the HTML is read before the change,
  // the JSON only after it.
  it("are the written ones until a manager chooses the decisions; then the last months' decisions, with their period", async () => {
    const before = (await (await t.client()).get("/success-stories").expect(200)).text;
    expect(before).toContain("98%");
    expect(before).toContain("5000+");
    expect(before).not.toContain("Visas issued and success rate:");
    // Three decisions today (two issued); every other decision here is months old.
    const today = lagosDay(new Date());
    await lodgedCase("Canada", "work", addDays(today, -20), { days: 20, outcome: "issued" });
    await lodgedCase("Canada", "work", addDays(today, -21), { days: 21, outcome: "issued" });
    await lodgedCase("Canada", "work", addDays(today, -22), { days: 22, outcome: "refused" });

    const officer = await signedIn(t.app, await makeUser(t.db, { officer: true }));
    expect((await officer.form("/admin/settings/public-figures", { source: "decisions", months: "1" })).headers.location).toBe("/admin");
    for (const months of ["0", "61", "x", ""]) {
      const res = await manager.form("/admin/settings/public-figures", { source: "decisions", months });
      expect(res.status, months).toBe(400);
      expect(res.text).toMatch(/whole number from 1 to 60/);
    }
    expect((await manager.form("/admin/settings/public-figures", { source: "elsewhere", months: "1" })).status).toBe(400);
    expect(await t.db("public_figures").first("from_decisions", "months")).toEqual({ from_decisions: false, months: 12 });
    expect(await t.db("audit_events").where({ action: "public_figures_changed" }).count("* as n").first()).toEqual({ n: 0 });

    await manager.form("/admin/settings/public-figures", { source: "decisions", months: "1" }).expect(303);
    expect(await stats()).toEqual({
      visas: "2",
      rate: "67%",
      period: `Visas issued and success rate: the embassies' decisions on our clients' applications, ${formatMonth(today.slice(0, 7))}.`,
    });
    expect(await t.db("audit_events").where({ action: "public_figures_changed" }).first("details")).toMatchObject({
      details: { fromDecisions: true, months: 1, before: { fromDecisions: false, months: 12 } },
    });

    await manager.form("/admin/settings/public-figures", { source: "written", months: "1" }).expect(303);
    expect(await t.db("public_figures").first("from_decisions", "months")).toEqual({ from_decisions: false, months: 1 });
  });

  it("count whole months back, the current one included", () => {
    expect(lastMonths("2026-11-30", 12)).toEqual({ from: "2025-12", to: "2026-11" });
    expect(lastMonths("2026-03-01", 1)).toEqual({ from: "2026-03", to: "2026-03" });
    expect(lastMonths("2026-01-15", 2)).toEqual({ from: "2025-12", to: "2026-01" });
    expect(lastMonths("2026-05-31", 60)).toEqual({ from: "2021-06", to: "2026-05" });
  });
});
