// Processes starting together on one fresh database apply each migration exactly once.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ROOT_DIR } from "../../server/config.ts";
import { withDatabase } from "../../server/db/knex.ts";
import { query } from "../helpers/sql.ts";

const raceName = `vs_test_race_${process.pid}`;

const admin = (sql: string) => query(inject("pgAdminUrl"), sql);

beforeAll(async () => {
  await admin(`CREATE DATABASE "${raceName}"`);
});
afterAll(async () => {
  await admin(`DROP DATABASE IF EXISTS "${raceName}" WITH (FORCE)`);
});

const migrationFiles = () =>
  readdirSync(path.join(ROOT_DIR, "migrations"))
    .filter((f) => f.endsWith(".ts"))
    .sort();

async function migrationRows(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT name, batch FROM knex_migrations ORDER BY id");
    const locks = await client.query("SELECT is_locked FROM knex_migrations_lock");
    return { names: rows.map((r) => r.name), batches: new Set(rows.map((r) => r.batch)), locks: locks.rows };
  } finally {
    await client.end();
  }
}

/** A migration runner in its own process, connected and waiting for "go". */
function runner(url: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "test/helpers/migrate-on-go.ts"], {
    cwd: ROOT_DIR,
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (d) => {
    out += d;
  });
  const ready = new Promise<void>((resolve) => child.stdout.on("data", () => out.includes("ready") && resolve()));
  const result = new Promise<{ applied?: string[]; error?: string }>((resolve) =>
    child.once("exit", () => resolve(JSON.parse(out.split("\n").filter(Boolean).pop() ?? "{}"))),
  );
  return { ready, go: () => child.stdin.end("go\n"), result };
}

describe("migrations at a simultaneous start", () => {
  it("run once when three runners start at the same instant on an empty database", { timeout: 60_000 }, async () => {
    const url = withDatabase(inject("pgAdminUrl"), raceName);
    const runners = [runner(url), runner(url), runner(url)];
    await Promise.all(runners.map((r) => r.ready));
    for (const r of runners) r.go();
    const results = await Promise.all(runners.map((r) => r.result));
    expect(results.map((r) => r.error ?? "ok")).toEqual(["ok", "ok", "ok"]);
    expect(results.map((r) => r.applied?.length ?? 0).sort()).toEqual([0, 0, migrationFiles().length]);
    const rows = await migrationRows(url);
    expect(rows.names).toEqual(migrationFiles());
    expect(rows.batches).toEqual(new Set([1]));
    expect(rows.locks).toEqual([{ is_locked: 0 }]);
  });
});
