// Resolves the database the process uses: DATABASE_URL, or the embedded cluster with its application database.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Knex } from "knex";
import pg from "pg";
import { type Config, ConfigError } from "../config.ts";
import { dataFolderProblem } from "../dataFolder.ts";
import { startEmbeddedPostgres } from "./embedded.ts";
import { createKnex, migrateLatest, withDatabase } from "./knex.ts";
import { assignOwners, ensureAppRole, secretFile } from "./roles.ts";

export const EMBEDDED_DB_NAME = "visa_services";

/** Creates `name` on the server behind `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** The file in the data folder naming the folder the embedded cluster really lives in (see cluster-user.ts). */
export const CLUSTER_LOCATION_FILE = "cluster-location";

export interface ResolvedDatabase {
  /** What the application connects with. */
  url: string;
  /** The embedded cluster's data folder (outside the checkout when root runs it from a closed home); none with DATABASE_URL. */
  clusterDir?: string;
  /** The embedded cluster's superuser on the application database (setup only); none with DATABASE_URL. */
  setupUrl?: string;
  stop: () => Promise<void>;
}

/** `force`: an embedded cluster that cannot be opened is moved aside and a new one made (npm start -- --force). */
export async function resolveDatabase(config: Config, log: (m: string) => void, options: { force?: boolean } = {}): Promise<ResolvedDatabase> {
  if (config.database.url) return { url: config.database.url, stop: async () => {} };
  // The cluster's password files and the record of where it lives are written there: say so before anything starts.
  const problem = dataFolderProblem(config.dataDir);
  if (problem) throw new ConfigError(problem);
  const embedded = await startEmbeddedPostgres({ ...config.database.embedded, log, force: options.force });
  // Deleting the data folder no longer hides where the data is: this file says, and the start prints it.
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(path.join(config.dataDir, CLUSTER_LOCATION_FILE), `${embedded.dataDir}\n`);
  await ensureDatabase(embedded.url, EMBEDDED_DB_NAME);
  // The application connects as its own role, never as the superuser (see server/db/roles.ts).
  const setupUrl = withDatabase(embedded.url, EMBEDDED_DB_NAME);
  const url = await ensureAppRole(setupUrl, secretFile(config.database.embedded.dir, "app"));
  return { url, setupUrl, clusterDir: embedded.dataDir, stop: embedded.stop };
}

/**
 * Applies pending migrations. On the embedded cluster they run as the superuser, so that one changing the audit trail
 * (which the application's role cannot alter) runs like any other; what they made is then handed to its owners. With
 * DATABASE_URL they run on `db`, as the role the operator chose.
 */
export async function migrateDatabase(database: ResolvedDatabase, db: Knex): Promise<string[]> {
  if (!database.setupUrl) return migrateLatest(db);
  const setup = createKnex(database.setupUrl, 2);
  try {
    const applied = await migrateLatest(setup);
    await assignOwners(database.setupUrl);
    return applied;
  } finally {
    await setup.destroy();
  }
}
