// Shared pieces of the benchmark: its own database and server process (the tests' launcher), tables, percentiles.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Knex } from "knex";
import pg from "pg";
import { loadConfig, ROOT_DIR } from "../server/config.ts";
import { startEmbeddedPostgres } from "../server/db/embedded.ts";
import { withDatabase } from "../server/db/knex.ts";
import { type RunningServer, startServerProcess } from "../test/helpers/server.ts";
import { enrolTwoFactor, freshCode } from "../test/helpers/twoFactor.ts";

export interface Row {
  figure: string;
  value: string;
  goal: string;
  met: boolean | null;
}

export interface Section {
  title: string;
  rows: Row[];
  notes?: string[];
}

export function markdown(sections: Section[]): string {
  return sections
    .map((s) => {
      const lines = [`## ${s.title}`, "", "| figure | value | goal | met |", "| --- | --- | --- | --- |"];
      for (const r of s.rows) lines.push(`| ${r.figure} | ${r.value} | ${r.goal} | ${r.met === null ? "—" : r.met ? "yes" : "**no**"} |`);
      if (s.notes?.length) lines.push("", ...s.notes.map((n) => `- ${n}`));
      return lines.join("\n");
    })
    .join("\n\n");
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/** A PostgreSQL for the benchmark: DATABASE_URL's server or an embedded one in .data/pg-bench. */
export async function benchDatabase(name: string): Promise<{ url: string; stop: () => Promise<void> }> {
  let adminUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!adminUrl) {
    const embedded = await startEmbeddedPostgres({ dir: path.join(ROOT_DIR, ".data", "pg-bench"), port: 56100, throwaway: true });
    adminUrl = embedded.url;
    stop = embedded.stop;
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  return { url: withDatabase(adminUrl, name), stop };
}

/**
 * The server under measurement: the production build as the systemd unit runs it (NODE_HEAP_MB's heap limit), no rate
 * limits, quiet logs, a pool sized for the load. `nodeArgs`: Node flags before the entry (e.g. heap snapshots).
 */
export function startBenchServer(databaseUrl: string, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<RunningServer> {
  // BENCH_CPU_PROF=dir writes a V8 CPU profile of the server process there (to find where the time goes).
  const prof = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const { heapMb } = loadConfig({ SESSION_SECRET: BENCH_SESSION_SECRET, NODE_HEAP_MB: process.env.NODE_HEAP_MB }, () => {});
  return startServerProcess(
    databaseUrl,
    {
      SESSION_SECRET: BENCH_SESSION_SECRET,
      LOG_LEVEL: "warn",
      RATE_LIMIT_DISABLED: "true",
      DB_POOL_MAX: "20",
      ...env,
    },
    { nodeArgs: [...prof, ...nodeArgs], startTimeoutMs: 60_000, built: { heapMb } },
  );
}

/** The server's JavaScript heap in use, in MB, from its /metrics (the bench asks from this machine: no token needed). */
export async function heapUsedMb(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(text.match(/^nodejs_heap_size_used_bytes (\S+)$/m)?.[1] ?? Number.NaN) / 2 ** 20;
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

/** Signs in through the real endpoint; returns the cookie header and CSRF token. */
export const BENCH_SESSION_SECRET = "bench-secret-bench-secret-bench-secret-00";
const staffSecrets = new Map<string, string>();

/** Makes an account staff, with two-factor sign-in on (staff reach nothing under /admin without it). */
export async function enrolStaff(db: Knex, user: { id: string; email: string }): Promise<void> {
  await db("user_roles").insert({ user_id: user.id, role: "admin" });
  staffSecrets.set(user.email, await enrolTwoFactor(db, user.id, BENCH_SESSION_SECRET));
}

export async function signIn(base: string, email: string, password: string): Promise<{ cookie: string; token: string }> {
  const first = await fetch(`${base}/api/csrf`);
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [k, v] = pair.split("=");
      jar.set(k, v);
    }
  };
  keep(first);
  const token = ((await first.json()) as { token: string }).token;
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${base}/signin`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": token, Cookie: cookie() },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  keep(res);
  if (((await res.json()) as { pending?: boolean }).pending) {
    // Staff: the second step, with a code of the secret the bench enrolled (enrolStaff).
    const secret = staffSecrets.get(email);
    if (!secret) throw new Error(`${email} asks for a two-factor code the bench does not have`);
    const step = await fetch(`${base}/signin/code`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": token, Cookie: cookie() },
      body: JSON.stringify({ code: await freshCode(secret) }),
    });
    if (!step.ok) throw new Error(`two-factor sign-in failed: ${step.status}`);
    keep(step);
  }
  // Signing in issues a new CSRF token, bound to the new session: the cookie carries it.
  return { cookie: cookie(), token: decodeURIComponent(jar.get("hg.csrf") ?? token) };
}

/**
 * Statements that cannot run in a transaction (where `SET LOCAL` lifts the pool's 15 s limit), on one connection
 * without the limit: on a busy machine VACUUM of a million rows and their search indexes takes longer than that.
 */
export async function withoutTimeLimit(db: Knex, statements: string[]): Promise<void> {
  const conn = await db.client.acquireConnection();
  try {
    await conn.query("SET statement_timeout = 0");
    for (const sql of statements) await conn.query(sql);
  } finally {
    await conn.query("SET statement_timeout = 15000");
    await db.client.releaseConnection(conn);
  }
}
