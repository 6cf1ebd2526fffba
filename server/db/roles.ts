// The embedded cluster's accounts: a random superuser password for setup only, and the application's own role.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { AUDIT_OWNER, protectAuditTrail } from "./auditTrail.ts";
import { withClient } from "./withClient.ts";

/** The role the application connects as: owner of its database and tables but the audit trail, no superuser. */
export const APP_ROLE = "visa_app";

/** The schemas of the application's objects: its tables, and the mail queue's (graphile-worker). */
const APP_SCHEMAS = ["public", "graphile_worker"];

/** Where the cluster in `dataDir` keeps a password: beside it in the data folder, readable by this user only. */
export function secretFile(dataDir: string, account: "superuser" | "app"): string {
  return path.join(path.dirname(dataDir), `${path.basename(dataDir)}-${account}.password`);
}

export function readSecret(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, "utf8").trim() || undefined : undefined;
}

export function writeNewSecret(file: string): string {
  const secret = randomBytes(24).toString("base64url");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const quoteLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;
const quoteIdent = (value: string) => `"${value.replace(/"/g, '""')}"`;

/**
 * As the superuser (`superUrl` names the application database): makes `APP_ROLE` with the password kept in
 * `passwordFile` (a new one when the file is missing) and gives every object its owner (`assignOwners`). Returns the
 * URL the application connects with.
 */
export async function ensureAppRole(superUrl: string, passwordFile: string): Promise<string> {
  const password = readSecret(passwordFile) ?? writeNewSecret(passwordFile);
  await withClient(superUrl, async (c) => {
    // Two processes starting together may both create the role: one wins, the other sets the same password.
    await c.query("SELECT pg_advisory_lock(727002)");
    const exists = (await c.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [APP_ROLE])).rowCount;
    const attributes = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${quoteLiteral(password)}`;
    await c.query(`${exists ? "ALTER" : "CREATE"} ROLE ${quoteIdent(APP_ROLE)} WITH ${attributes}`);
    await giveOwners(c, superUrl);
  });
  const url = new URL(superUrl);
  url.username = APP_ROLE;
  url.password = password;
  return url.toString();
}

/**
 * As the superuser, at every start and after migrations (which run as the superuser: see setup.ts): the audit trail
 * and the `public` schema to their own owner (auditTrail.ts), and the database, the mail queue's schema and every
 * other table, sequence, view, type and function to `APP_ROLE` (a cluster made before the role existed, or objects a
 * migration just made, are owned by the superuser).
 */
export async function assignOwners(superUrl: string): Promise<void> {
  await withClient(superUrl, async (c) => {
    await c.query("SELECT pg_advisory_lock(727002)");
    await giveOwners(c, superUrl);
  });
}

async function giveOwners(c: pg.Client, superUrl: string): Promise<void> {
  const database = decodeURIComponent(new URL(superUrl).pathname.slice(1));
  const role = quoteIdent(APP_ROLE);
  await c.query(`ALTER DATABASE ${quoteIdent(database)} OWNER TO ${role}`);
  await protectAuditTrail(c, APP_ROLE);
  // The mail queue's schema (graphile-worker migrates it itself); `public` stays with the trail's owner.
  if ((await c.query("SELECT 1 FROM pg_namespace WHERE nspname = 'graphile_worker'")).rowCount) {
    await c.query(`ALTER SCHEMA graphile_worker OWNER TO ${role}`);
  }
  // Everything else, but what the trail's owner holds (the trail, its id sequence and its trigger function).
  await c.query(
    `
    DO $$ DECLARE r record; BEGIN
      FOR r IN SELECT c.oid::regclass AS name, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname = ANY(%SCHEMAS%) AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'c')
                 AND pg_get_userbyid(c.relowner) NOT IN (%KEEP%)
                 AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e') LOOP
        EXECUTE format(CASE WHEN r.relkind = 'c' THEN 'ALTER TYPE %s OWNER TO ${APP_ROLE}' ELSE 'ALTER TABLE %s OWNER TO ${APP_ROLE}' END, r.name);
      END LOOP;
      FOR r IN SELECT c.oid::regclass AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname = ANY(%SCHEMAS%) AND c.relkind = 'S' AND pg_get_userbyid(c.relowner) NOT IN (%KEEP%)
                 AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i', 'e')) LOOP
        EXECUTE format('ALTER SEQUENCE %s OWNER TO ${APP_ROLE}', r.name);
      END LOOP;
      FOR r IN SELECT t.oid::regtype AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
               WHERE n.nspname = ANY(%SCHEMAS%) AND t.typtype IN ('e', 'd') AND pg_get_userbyid(t.typowner) NOT IN (%KEEP%)
                 AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = t.oid AND d.deptype = 'e') LOOP
        EXECUTE format('ALTER TYPE %s OWNER TO ${APP_ROLE}', r.name);
      END LOOP;
      FOR r IN SELECT p.oid::regprocedure AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
               WHERE n.nspname = ANY(%SCHEMAS%) AND pg_get_userbyid(p.proowner) NOT IN (%KEEP%)
                 AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e') LOOP
        EXECUTE format('ALTER ROUTINE %s OWNER TO ${APP_ROLE}', r.name);
      END LOOP;
    END $$`
      .replaceAll("%SCHEMAS%", `ARRAY[${APP_SCHEMAS.map(quoteLiteral).join(", ")}]`)
      .replaceAll("%KEEP%", [APP_ROLE, AUDIT_OWNER].map(quoteLiteral).join(", ")),
  );
}
