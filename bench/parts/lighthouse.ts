// One page under Lighthouse (mobile, performance only) in a browser of its own, under a named network and CPU profile:
// the median of a few runs, the script the page requested before it was usable, and a check that the page measured
// is the page named (no redirect).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { gzipBytes } from "../../test/helpers/scriptBeforeUsable.ts";

export interface Profile {
  name: string;
  /** Lighthouse's simulated throttling: the page is loaded once unthrottled and its timings computed for this link and CPU. */
  throttling: {
    rttMs: number;
    throughputKbps: number;
    cpuSlowdownMultiplier: number;
    requestLatencyMs: number;
    downloadThroughputKbps: number;
    uploadThroughputKbps: number;
  };
}

/** Lighthouse's default mobile profile ("slow 4G", a mid-range phone). */
export const DEFAULT_PROFILE: Profile = {
  name: "default (slow 4G, 4× CPU)",
  throttling: {
    rttMs: 150,
    throughputKbps: 1638.4,
    cpuSlowdownMultiplier: 4,
    requestLatencyMs: 562.5,
    downloadThroughputKbps: 1474.56,
    uploadThroughputKbps: 675,
  },
};

/** A low-end Android phone on 3G, as most of Nigeria's visitors are (latency and throughput derived as Lighthouse does). */
export const LOW_END_3G: Profile = {
  name: "3G, low-end phone (300 ms, 700 kbit/s, 6× CPU)",
  throttling: {
    rttMs: 300,
    throughputKbps: 700,
    cpuSlowdownMultiplier: 6,
    requestLatencyMs: 1125,
    downloadThroughputKbps: 630,
    uploadThroughputKbps: 630,
  },
};

export interface LhRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** gzip bytes of the scripts requested before the page was usable (see scriptBeforeUsable). */
  scriptBeforeUsable: number;
  benchmarkIndex: number;
  /** Main-thread time by kind of work (script evaluation, style and layout, parsing …), CPU slowdown applied. */
  mainThread: Record<string, number>;
  /** The page's main-thread tasks after first contentful paint by their thread CPU time (see cpuTasks). */
  cpu: CpuTasks;
}

/**
 * What the page's main thread computed after its first contentful paint, by each task's thread CPU time rather than
 * its wall time, slowed as the profile's CPU: blocking time and the longest task. Lighthouse counts wall time, and on
 * a machine of two cores the renderer shares them with the browser, the GPU process and Lighthouse itself, which
 * reads the trace as it comes: a task of 30 ms of CPU then lasts 80 ms (the navigation's own commit did, in a trace
 * of the dashboard). This figure is the page's part of TBT, what a change to its code can move.
 */
export interface CpuTasks {
  blockingMs: number;
  longestMs: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

export function cpuTasks(events: TraceEvent[], cpuSlowdown: number): CpuTasks {
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  if (!fcp) return { blockingMs: Number.NaN, longestMs: Number.NaN };
  // The thread that painted is the page's main thread.
  const tasks = events.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === "X" && e.name === "RunTask" && e.ts >= fcp.ts);
  let blockingMs = 0;
  let longestMs = 0;
  for (const task of tasks) {
    const ms = ((task.tdur ?? task.dur ?? 0) / 1000) * cpuSlowdown;
    longestMs = Math.max(longestMs, ms);
    blockingMs += Math.max(0, ms - 50);
  }
  return { blockingMs, longestMs };
}

interface Item {
  name?: string;
  startTime?: number;
  group?: string;
  groupLabel?: string;
  duration?: number;
  resourceType?: string;
  url?: string;
  rendererStartTime?: number;
  statusCode?: number;
}

/**
 * Script before usable: the gzip size of every script the page requested before its `hydrated` performance mark
 * (client/app.tsx sets it once React has committed the page; client/islands.ts once a marketing page's at-once
 * islands are live). Requests and the mark are on the same clock, the unthrottled load's. A page without the mark
 * never became usable: every script it requested counts.
 */
