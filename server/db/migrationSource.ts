// The migrations Knex applies: migrations/*.ts when the server runs from source (tsx: development and tests), their
// compiled copies in dist/server/migrations when it runs built (production loads no TypeScript). Either way a
// migration keeps the name knex_migrations records for it: its .ts file's.
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Knex } from "knex";
import { ROOT_DIR } from "../config.ts";

/** This module was compiled into dist/server (server/cli/buildServer.ts). */
const BUILT = import.meta.url.endsWith(".js");
const DIR = BUILT ? path.join(ROOT_DIR, "dist", "server", "migrations") : path.join(ROOT_DIR, "migrations");
const EXT = BUILT ? ".js" : ".ts";

/** Every migration's name, oldest first. */
export function migrationNames(): string[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith(EXT))
    .map((f) => `${f.slice(0, -EXT.length)}.ts`)
    .sort();
}

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => migrationNames(),
  getMigrationName: (name) => name,
  getMigration: (name) => import(pathToFileURL(path.join(DIR, `${name.slice(0, -".ts".length)}${EXT}`)).href),
};
