// Cases late at the embassy: managers set each destination's usual decision time (1–365 days, its source, the day it
// was checked; audited; bad input changes nothing; officers cannot). A case lodged with no decision recorded is late
// once its lodging is more than the usual days ago in Lagos (exactly the usual days is not late). The list shows an
// officer their own cases only and a manager everyone's or one officer's; the case page says how long it has waited;
// the morning e-mail has a section for them, once a day.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendLateCaseDigests } from "../../server/actions/applications/sendLateCaseDigests.ts";
import { addDays, lagosDay } from "../../server/domain/calendar.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { createLogger } from "../../server/middleware/logging.ts";
import { lateAtEmbassy } from "../../server/models/decisionTimes.ts";
import type { DecisionTimeSettingsProps, LateAtEmbassyProps } from "../../views/pages/admin/decisionTimeTypes.ts";
import { insertApp } from "../helpers/admin.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { signedSheet } from "../helpers/signatures.ts";

let t: TestApp;
let managerUser: TestUser;
let manager: Client;
let amakaUser: TestUser;
let amaka: Client;
let bayoUser: TestUser;
const today = () => lagosDay(new Date());
const daysAgo = (n: number) => addDays(today(), -n);

const SETTINGS = "/admin/settings/decision-times";
const UK = { destination: "United Kingdom", usual_days: "15", source: "UKVI published service standard", checked_on: "" };

/** An approved case with its form lodged `lodgedDaysAgo` days ago (a Lagos day), optionally decided. */
async function lodged(name: string, officer: TestUser | null, lodgedDaysAgo: number, opts: { destination?: string | null; decided?: boolean } = {}) {
  const owner = await makeUser(t.db, { fullName: name });
  const app = await insertApp(t.db, owner.id, {
    status: "approved",
    submitted_at: new Date(),
    assignee_id: officer?.id ?? null,
    full_name: name,
    destination_country: "United Kingdom",
  });
  const lodgedOn = daysAgo(lodgedDaysAgo);
  await t.db("case_stages").insert({
    application_id: app.id,
    stage: "lodged",
    state: "done",
    on_date: lodgedOn,
    destination: opts.destination === undefined ? "United Kingdom" : opts.destination,
    details: JSON.stringify({ portal: "ukvi", reference: "GWF012345678" }),
  });
  if (opts.decided)
    await t.db("case_stages").insert({
      application_id: app.id,
      stage: "decision",
      state: "done",
      on_date: today(),
      details: JSON.stringify({ outcome: "refused", grounds: "Funds" }),
    });
  return app;
}

const settingsProps = async (client: Client) => (await client.getJson(SETTINGS).expect(200)).body.props as DecisionTimeSettingsProps;
const listOf = async (client: Client, query = "") =>
  (await client.getJson(`/admin/late-at-embassy${query}`).expect(200)).body.props as LateAtEmbassyProps;
const names = (p: LateAtEmbassyProps) => p.entries.map((e) => e.name).sort();

beforeAll(async () => {
  t = await createTestApp();
  managerUser = await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" });
  manager = await signedIn(t.app, managerUser);
  amakaUser = await makeUser(t.db, { officer: true, fullName: "Amaka Obi" });
  amaka = await signedIn(t.app, amakaUser);
  bayoUser = await makeUser(t.db, { officer: true, fullName: "Bayo Lawal" });
});
afterAll(() => t.drop());

