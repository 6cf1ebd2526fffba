// Part 1: public pages against a static file of the same bytes served by the same Express process (autocannon).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { CLIENT_DIST } from "../../server/render/assets.ts";
import { ms, type Section } from "../lib.ts";

async function run(url: string, seconds: number) {
  const result = await autocannon({ url, connections: 20, duration: seconds, pipelining: 1 });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

export async function publicPages(base: string, seconds = 8): Promise<Section> {
  const rows: Section["rows"] = [];
  const notes: string[] = [];
  const pages = ["/", "/services/tourist-visa"];
  mkdirSync(path.join(CLIENT_DIST, "__bench"), { recursive: true });
  for (const page of pages) {
    const res = await fetch(base + page);
    if (res.status !== 200) {
      notes.push(`${page} answered ${res.status}: skipped`);
      continue;
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    const file = `page${pages.indexOf(page)}.html`;
    writeFileSync(path.join(CLIENT_DIST, "__bench", file), bytes);
    const dynamic = await run(base + page, seconds);
    const stat = await run(`${base}/__bench/${file}`, seconds);
    const ratio = dynamic.rps / stat.rps;
    rows.push(
      { figure: `${page} req/s (${bytes.length} bytes)`, value: dynamic.rps.toFixed(0), goal: "—", met: null },
      { figure: `${page} p50 / p99`, value: `${ms(dynamic.p50)} / ${ms(dynamic.p99)}`, goal: "—", met: null },
      { figure: "same bytes as a static file: req/s", value: stat.rps.toFixed(0), goal: "—", met: null },
      { figure: "static p50 / p99", value: `${ms(stat.p50)} / ${ms(stat.p99)}`, goal: "—", met: null },
      { figure: `${page} throughput ÷ static`, value: `${(ratio * 100).toFixed(0)}%`, goal: "≥ 70%", met: ratio >= 0.7 },
    );
    if (dynamic.errors || stat.errors) notes.push(`${page}: ${dynamic.errors} errors, static ${stat.errors} errors`);
  }
  return { title: "1. Public pages vs a static file (20 connections, identity encoding)", rows, notes };
}
