// Facts about a database an operator command needs: the server's major version, and whether it holds anything yet.
import { withClient } from "./withClient.ts";

export const serverMajor = (url: string) =>
  withClient(url, async (c) => Math.floor(Number((await c.query("SHOW server_version_num")).rows[0].server_version_num) / 10000));

/** Tables, views and sequences outside PostgreSQL's own schemas: 0 for a freshly created database. */
export const relationCount = (url: string) =>
  withClient(url, async (c) => {
    const { rows } = await c.query(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'v', 'm', 'S', 'p') AND s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg_toast%'`,
    );
    return rows[0].n as number;
  });

/** Empties the database: the mail queue's schema dropped, the public schema (and its extensions) dropped and made anew. */
export const emptyDatabase = (url: string) =>
  withClient(url, async (c) => {
    await c.query("DROP SCHEMA IF EXISTS graphile_worker CASCADE");
    await c.query("DROP SCHEMA IF EXISTS public CASCADE");
    await c.query("CREATE SCHEMA public");
  });

/** Who the connection is and the server's clock, for `npm run doctor`. */
export const connectionFacts = (url: string) =>
  withClient(url, async (c) => {
    const { rows } = await c.query(
      "SELECT current_user AS role, r.rolsuper AS superuser, now() AS now FROM pg_roles r WHERE r.rolname = current_user",
    );
    return rows[0] as { role: string; superuser: boolean; now: Date };
  });

/** Names of the migrations applied to the database (none when it has never been migrated). */
export const appliedMigrations = (url: string) =>
  withClient(url, async (c) => {
    const table = await c.query("SELECT to_regclass('knex_migrations') IS NOT NULL AS present");
    if (!table.rows[0].present) return [] as string[];
    return (await c.query("SELECT name FROM knex_migrations ORDER BY id")).rows.map((r) => r.name as string);
  });