describe("the usual decision times", () => {
  it("lists every destination of the catalogue, none set at first", async () => {
    const props = await settingsProps(manager);
    expect(props.destinations.map((d) => d.destination)).toEqual(expect.arrayContaining(["United Kingdom", "United States", "Canada", "Germany"]));
    expect(props.destinations.every((d) => d.usualDays === "" && d.updated === null)).toBe(true);
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ usual_days: "0" }, "usual_days", /whole number from 1 to 365/],
      [{ usual_days: "366" }, "usual_days", /whole number from 1 to 365/],
      [{ usual_days: "2.5" }, "usual_days", /whole number from 1 to 365/],
      [{ usual_days: "" }, "usual_days", /whole number from 1 to 365/],
      [{ source: "   " }, "source", /where the figure comes from/],
      [{ checked_on: addDays(today(), 1) }, "checked_on", /cannot be in the future/],
      [{ checked_on: "2026-02-30" }, "checked_on", /date the figure was checked/],
      [{ destination: "Narnia" }, "destination", /destination from the list/],
    ];
    for (const [change, field, message] of cases) {
      const res = await manager.form(SETTINGS, { ...UK, checked_on: daysAgo(2), ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.text).toMatch(message);
      const props = (await manager.getJson(SETTINGS).expect(200)).body.props as DecisionTimeSettingsProps;
      expect(props.destinations.find((d) => d.destination === "United Kingdom")?.usualDays).toBe("");
      void field;
    }
    expect(await t.db("decision_times").count("* as n").first()).toEqual({ n: 0 });
    expect(await t.db("audit_events").where({ action: "decision_time_changed" }).count("* as n").first()).toEqual({ n: 0 });
  });

  it("an officer cannot set one; a manager's is saved, audited with what it was, and shown", async () => {
    const denied = await amaka.form(SETTINGS, { ...UK, checked_on: daysAgo(2) });
    expect(denied.status).toBe(303);
    expect(denied.headers.location).toBe("/admin");
    expect(await t.db("decision_times").count("* as n").first()).toEqual({ n: 0 });

    await manager.form(SETTINGS, { ...UK, usual_days: "21", checked_on: daysAgo(2) }).expect(303);
    const res = await manager.form(SETTINGS, { ...UK, usual_days: " 15 ", checked_on: daysAgo(1) });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(SETTINGS);
    const uk = (await settingsProps(manager)).destinations.find((d) => d.destination === "United Kingdom");
    expect(uk).toMatchObject({ usualDays: "15", source: "UKVI published service standard", checkedOn: daysAgo(1) });
    expect(uk?.updated).toMatch(/^Set by Folake Adeyemi, /);
    const audits = await t.db("audit_events").where({ action: "decision_time_changed" }).orderBy("id").select("actor_id", "details");
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({
      actor_id: managerUser.id,
      details: { destination: "United Kingdom", usualDays: 15, before: { usualDays: 21, checkedOn: daysAgo(2) } },
    });
  });
});

describe("late at the embassy", () => {
  beforeAll(async () => {
    // United Kingdom: 15 days (set above). Amaka's: 16 days (late), exactly 15 (not late), 40 decided (not late).
    await lodged("Late Sixteen", amakaUser, 16);
    await lodged("Exactly Fifteen", amakaUser, 15);
    await lodged("Decided Forty", amakaUser, 40, { decided: true });
    // A destination without a usual time is never late; Bayo's late case.
    await lodged("Elsewhere Forty", amakaUser, 40, { destination: null });
    await lodged("Bayo Thirty", bayoUser, 30);
  });

  it("flags a lodging older than the usual days, not one of exactly the usual days, nor a decided case", async () => {
    expect(names(await listOf(manager))).toEqual(["Bayo Thirty", "Late Sixteen"]);
    // Longest past its usual time first.
    expect((await listOf(manager)).entries[0]).toMatchObject({ name: "Bayo Thirty", destination: "United Kingdom" });
    expect((await listOf(manager)).entries[1].line).toBe(`Lodged ${formatDay(daysAgo(16))}: 16 days waiting, usually 15 days`);
  });

  it("counts Lagos days: a lodging 15 days back is late from midnight in Lagos (23:00 UTC)", async () => {
    const lodgedOn = "2026-03-01";
    const app = await lodged("Midnight Case", amakaUser, 0);
    await t.db("case_stages").where({ application_id: app.id }).update({ on_date: lodgedOn });
    const at = async (instant: string) => (await lateAtEmbassy(t.db, { today: lagosDay(new Date(instant)) })).some((r) => r.id === app.id);
    // 16 March 22:59 UTC is 23:59 in Lagos, exactly 15 days; 23:00 UTC is already 17 March in Lagos.
    expect(await at("2026-03-16T22:59:00Z")).toBe(false);
    expect(await at("2026-03-16T23:00:00Z")).toBe(true);
    await t.db("visa_applications").where({ id: app.id }).del();
  });

  it("shows an officer their own cases whatever the link names; a manager everyone's or one officer's", async () => {
    expect(names(await listOf(amaka))).toEqual(["Late Sixteen"]);
    expect(names(await listOf(amaka, `?staff=${bayoUser.id}`))).toEqual(["Late Sixteen"]);
    expect((await listOf(amaka)).staffOptions).toBeNull();
    expect(names(await listOf(manager, `?staff=${bayoUser.id}`))).toEqual(["Bayo Thirty"]);
    expect(names(await listOf(manager, "?staff=not-a-person"))).toEqual(["Bayo Thirty", "Late Sixteen"]);
    const applicant = await signedIn(t.app, await makeUser(t.db));
    const res = await applicant.get("/admin/late-at-embassy");
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe("/dashboard");
  });

  it("the case page says how long it has waited against the usual time", async () => {
    const [late] = (await listOf(amaka)).entries;
    const props = (await amaka.getJson(`/admin/application/${late.id}`).expect(200)).body.props;
    expect(props.afterApproval.embassyWait).toEqual({
      late: true,
      line: `16 days since lodging; United Kingdom usually decides in 15 days (UKVI published service standard, checked ${formatDay(daysAgo(1))}).`,
    });
    const onTime = await t.db("visa_applications").where({ full_name: "Exactly Fifteen" }).first("id");
    const onTimeProps = (await amaka.getJson(`/admin/application/${onTime.id}`).expect(200)).body.props;
    expect(onTimeProps.afterApproval.embassyWait.late).toBe(false);
    const decided = await t.db("visa_applications").where({ full_name: "Decided Forty" }).first("id");
    expect((await amaka.getJson(`/admin/application/${decided.id}`).expect(200)).body.props.afterApproval.embassyWait).toBeNull();
  });

  it("recording the lodging keeps the catalogue's destination, and recording the decision takes the case off the list", async () => {
    const owner = await makeUser(t.db, { fullName: "Recorded Case" });
    const app = await insertApp(t.db, owner.id, {
      status: "approved",
      submitted_at: new Date(),
      assignee_id: amakaUser.id,
      full_name: "Recorded Case",
      destination_country: " u.k. ",
    });
    await signedSheet(t.db, app.id);
    const post = (stage: string, fields: Record<string, string>) => {
      let req = amaka.agent.post(`/admin/application/${app.id}/stages/${stage}?_csrf=${encodeURIComponent(amaka.token)}`);
      for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
      return req;
    };
    await post("lodged", { mode: "record", portal: "ukvi", reference: "GWF012345678", date: daysAgo(20) }).expect(303);
    expect(await t.db("case_stages").where({ application_id: app.id, stage: "lodged" }).first("destination")).toEqual({
      destination: "United Kingdom",
    });
    expect(names(await listOf(amaka))).toContain("Recorded Case");
    for (const stage of ["appointment", "biometrics", "passport_held"])
      await amaka.form(`/admin/application/${app.id}/stages/${stage}/skip`, { reason: "E-visa" }).expect(303);
    await post("decision", { mode: "record", outcome: "refused", date: daysAgo(1), grounds: "Funds not shown" }).expect(303);
    expect(await t.db("case_stages").where({ application_id: app.id, stage: "lodged" }).first("decided_on", "outcome")).toEqual({
      decided_on: expect.anything(),
      outcome: "refused",
    });
    expect(names(await listOf(amaka))).not.toContain("Recorded Case");
  });
});

