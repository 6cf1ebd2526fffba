// Resolves the database the process uses: DATABASE_URL, or the embedded cluster with its application database.
import pg from "pg";
import type { Config } from "../config.ts";
import { startEmbeddedPostgres } from "./embedded.ts";
import { withDatabase } from "./knex.ts";
import { ensureAppRole, secretFile } from "./roles.ts";

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

export async function resolveDatabase(config: Config, log: (m: string) => void): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.database.url) return { url: config.database.url, stop: async () => {} };
  const embedded = await startEmbeddedPostgres({ ...config.database.embedded, log });
  await ensureDatabase(embedded.url, EMBEDDED_DB_NAME);
  // The application connects as its own role, never as the superuser (see server/db/roles.ts).
  const url = await ensureAppRole(withDatabase(embedded.url, EMBEDDED_DB_NAME), secretFile(config.database.embedded.dir, "app"));
  return { url, stop: embedded.stop };
}
