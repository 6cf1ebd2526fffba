// freeSlots(): weekly hours in Lagos, days off, bookings with buffers, notice and horizon; anyone free is enough.
import { describe, expect, it } from "vitest";
import { lagosInstant } from "../../server/domain/calendar.ts";
import { freeSlots, type StaffCalendar } from "../../server/domain/consultationSlots.ts";

// Monday 2 March 2026, 08:00 in Lagos (07:00 UTC).
const NOW = new Date("2026-03-02T07:00:00Z");
const RULES = { noticeHours: 0, horizonWeeks: 2 };
const MONDAY_ONLY = { noticeHours: 0, horizonWeeks: 1 };
const ada = (over: Partial<StaffCalendar> = {}): StaffCalendar => ({
  staffId: "ada",
  bufferMinutes: 0,
  hours: [{ weekday: 1, startMinute: 9 * 60, endMinute: 11 * 60 }],
  daysOff: [],
  busy: [],
  ...over,
});
const times = (slots: { startsAt: Date }[]) => slots.map((s) => s.startsAt.toISOString());

describe("freeSlots", () => {
  it("offers the weekly hours as Lagos wall-clock times, every half hour, the meeting inside the hours", () => {
    const slots = freeSlots([ada()], 60, RULES, NOW);
    // 09:00, 09:30, 10:00 in Lagos are 08:00, 08:30, 09:00 UTC; 10:30 would end after 11:00. Next Monday too; the
    // Monday after is past the horizon.
    expect(times(slots)).toEqual([
      "2026-03-02T08:00:00.000Z",
      "2026-03-02T08:30:00.000Z",
      "2026-03-02T09:00:00.000Z",
      "2026-03-09T08:00:00.000Z",
      "2026-03-09T08:30:00.000Z",
      "2026-03-09T09:00:00.000Z",
    ]);
    expect(slots[0].endsAt.toISOString()).toBe("2026-03-02T09:00:00.000Z");
    expect(lagosInstant("2026-03-02", 9 * 60).toISOString()).toBe("2026-03-02T08:00:00.000Z");
  });

  it("offers times only inside a day's spans: 09:00-12:00 and 14:00-17:00 offer 11:30 and 14:00, never 12:00 to 13:30", () => {
    const split = ada({
      hours: [
        { weekday: 1, startMinute: 9 * 60, endMinute: 12 * 60 },
        { weekday: 1, startMinute: 14 * 60, endMinute: 17 * 60 },
      ],
    });
    const lagos = times(freeSlots([split], 30, MONDAY_ONLY, NOW))
      .filter((t) => t.startsWith("2026-03-02"))
      .map((t) => `${String(Number(t.slice(11, 13)) + 1).padStart(2, "0")}:${t.slice(14, 16)}`);
    expect(lagos).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30"]);
    // A meeting must fit inside one span: an hour at 11:30 would run into the break.
    expect(times(freeSlots([split], 60, MONDAY_ONLY, NOW)).filter((t) => t.startsWith("2026-03-02"))).not.toContain("2026-03-02T10:30:00.000Z");
  });

  it("leaves out days off", () => {
    expect(times(freeSlots([ada({ daysOff: ["2026-03-02"] })], 60, RULES, NOW))).toEqual([
      "2026-03-09T08:00:00.000Z",
      "2026-03-09T08:30:00.000Z",
      "2026-03-09T09:00:00.000Z",
    ]);
  });

  it("keeps the buffer after an existing booking and before the next one", () => {
    // Booked 09:30–10:00 Lagos with a 30-minute buffer: blocked until 10:30.
    const busy = [{ startsAt: new Date("2026-03-02T08:30:00Z"), blockedUntil: new Date("2026-03-02T09:30:00Z") }];
    const slots = freeSlots([ada({ bufferMinutes: 30, busy })], 30, MONDAY_ONLY, NOW);
    // 09:00 would end at 09:30 and its own buffer would run into the booking; 10:30 is the first free time after it.
    expect(times(slots)).toEqual(["2026-03-02T09:30:00.000Z"]);
  });

  it("needs the notice period and stops at the horizon", () => {
    const slots = freeSlots([ada()], 60, { noticeHours: 2, horizonWeeks: 1 }, NOW);
    // 08:00 + 2 h = 10:00 Lagos: 09:00 and 09:30 are too soon; a week ahead (09:00 on the 9th) is past 08:00 on the 9th.
    expect(times(slots)).toEqual(["2026-03-02T09:00:00.000Z"]);
  });

  it("offers a time when anyone is free, naming who", () => {
    const busy = [{ startsAt: new Date("2026-03-02T08:00:00Z"), blockedUntil: new Date("2026-03-02T09:00:00Z") }];
    const bola = ada({ staffId: "bola" });
    const slots = freeSlots([ada({ busy }), bola], 60, MONDAY_ONLY, NOW);
    expect(slots.map((s) => s.staffIds)).toEqual([["bola"], ["bola"], ["ada", "bola"]]);
  });
});
