// Who may change the audit trail: a role of its own owns it, the application may only add and read rows.
import type { Knex } from "knex";
import type pg from "pg";

/**
 * Owner of `audit_events`, its trigger function and the `public` schema. It cannot sign in and nobody is a member, so
 * the application's role cannot turn the append-only trigger off or drop the table (a schema's owner may drop any
 * table in it, hence the schema too).
 */
export const AUDIT_OWNER = "visa_audit";

const quoteIdent = (value: string) => `"${value.replace(/"/g, '""')}"`;

/**
 * As a superuser: makes `AUDIT_OWNER` when missing and hands it the trail, leaving `appRole` INSERT and SELECT on
 * the table (and the sequence behind its id) and USAGE and CREATE on the schema, for its own tables.
 */
export async function protectAuditTrail(c: pg.Client, appRole: string): Promise<void> {
  const owner = quoteIdent(AUDIT_OWNER);
  const app = quoteIdent(appRole);
  const exists = (await c.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [AUDIT_OWNER])).rowCount;
  if (!exists) await c.query(`CREATE ROLE ${owner} NOLOGIN`);
  await c.query(`ALTER SCHEMA public OWNER TO ${owner}`);
  await c.query(`GRANT USAGE, CREATE ON SCHEMA public TO ${app}`);
  // Before the first migration there is no trail yet: the start after migrating hands it over.
  const table = (
    await c.query("SELECT pg_get_serial_sequence('public.audit_events', 'id') AS seq WHERE to_regclass('public.audit_events') IS NOT NULL")
  ).rows[0] as { seq: string } | undefined;
  if (!table) return;
  // The table's owner also becomes its id sequence's.
  await c.query(`ALTER TABLE public.audit_events OWNER TO ${owner}`);
  await c.query(`ALTER FUNCTION public.audit_events_append_only() OWNER TO ${owner}`);
  await c.query(`REVOKE ALL ON public.audit_events FROM PUBLIC, ${app}`);
  await c.query(`GRANT SELECT, INSERT ON public.audit_events TO ${app}`);
  // USAGE for the ids of new rows, SELECT for pg_dump (npm run backup) to read where the sequence stands.
  await c.query(`GRANT USAGE, SELECT ON SEQUENCE ${table.seq} TO ${app}`);
}

/**
 * What the connected role could do to rewrite the trail, in words (empty when it can only add and read rows):
 * with DATABASE_URL the role is the operator's, and the server says so at start.
 */
export async function auditTrailExposure(db: Knex): Promise<string[]> {
  const { rows } = await db.raw(`
    SELECT r.rolsuper AS superuser,
           pg_has_role(current_user, c.relowner, 'MEMBER') AS owns_table,
           pg_has_role(current_user, n.nspowner, 'MEMBER') AS owns_schema,
           pg_has_role(current_user, p.proowner, 'MEMBER') AS owns_trigger_function,
           has_table_privilege(c.oid, 'UPDATE') OR has_table_privilege(c.oid, 'DELETE') OR has_table_privilege(c.oid, 'TRUNCATE') AS may_change_rows
      FROM pg_roles r, pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_proc p ON p.oid = to_regprocedure('public.audit_events_append_only()')
     WHERE r.rolname = current_user AND c.oid = to_regclass('public.audit_events')`);
  const found = rows[0] as Record<string, boolean | null> | undefined;
  if (!found) return [];
  const reasons: Record<string, string> = {
    superuser: "it is a superuser",
    owns_table: "it owns audit_events (or may act as its owner)",
    owns_schema: "it owns the schema audit_events is in, so it may drop the table",
    owns_trigger_function: "it owns the append-only trigger's function, so it may replace it",
    may_change_rows: "it holds UPDATE, DELETE or TRUNCATE on audit_events",
  };
  return Object.entries(reasons).flatMap(([key, text]) => (found[key] ? [text] : []));
}
