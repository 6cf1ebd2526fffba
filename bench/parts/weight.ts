// Part 5: JavaScript and CSS bytes per page type, and Lighthouse (mobile) on the real pages, median of 5 runs, with the
// machine's benchmarkIndex and the load's three biggest main-thread costs.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CLIENT_DIST, manifestAssets } from "../../server/render/assets.ts";
import type { Row, Section } from "../lib.ts";

/** The bytes of built files, raw and gzip. */
function sizeOf(files: Iterable<string>) {
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const b = readFileSync(path.join(CLIENT_DIST, f));
    raw += b.length;
    gz += gzipSync(b, { level: 9 }).length;
  }
  return { raw, gz };
}

/** The JavaScript and CSS a page runs at start (entry, application, page chunk and their imports), raw and gzip. */
function pageBytes(page: string) {
  const assets = manifestAssets().forPage(page);
  return { js: sizeOf([...assets.scripts, ...assets.preloads]), css: sizeOf(assets.styles) };
}

/** What a window at desktop width fetches on top of a marketing page: the desktop menus' island (client/islands.ts). */
function desktopMenuBytes(page: string) {
  const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIST, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const assets = manifestAssets().forPage(page);
  const counted = new Set([...assets.scripts, ...assets.preloads]);
  const extra = new Set<string>();
  const collect = (key: string) => {
    const chunk = manifest[key];
    const file = chunk && `/${chunk.file}`;
    if (!file || counted.has(file) || extra.has(file)) return;
    extra.add(file);
    for (const i of chunk.imports ?? []) collect(i);
  };
  const menus = Object.keys(manifest).find((key) => key.endsWith("DesktopNav.tsx") || manifest[key].file.includes("/DesktopNav-"));
  if (menus) collect(menus);
  collect("client/island-root.tsx");
  return sizeOf(extra);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

interface LhRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Script bytes transferred during the load (what the phone downloads). */
  scriptBytes: number;
  /** Lighthouse's measure of this machine's speed, so runs on different machines can be compared. */
  benchmarkIndex: number;
  /** Main-thread time by kind of work (script evaluation, style and layout, parsing …), 4× CPU slowdown applied. */
  mainThread: Record<string, number>;
}

interface Item {
  group?: string;
  groupLabel?: string;
  duration?: number;
  resourceType?: string;
  transferSize?: number;
}

async function lighthouseRun(url: string, port: number, headers?: Record<string, string>): Promise<LhRun> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"], extraHeaders: headers });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  const items = (audit: string) => ((lhr.audits[audit]?.details as { items?: Item[] } | undefined)?.items ?? []) as Item[];
  const mainThread: Record<string, number> = {};
  for (const item of items("mainthread-work-breakdown")) mainThread[item.groupLabel ?? item.group ?? "?"] = item.duration ?? 0;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: lhr.audits["first-contentful-paint"].numericValue ?? Number.NaN,
    lcp: lhr.audits["largest-contentful-paint"].numericValue ?? Number.NaN,
    tbt: lhr.audits["total-blocking-time"].numericValue ?? Number.NaN,
    cls: lhr.audits["cumulative-layout-shift"].numericValue ?? Number.NaN,
    scriptBytes: items("resource-summary").find((i) => i.resourceType === "script")?.transferSize ?? 0,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    mainThread,
  };
}

function topCosts(r: LhRun): string {
  return Object.entries(r.mainThread)
    .sort((x, y) => y[1] - x[1])
    .slice(0, 3)
    .map(([g, ms]) => `${g} ${ms.toFixed(0)} ms`)
    .join(", ");
}