describe("the morning e-mail's section", () => {
  it("lists an officer's cases late at the embassy in their own section, once a day", async () => {
    // Amaka has no case late in our own review: the e-mail is for the embassy's section alone.
    const actions = { db: t.db, config: t.config, logger: createLogger("silent"), outbox: createOutbox(t.config.mail) };
    // This morning if it is a working day, else the next Monday's (the list then counts that day's waits).
    let morning = new Date(`${today()}T08:00:00+01:00`);
    while ([0, 6].includes(new Date(`${lagosDay(morning)}T12:00:00Z`).getUTCDay())) morning = new Date(morning.getTime() + 86_400_000);
    const day = lagosDay(morning);
    expect(await sendLateCaseDigests(actions, morning)).toEqual({ sent: 2 });
    expect(await sendLateCaseDigests(actions, new Date(morning.getTime() + 3_600_000))).toEqual({ sent: 0 });
    const mails = await t.db("email_messages").where({ kind: "late_cases" }).select("user_id", "data", "subject");
    expect(mails.map((m) => m.user_id).sort()).toEqual([amakaUser.id, bayoUser.id].sort());
    const amakas = mails.find((m) => m.user_id === amakaUser.id);
    expect(JSON.parse(amakas.data.cases)).toEqual([]);
    const embassy = JSON.parse(amakas.data.embassy);
    const expected = (await lateAtEmbassy(t.db, { today: day, assigneeId: amakaUser.id })).map((r) => r.applicant_name);
    expect(embassy.map((e: { applicant: string }) => e.applicant)).toEqual(expected);
    expect(expected).toContain("Late Sixteen");
    expect(expected).not.toContain("Decided Forty");
    expect(expected).not.toContain("Elsewhere Forty");
    expect(amakas.subject).toBe(expected.length === 1 ? "Your 1 late case today" : `Your ${expected.length} late cases today`);
    expect(embassy.find((e: { applicant: string }) => e.applicant === "Late Sixteen")).toMatchObject({
      destination: "United Kingdom",
      lodgedOn: daysAgo(16),
      usualDays: 15,
    });
  });
});

function formatDay(day: string) {
  const [y, m, d] = day.split("-").map(Number);
  return `${d} ${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][m - 1]} ${y}`;
}
