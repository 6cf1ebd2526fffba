// Once per run: a PostgreSQL for the tests (embedded, or DATABASE_URL's server) with a migrated template database.
import path from "node:path";
import pg from "pg";
import { register } from "tsx/esm/api";
import type { TestProject } from "vitest/node";
import { buildIfStale, buildServerIfStale } from "../../server/cli/build.ts";
import { ROOT_DIR } from "../../server/config.ts";
import { startEmbeddedPostgres } from "../../server/db/embedded.ts";
import { createKnex, migrateLatest, withDatabase } from "../../server/db/knex.ts";

export const TEMPLATE_DB = "vs_test_template";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

let stop = async () => {};

/** Vitest calls setup once for each project of a run (and the root): the first prepares the database, the others share it. */
const shared = globalThis as { vsTestDatabase?: Promise<string>; vsServerBuild?: Promise<boolean> };

export async function setup(project: TestProject) {
  shared.vsTestDatabase ??= prepare();
  project.provide("pgAdminUrl", await shared.vsTestDatabase);
  // Every project starts the site's processes (servers, the worker, the ops commands) from the server build
  // (test/helpers/commands.ts): built here, once, before files that may run side by side start them.
  shared.vsServerBuild ??= buildServerIfStale(() => {});
  await shared.vsServerBuild;
  // The browser tests load the built client too.
  if (project.name === "browser") await buildIfStale(() => {});
}

async function prepare(): Promise<string> {
  register();
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    const dir = path.join(ROOT_DIR, ".data", "pg-test");
    const embedded = await startEmbeddedPostgres({ dir, port: 55400 + (process.pid % 400), throwaway: true });
    adminUrl = embedded.url;
    stop = embedded.stop;
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  // Leftovers of an interrupted run.
  const old = await client.query("SELECT datname FROM pg_database WHERE datname LIKE 'vs_test_%'");
  for (const row of old.rows) await client.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${TEMPLATE_DB}"`);
  await client.end();
  const db = createKnex(withDatabase(adminUrl, TEMPLATE_DB), 2);
  await migrateLatest(db);
  // Staff's exchange rate, as on a running site: Naira fees are quoted at ₦1,550/$ in every test database.
  await db("exchange_rates").insert({ kobo_per_usd: 155000 });
  await db.destroy();
  return adminUrl;
}

export async function teardown() {
  await stop();
}
