// Part 5: JavaScript and CSS bytes per page type, and Lighthouse (mobile) on the real pages, median of 3 runs.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
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

/** What a window at desktop width fetches on top of a marketing page: the desktop menus (client/desktop-nav.ts). */
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
  collect("views/components/layout/DesktopNav.tsx");
  return sizeOf(extra);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

interface LhRun {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function lighthouseRun(url: string, port: number, headers?: Record<string, string>): Promise<LhRun> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"], extraHeaders: headers });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: lhr.audits["largest-contentful-paint"].numericValue ?? Number.NaN,
    tbt: lhr.audits["total-blocking-time"].numericValue ?? Number.NaN,
    cls: lhr.audits["cumulative-layout-shift"].numericValue ?? Number.NaN,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function pageWeight(base: string, dashboardCookie: string, runs = 3): Promise<Section> {
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
      goal: isGoal ? "≤ 90 KB gzip" : "—",
      met: isGoal ? b.js.gz <= 90 * 1024 : null,
    });
    rows.push({ figure: `${label}: CSS raw / gzip`, value: `${kb(b.css.raw)} / ${kb(b.css.gz)}`, goal: "—", met: null });
    if (isGoal) {
      const d = desktopMenuBytes(page);
      rows.push({ figure: `${label}: at desktop width, the menus add JS raw / gzip`, value: `${kb(d.raw)} / ${kb(d.gz)}`, goal: "—", met: null });
    }
  }

  // The client-only comparison: the home page's own document with an empty root, rendered by the same bundle.
  const home = await (await fetch(`${base}/`)).text();
  mkdirSync(path.join(CLIENT_DIST, "__bench"), { recursive: true });
  writeFileSync(
    path.join(CLIENT_DIST, "__bench", "home-client-only.html"),
    home.replace(/<div id="root">[\s\S]*?<\/div>\n<script type="application\/json"/, '<div id="root"></div>\n<script type="application/json"'),
  );

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
  const results: Record<string, LhRun> = {};
  try {
    const targets: [string, string, Record<string, string> | undefined][] = [
      ["home (SSR)", `${base}/`, undefined],
      ["service page", `${base}/services/tourist-visa`, undefined],
      ["dashboard", `${base}/dashboard`, { Cookie: dashboardCookie }],
      ["home (client-only render)", `${base}/__bench/home-client-only.html`, undefined],
    ];
    for (const [name, url, headers] of targets) {
      const all: LhRun[] = [];
      for (let i = 0; i < runs; i++) all.push(await lighthouseRun(url, chrome.port, headers));
      results[name] = {
        score: median(all.map((r) => r.score)),
        lcp: median(all.map((r) => r.lcp)),
        tbt: median(all.map((r) => r.tbt)),
        cls: median(all.map((r) => r.cls)),
      };
      const r = results[name];
      const isGoal = name !== "home (client-only render)";
      rows.push(
        { figure: `${name}: mobile score`, value: String(r.score), goal: isGoal ? "≥ 98" : "—", met: isGoal ? r.score >= 98 : null },
        { figure: `${name}: LCP`, value: `${(r.lcp / 1000).toFixed(2)} s`, goal: isGoal ? "≤ 1.2 s" : "—", met: isGoal ? r.lcp <= 1200 : null },
        { figure: `${name}: TBT`, value: `${r.tbt.toFixed(0)} ms`, goal: isGoal ? "≤ 80 ms" : "—", met: isGoal ? r.tbt <= 80 : null },
        { figure: `${name}: CLS`, value: r.cls.toFixed(3), goal: isGoal ? "≤ 0.02" : "—", met: isGoal ? r.cls <= 0.02 : null },
      );
    }
  } finally {
    await chrome.kill();
  }
  const ssr = results["home (SSR)"];
  const csr = results["home (client-only render)"];
  if (ssr && csr)
    rows.push({
      figure: "home LCP, SSR ÷ client-only",
      value: `${((ssr.lcp / csr.lcp) * 100).toFixed(0)}%`,
      goal: "≤ 50%",
      met: ssr.lcp <= csr.lcp / 2,
    });
  return { title: `5. Page weight and Lighthouse (mobile, simulated slow 4G, median of ${runs})`, rows };
}
