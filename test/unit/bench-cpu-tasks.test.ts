// The weight bench's reading of a page's own blocking time: its main thread's tasks after the first contentful paint,
// by thread CPU time (not wall time), slowed as the profile's CPU.
import { describe, expect, it } from "vitest";
import { cpuTasks } from "../../bench/parts/lighthouse.ts";

const PAGE = { pid: 7, tid: 7 };
const task = (ts: number, wallMs: number, cpuMs: number, thread = PAGE) => ({
  name: "RunTask",
  ph: "X",
  ...thread,
  ts: ts * 1000,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});

describe("the page's part of blocking time", () => {
  it("counts the painting thread's tasks after the first paint by CPU time, slowed by the profile", () => {
    const events = [
      task(10, 80, 30), // the navigation, before the paint
      { name: "firstContentfulPaint", ph: "R", ...PAGE, ts: 100_000 },
      task(120, 60, 20), // 20 ms of CPU × 6 = 120 ms: 70 ms over the 50 ms line, though 60 ms of wall time
      task(200, 30, 5), // 30 ms slowed: not blocking
      task(300, 40, 30, { pid: 9, tid: 9 }), // another process's thread
      { name: "Layout", ph: "X", ...PAGE, ts: 130_000, dur: 10_000, tdur: 10_000 }, // inside a task, not a task
    ];
    expect(cpuTasks(events, 6)).toEqual({ blockingMs: 70, longestMs: 120 });
    expect(cpuTasks(events, 4)).toEqual({ blockingMs: 30, longestMs: 80 });
  });

  it("says it cannot tell without a first paint", () => {
    const r = cpuTasks([task(120, 60, 20)], 6);
    expect(r.blockingMs).toBeNaN();
    expect(r.longestMs).toBeNaN();
  });
});