function scriptBeforeUsable(requests: Item[], marks: Item[]): number {
  const usableAt = marks.find((m) => m.name === "hydrated")?.startTime ?? Number.POSITIVE_INFINITY;
  return requests
    .filter((r) => r.resourceType === "Script" && r.url && (r.rendererStartTime ?? 0) <= usableAt)
    .reduce((sum, r) => sum + gzipBytes(r.url as string), 0);
}

async function run(url: string, port: number, profile: Profile, cookie?: string): Promise<LhRun> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    throttlingMethod: "simulate",
    throttling: profile.throttling,
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  // A signed-out or refused visit is redirected (to sign-in, the dashboard): that page would be measured instead.
  if (lhr.mainDocumentUrl !== url || lhr.finalDisplayedUrl !== url) throw new Error(`${url} was measured as ${lhr.mainDocumentUrl}`);
  const items = (audit: string) => ((lhr.audits[audit]?.details as { items?: Item[] } | undefined)?.items ?? []) as Item[];
  const document = items("network-requests").find((r) => r.url === url);
  if (document?.statusCode !== 200) throw new Error(`${url} answered ${document?.statusCode}`);
  const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
  const mainThread: Record<string, number> = {};
  for (const item of items("mainthread-work-breakdown")) mainThread[item.groupLabel ?? item.group ?? "?"] = item.duration ?? 0;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: lhr.audits["first-contentful-paint"].numericValue ?? Number.NaN,
    lcp: lhr.audits["largest-contentful-paint"].numericValue ?? Number.NaN,
    tbt: lhr.audits["total-blocking-time"].numericValue ?? Number.NaN,
    cls: lhr.audits["cumulative-layout-shift"].numericValue ?? Number.NaN,
    scriptBeforeUsable: scriptBeforeUsable(items("network-requests"), items("user-timings")),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    mainThread,
    cpu: cpuTasks(trace?.traceEvents ?? [], profile.throttling.cpuSlowdownMultiplier),
  };
}

/** The median of the runs that gave a figure (Lighthouse leaves LCP and CLS out of a run now and then). */
function median(xs: number[]): number {
  const known = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return known.length ? known[Math.floor(known.length / 2)] : Number.NaN;
}

/**
 * The median of `runs` Lighthouse runs of one page, in a Chrome started for this page alone (a new profile: no
 * cookie or cache of an earlier page). `signIn` gives the page its own session cookie.
 */
export async function measurePage(url: string, profile: Profile, runs: number, signIn?: () => Promise<string>): Promise<LhRun> {
  const cookie = signIn ? await signIn() : undefined;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const all: LhRun[] = [];
    for (let i = 0; i < runs; i++) all.push(await run(url, chrome.port, profile, cookie));
    const mid = (pick: (r: LhRun) => number) => median(all.map(pick));
    const groups = Object.keys(all[0].mainThread);
    return {
      score: mid((x) => x.score),
      fcp: mid((x) => x.fcp),
      lcp: mid((x) => x.lcp),
      tbt: mid((x) => x.tbt),
      cls: mid((x) => x.cls),
      scriptBeforeUsable: mid((x) => x.scriptBeforeUsable),
      benchmarkIndex: mid((x) => x.benchmarkIndex),
      mainThread: Object.fromEntries(groups.map((g) => [g, mid((x) => x.mainThread[g] ?? 0)])),
      cpu: { blockingMs: mid((x) => x.cpu.blockingMs), longestMs: mid((x) => x.cpu.longestMs) },
    };
  } finally {
    await chrome.kill();
  }
}

export function topCosts(r: LhRun): string {
  return Object.entries(r.mainThread)
    .sort((x, y) => y[1] - x[1])
    .slice(0, 3)
    .map(([g, ms]) => `${g} ${ms.toFixed(0)} ms`)
    .join(", ");
}