const CONTROL = "control page (heading and paragraph, no stylesheet, no script)";
const CONTROL_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<title>Control</title></head><body><h1>Visa help in Lagos</h1><p>${"Visa consultation and travel services. ".repeat(10)}</p></body></html>`;

/** Serves the control page on loopback: the same Lighthouse settings on a page with nothing to cut. */
async function controlServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" });
    res.end(CONTROL_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function pageWeight(base: string, dashboardCookie: string, runs = 5): Promise<Section> {
  const rows: Row[] = [];
  const pageTypes: [string, string, boolean][] = [
    ["marketing, home", "public/Home", true],
    ["marketing, service page", "public/ServicePage", true],
    ["portal, dashboard", "portal/Dashboard", false],
    ["admin, applications", "admin/Applications", false],
  ];
  for (const [label, page, isGoal] of pageTypes) {
    const b = pageBytes(page);
    rows.push({
      figure: `${label}: JS raw / gzip`,
      value: `${kb(b.js.raw)} / ${kb(b.js.gz)}`,
      goal: isGoal ? "≤ 60 KB gzip" : "—",
      met: isGoal ? b.js.gz <= 60 * 1024 : null,
    });
    rows.push({ figure: `${label}: CSS raw / gzip`, value: `${kb(b.css.raw)} / ${kb(b.css.gz)}`, goal: "—", met: null });
    if (isGoal) {
      const d = desktopMenuBytes(page);
      rows.push({ figure: `${label}: at desktop width, the menus add JS raw / gzip`, value: `${kb(d.raw)} / ${kb(d.gz)}`, goal: "—", met: null });
    }
  }

  const control = await controlServer();
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
    const targets: [string, string, Record<string, string> | undefined][] = [
      ["home", `${base}/`, undefined],
      ["service page", `${base}/services/tourist-visa`, undefined],
      ["dashboard", `${base}/dashboard`, { Cookie: dashboardCookie }],
      [CONTROL, `${control.url}/`, undefined],
    ];
    for (const [name, url, headers] of targets) {
      const all: LhRun[] = [];
      for (let i = 0; i < runs; i++) all.push(await lighthouseRun(url, chrome.port, headers));
      const mid = (pick: (r: LhRun) => number) => median(all.map(pick));
      const groups = Object.keys(all[0].mainThread);
      const r: LhRun = {
        score: mid((x) => x.score),
        fcp: mid((x) => x.fcp),
        lcp: mid((x) => x.lcp),
        tbt: mid((x) => x.tbt),
        cls: mid((x) => x.cls),
        scriptBytes: mid((x) => x.scriptBytes),
        benchmarkIndex: mid((x) => x.benchmarkIndex),
        mainThread: Object.fromEntries(groups.map((g) => [g, mid((x) => x.mainThread[g] ?? 0)])),
      };
      if (name === CONTROL) {
        // No goal: what Lighthouse gives any page on this machine, the floor the goals above are measured against.
        rows.push(
          { figure: `${name}: FCP / LCP`, value: `${(r.fcp / 1000).toFixed(2)} s / ${(r.lcp / 1000).toFixed(2)} s`, goal: "—", met: null },
          { figure: `${name}: TBT`, value: `${r.tbt.toFixed(0)} ms`, goal: "—", met: null },
          { figure: `${name}: three biggest main-thread costs`, value: topCosts(r), goal: "—", met: null },
        );
        continue;
      }
      const isGoal = name !== "dashboard";
      const top = topCosts(r);
      rows.push(
        { figure: `${name}: mobile score`, value: String(r.score), goal: "≥ 98", met: r.score >= 98 },
        { figure: `${name}: FCP`, value: `${(r.fcp / 1000).toFixed(2)} s`, goal: "—", met: null },
        { figure: `${name}: LCP`, value: `${(r.lcp / 1000).toFixed(2)} s`, goal: "≤ 1.2 s", met: r.lcp <= 1200 },
        { figure: `${name}: TBT`, value: `${r.tbt.toFixed(0)} ms`, goal: "≤ 80 ms", met: r.tbt <= 80 },
        { figure: `${name}: CLS`, value: r.cls.toFixed(3), goal: "≤ 0.02", met: r.cls <= 0.02 },
        {
          figure: `${name}: script transferred during the load`,
          value: kb(r.scriptBytes),
          goal: isGoal ? "≤ 60 KB" : "—",
          met: isGoal ? r.scriptBytes <= 60 * 1024 : null,
        },
        { figure: `${name}: three biggest main-thread costs`, value: top, goal: "—", met: null },
        { figure: `${name}: Lighthouse benchmarkIndex`, value: r.benchmarkIndex.toFixed(0), goal: "—", met: null },
      );
    }
  } finally {
    await chrome.kill();
    await control.close();
  }
  return { title: `5. Page weight and Lighthouse (mobile, simulated slow 4G, median of ${runs})`, rows };
}
