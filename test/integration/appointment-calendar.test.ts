// The staff's calendar of visa-centre appointments (/admin/appointments): a day or a week in Lagos time, the current
// appointment of each approved case only (a moved one shows at its new time, not its old). A manager sees everyone's
// or one officer's; an officer sees their own cases' only, whatever the link asks; an applicant never reaches it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, lagosDay, lagosInstant } from "../../server/domain/calendar.ts";
import type { AppointmentsProps } from "../../views/pages/admin/appointmentTypes.ts";
import { insertApp } from "../helpers/admin.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";

let t: TestApp;
let manager: Client;
let amakaUser: TestUser;
let amaka: Client;
let bayoUser: TestUser;
let applicant: Client;
let vfsId: string;
const day = addDays(lagosDay(new Date()), 2);

/** An approved case of `officer`'s with its appointment at `minute` on `on`; `moved` keeps an ended row first. */
async function booked(officer: TestUser, name: string, on: string, minute: number, moved?: { on: string; minute: number }) {
  const user = await makeUser(t.db, { fullName: name });
  const app = await insertApp(t.db, user.id, { status: "approved", submitted_at: new Date(), assignee_id: officer.id, full_name: name });
  await t.db("case_stages").insert({
    application_id: app.id,
    stage: "lodged",
    state: "done",
    on_date: addDays(on, -10),
    details: JSON.stringify({ portal: "ukvi", reference: "GWF012345678" }),
  });
  if (moved)
    await t.db("case_stages").insert({
      application_id: app.id,
      stage: "appointment",
      state: "done",
      appointment_at: lagosInstant(moved.on, moved.minute),
      centre_id: vfsId,
      details: JSON.stringify({ centreReference: "OLD-1" }),
      ended_as: "moved",
      ended_at: new Date(),
    });
  await t.db("case_stages").insert({
    application_id: app.id,
    stage: "appointment",
    state: "done",
    appointment_at: lagosInstant(on, minute),
    centre_id: vfsId,
    details: JSON.stringify({ centreReference: `LOS-${minute}` }),
  });
  return app;
}

const calendar = async (client: Client, query: string) =>
  (await client.getJson(`/admin/appointments${query}`).expect(200)).body.props as AppointmentsProps;
const names = (p: AppointmentsProps) => p.days.flatMap((d) => d.entries.map((e) => e.applicant));

beforeAll(async () => {
  t = await createTestApp();
  manager = await signedIn(t.app, await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" }));
  amakaUser = await makeUser(t.db, { officer: true, fullName: "Amaka Obi" });
  amaka = await signedIn(t.app, amakaUser);
  bayoUser = await makeUser(t.db, { officer: true, fullName: "Bayo Lawal" });
  applicant = await signedIn(t.app, await makeUser(t.db, { fullName: "Kunle Ade" }));
  vfsId = (await t.db("visa_centres").where({ name: "VFS Global Lagos" }).first("id")).id;
  await booked(amakaUser, "Adaeze Nwosu", day, 9 * 60 + 30);
  // Moved from the day before to this day: shown once, at its new time.
  await booked(amakaUser, "Chidi Eze", day, 11 * 60, { on: addDays(day, -1), minute: 10 * 60 });
  await booked(bayoUser, "Ngozi Okafor", addDays(day, 3), 8 * 60);
});
afterAll(() => t.drop());

describe("the appointments calendar", () => {
  it("shows a manager everyone's appointments of a day in time order, and of a week by day", async () => {
    const dayView = await calendar(manager, `?range=day&from=${day}`);
    expect(names(dayView)).toEqual(["Adaeze Nwosu", "Chidi Eze"]);
    expect(dayView.days[0].entries[0]).toMatchObject({
      time: "09:30",
      centre: "VFS Global Lagos",
      centreReference: "LOS-570",
      officer: "Amaka Obi",
      state: "coming",
    });
    expect(dayView.days[0].entries[0].caseHref).toMatch(/^\/admin\/application\/[0-9a-f-]+#after-approval$/);
    // The moved appointment's old day shows nothing.
    expect(names(await calendar(manager, `?range=day&from=${addDays(day, -1)}`))).toEqual([]);
    const week = await calendar(manager, `?range=week&from=${day}`);
    expect(week.days).toHaveLength(7);
    expect(names(week)).toEqual(["Adaeze Nwosu", "Chidi Eze", "Ngozi Okafor"]);
    expect(week.days[3].entries.map((e) => e.applicant)).toEqual(["Ngozi Okafor"]);
    expect(week.staffOptions?.map((o) => o.label)).toEqual(expect.arrayContaining(["Amaka Obi", "Bayo Lawal"]));
  });

  it("lets a manager choose one officer", async () => {
    expect(names(await calendar(manager, `?range=week&from=${day}&staff=${bayoUser.id}`))).toEqual(["Ngozi Okafor"]);
  });

  it("shows an officer their own cases only, whatever the link names", async () => {
    const own = await calendar(amaka, `?range=week&from=${day}`);
    expect(names(own)).toEqual(["Adaeze Nwosu", "Chidi Eze"]);
    expect(own.staffOptions).toBeNull();
    expect(names(await calendar(amaka, `?range=week&from=${day}&staff=${bayoUser.id}`))).toEqual(["Adaeze Nwosu", "Chidi Eze"]);
    const html = (await amaka.get(`/admin/appointments?range=week&from=${day}&staff=${bayoUser.id}`).expect(200)).text;
    expect(html).not.toContain("Ngozi Okafor");
  });

  it("marks an appointment attended once its biometrics are recorded, and one passed without a record", async () => {
    const past = addDays(lagosDay(new Date()), -1);
    const app = await booked(amakaUser, "Emeka Obi", past, 9 * 60);
    let entry = (await calendar(amaka, `?range=day&from=${past}`)).days[0].entries[0];
    expect(entry).toMatchObject({ applicant: "Emeka Obi", state: "passed" });
    await t.db("case_stages").insert({ application_id: app.id, stage: "biometrics", state: "done", on_date: past });
    entry = (await calendar(amaka, `?range=day&from=${past}`)).days[0].entries[0];
    expect(entry).toMatchObject({ state: "attended", stateLabel: "Attended" });
  });

  it("is staff's alone, is linked from the agenda, and refuses a day that does not exist", async () => {
    const res = await applicant.get("/admin/appointments");
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe("/dashboard");
    expect((await manager.get("/admin/agenda").expect(200)).text).toContain('href="/admin/appointments"');
    expect((await manager.get("/admin/appointments?from=2026-02-30")).status).toBe(400);
  });
});
