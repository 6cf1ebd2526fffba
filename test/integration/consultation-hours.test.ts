// Several spans of hours in one weekday (09:00-12:00 and 14:00-17:00): a manager sets them for anyone and an officer
// for themselves with the plain form; /book offers times only inside a span; a span that ends before it starts or
// overlaps another is refused with a 400 naming the day, and nothing changes. The table refuses overlapping spans too;
// two saves at the same moment take turns, so neither meets that refusal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { makeConsultationType } from "../helpers/consultations.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";

let t: TestApp;
let manager: Client;
let officer: TestUser;
let desk: Client;
beforeAll(async () => {
  t = await createTestApp();
  manager = await signedIn(t.app, await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" }));
  officer = await makeUser(t.db, { officer: true, fullName: "Amaka Obi" });
  desk = await signedIn(t.app, officer);
});
afterAll(() => t.drop());

const SPLIT = "09:00-12:00, 14:00-17:00";
const everyDay = (value: string) => Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [`hours_${d}`, value]));
const spansOf = async (userId: string) =>
  (await t.db("staff_hours").where({ user_id: userId }).orderBy(["weekday", "start_minute"])).map((h) => [h.weekday, h.start_minute, h.end_minute]);
const lagosTime = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Africa/Lagos" }).format(new Date(iso));

describe("several spans of hours in one weekday", () => {
  it("a manager saves two spans a day for an officer, the page shows them, and /book offers times only inside them", async () => {
    await manager.form(`/admin/consultations/availability/${officer.id}`, { buffer_minutes: "0", ...everyDay(SPLIT) }).expect(303);
    expect(await spansOf(officer.id)).toEqual(
      [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [
        [d, 540, 720],
        [d, 840, 1020],
      ]),
    );
    const page = (await manager.getJson(`/admin/consultations?staff=${officer.id}`).expect(200)).body.props;
    expect(page.availability.hours.map((h: { value: string }) => h.value)).toEqual(Array(7).fill(SPLIT));

    const typeId = await makeConsultationType(t.db, { name: "Split day check", minutes: 30 });
    const visitor = await newClient(t.app);
    const days = [...(await visitor.get(`/book?type=${typeId}`)).text.matchAll(/href="(\/book\?type=[^"]+)"/g)].map((m) =>
      m[1].replace(/&amp;/g, "&"),
    );
    // The second day offered is a whole day, past the notice period.
    const times = [...(await visitor.get(days[1])).text.matchAll(/name="slot" value="([^"]+)"/g)].map((m) => lagosTime(m[1]));
    expect(times).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30"]);
    expect(times).not.toContain("12:30");
    expect(times).toContain("14:00");
  });

  it("an officer sets their own: one day with three spans (touching is fine), one with one, the rest off", async () => {
    await desk
      .form(`/admin/consultations/availability/${officer.id}`, {
        buffer_minutes: "10",
        hours_1: "16:00-18:00,08:00 - 10:00; 10:00-12:00",
        hours_3: "13:00–15:30",
        hours_5: "",
      })
      .expect(303);
    expect(await spansOf(officer.id)).toEqual([
      [1, 480, 600],
      [1, 600, 720],
      [1, 960, 1080],
      [3, 780, 930],
    ]);
    const page = (await desk.getJson("/admin/consultations").expect(200)).body.props;
    expect(page.availability.hours[1].value).toBe("08:00-10:00, 10:00-12:00, 16:00-18:00");
    expect(page.availability.hours[3].value).toBe("13:00-15:30");
    expect(page.availability.hours[5].value).toBe("");
  });

  it("refuses overlapping spans, a span ending before it starts, bad writing and too many spans: 400 naming the day, nothing changed", async () => {
    const before = await spansOf(officer.id);
    const buffer = await t.db("consultation_staff").where({ user_id: officer.id }).first("buffer_minutes");
    const cases: [Record<string, string>, string][] = [
      [{ hours_1: "09:00-12:00, 11:00-13:00" }, "Monday: 09:00-12:00 and 11:00-13:00 overlap"],
      [{ hours_2: "14:00-17:00, 09:00-15:00" }, "Tuesday: 09:00-15:00 and 14:00-17:00 overlap"],
      [{ hours_3: "09:00-17:00, 10:00-11:00" }, "Wednesday: 09:00-17:00 and 10:00-11:00 overlap"],
      [{ hours_4: "17:00-09:00" }, "Thursday: 17:00-09:00 must start before it ends"],
      [{ hours_5: "09:00-12:00, 14:00-14:00" }, "Friday: 14:00-14:00 must start before it ends"],
      [{ hours_6: "9 to 12, 2 to 5" }, "Saturday: write the hours as 09:00-17:00"],
      [{ hours_0: "01:00-02:00,03:00-04:00,05:00-06:00,07:00-08:00,09:00-10:00,11:00-12:00,13:00-14:00" }, "Sunday: write at most 6 spans"],
    ];
    for (const [fields, message] of cases) {
      // Monday's good spans would be saved if a bad day elsewhere let the form through.
      const res = await manager
        .form(`/admin/consultations/availability/${officer.id}`, { buffer_minutes: "45", hours_1: "07:00-08:00", ...fields })
        .expect(400);
      expect(res.text).toContain(message);
      // The page comes back with the day as typed, to be corrected.
      const [day, typed] = Object.entries(fields)[0];
      expect(res.text).toContain(`name="${day}" value="${typed.replace(/&/g, "&amp;")}"`);
      expect(await spansOf(officer.id)).toEqual(before);
      expect(await t.db("consultation_staff").where({ user_id: officer.id }).first("buffer_minutes")).toEqual(buffer);
    }
  });

  it("the table refuses two overlapping spans of one person's weekday, whatever writes them", async () => {
    await expect(
      t.db("staff_hours").insert([
        { user_id: officer.id, weekday: 2, start_minute: 540, end_minute: 720 },
        { user_id: officer.id, weekday: 2, start_minute: 600, end_minute: 660 },
      ]),
    ).rejects.toMatchObject({ code: "23P01" });
  });
});

