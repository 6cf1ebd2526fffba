// Builds the Knex instance (one pg pool for the whole process) and runs migrations.
import path from "node:path";
import knexFactory, { type Knex } from "knex";
import pg from "pg";
import { ROOT_DIR } from "../config.ts";
import { installQueue } from "../mail/queue.ts";
import { migrationSource } from "./migrationSource.ts";

// DATE columns come back as 'YYYY-MM-DD' strings, not local-midnight Date objects.
pg.types.setTypeParser(1082, (v: string) => v);
// numeric (amounts) as JS numbers.
pg.types.setTypeParser(1700, (v: string) => Number(v));
// bigint counts as JS numbers (counts here stay far below 2^53).
pg.types.setTypeParser(20, (v: string) => Number(v));

export const migrationsConfig: Knex.MigratorConfig = { migrationSource, tableName: "knex_migrations" };

/**
 * `acquireTimeoutMs`: how long a request waits for a free connection before it is answered 503.
 * `queryTimeoutMs`: client-side limit of one query (0: none, for bulk loads).
 */
export function createKnex(url: string, poolMax = 10, onPoolError?: (err: Error) => void, acquireTimeoutMs = 3000, queryTimeoutMs = 20_000): Knex {
  const db = knexFactory({
    client: "pg",
    // query_timeout: no query may wait forever on a connection a database restart broke (client-side backstop).
    connection: { connectionString: url, application_name: "visa-services", ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs } : {}) },
    pool: {
      min: 0,
      max: poolMax,
      acquireTimeoutMillis: acquireTimeoutMs,
      // A database that refuses connections fails the request at once instead of retrying until the timeout.
      propagateCreateError: true,
      afterCreate: (conn: pg.Client, done: (err: Error | null, conn: pg.Client) => void) => {
        // A connection dropped by a database restart must not crash the process.
        conn.on("error", (err) => onPoolError?.(err));
        // No parallel query: starting its workers cost 40-50 ms a query on 2 cores (a search's 26 ms became 75 ms),
        // and a web request's queries are short; the cores serve other requests instead.
        conn.query("SET statement_timeout = 15000; SET max_parallel_workers_per_gather = 0", (err) => done(err ?? null, conn));
      },
    },
    migrations: migrationsConfig,
    seeds: { directory: path.join(ROOT_DIR, "seeds"), loadExtensions: [".ts"] },
  });
  return db;
}

/** Any fixed number: the key of the advisory lock that serialises migration runs across processes. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies pending migrations once however many processes start together. Knex's own lock (a row in
 * knex_migrations_lock, taken inside the migration transaction) makes a second runner wait and then find nothing to
 * do, but only once its tables exist: on a fresh database two runners both create them and both insert a lock row,
 * after which every run fails with "Migration table is already locked". A session advisory lock, held on a connection
 * of its own for the whole run, puts the runners one after the other from the start.
 */
export async function migrateLatest(db: Knex): Promise<string[]> {
  const lock = new pg.Client((db.client as { connectionSettings: pg.ClientConfig }).connectionSettings);
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    const [, applied] = await db.migrate.latest();
    // Then the mail queue's own schema (graphile-worker keeps its migrations itself).
    await installQueue(connectionStringOf(db));
    return applied as string[];
  } finally {
    // Ending the session releases the lock, also after a failed migration.
    await lock.end();
  }
}

export function connectionStringOf(db: Knex): string {
  return (db.client.config.connection as { connectionString: string }).connectionString;
}

/** Replaces the database name in a connection URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
