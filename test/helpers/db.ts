// A database of its own for each test file, cloned from the migrated template (files never share rows).
import { randomBytes } from "node:crypto";
import type { Knex } from "knex";
import pg from "pg";
import { inject } from "vitest";
import { createKnex, withDatabase } from "../../server/db/knex.ts";

const TEMPLATE_DB = "vs_test_template";

export interface TestDatabase {
  db: Knex;
  url: string;
  name: string;
  drop: () => Promise<void>;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `vs_test_${randomBytes(6).toString("hex")}`;
  // Two files cloning at the same instant may find the template busy: retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DB}"`));
      break;
    } catch (err) {
      if (attempt > 20 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const url = withDatabase(inject("pgAdminUrl"), name);
  // A connection may take longer than the server's 3 s to come free on a machine running several test files at once:
  // a test that sends twenty requests together tests the database's rules, not the pool's patience.
  const db = createKnex(url, 5, undefined, 15_000);
  return {
    db,
    url,
    name,
    drop: async () => {
      await db.destroy();
      await admin(async (c) => {
        // A pool that was just closed (a job worker's) may still be ending its connections: terminated by the drop
        // mid-goodbye, one raised "terminating connection due to administrator command" as an uncaught error in CI.
        // Give them up to two seconds to leave on their own; FORCE ends whatever stays.
        for (let i = 0; i < 20; i++) {
          const { rows } = await c.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      });
    },
  };
}