describe("two managers saving one person's hours at the same moment", () => {
  it("both saves are answered, one after the other: the hours, buffer and days off are wholly the last one's, never a mix", async () => {
    const other = await signedIn(t.app, await makeUser(t.db, { admin: true, fullName: "Bisi Lawal" }));
    // A staff member who has never had hours (no row yet), then the same person again with hours saved.
    const person = await makeUser(t.db, { officer: true, fullName: "Kunle Ade" });
    const morning = { buffer_minutes: "0", days_off: "2026-12-24", ...everyDay("09:00-12:00") };
    const split = { buffer_minutes: "5", days_off: "2026-12-31", ...everyDay("10:00-13:00, 14:00-15:00") };
    const saved = async () => ({
      spans: await spansOf(person.id),
      buffer: (await t.db("consultation_staff").where({ user_id: person.id }).first("buffer_minutes"))?.buffer_minutes,
      daysOff: (await t.db("staff_days_off").where({ user_id: person.id }).select("day")).map((d) => d.day),
    });
    const asSaved = {
      morning: { spans: [0, 1, 2, 3, 4, 5, 6].map((d) => [d, 540, 720]), buffer: 0, daysOff: ["2026-12-24"] },
      split: {
        spans: [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [
          [d, 600, 780],
          [d, 840, 900],
        ]),
        buffer: 5,
        daysOff: ["2026-12-31"],
      },
    };
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all([
        manager.form(`/admin/consultations/availability/${person.id}`, morning),
        other.form(`/admin/consultations/availability/${person.id}`, split),
      ]);
      expect(answers.map((r) => r.status)).toEqual([303, 303]);
      expect([asSaved.morning, asSaved.split]).toContainEqual(await saved());
    }
  });
});
