// The embedded cluster's application role: it owns the data but the audit trail, which it may only add to and read,
// and it is no superuser; migrations at start run as the superuser and leave each object with its owner.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_OWNER, auditTrailExposure } from "../../server/db/auditTrail.ts";
import { createKnex, migrateLatest } from "../../server/db/knex.ts";
import { APP_ROLE, ensureAppRole, readSecret } from "../../server/db/roles.ts";
import { migrateDatabase } from "../../server/db/setup.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/db.ts";
import { query } from "../helpers/sql.ts";

let t: TestDatabase;
let empty: TestDatabase;
let bare: TestDatabase;
const folder = mkdtempSync(path.join(tmpdir(), "vs-roles-"));
const passwordFile = path.join(folder, "pg-app.password");
beforeAll(async () => {
  [t, empty, bare] = await Promise.all([createTestDatabase(), createTestDatabase(), createTestDatabase()]);
  // Databases with no schema yet, as on a fresh cluster.
  for (const fresh of [empty, bare]) await fresh.db.raw("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
});
afterAll(async () => {
  await Promise.all([t.drop(), empty.drop(), bare.drop()]);
  rmSync(folder, { recursive: true, force: true });
});

const refusal = (url: string, sql: string) =>
  query(url, sql).then(
    () => "allowed",
    (err: Error) => err.message,
  );

describe("the application role", () => {
  it("owns a database the superuser made, and its rows, without superuser rights", async () => {
    const appUrl = await ensureAppRole(t.url, passwordFile);
    expect(new URL(appUrl).username).toBe(APP_ROLE);
    expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
    expect(new URL(appUrl).password).toBe(readSecret(passwordFile));

    const [me] = await query(appUrl, "SELECT rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = current_user");
    expect(me).toEqual({ rolsuper: false, rolcreaterole: false, rolcreatedb: false });
    await query(appUrl, "INSERT INTO users (email, password_hash, full_name) VALUES ('role@example.com', 'x', 'Role')");
    expect(await query(appUrl, "SELECT count(*)::int AS n FROM users")).toEqual([{ n: 1 }]);
    const owners = await query(
      t.url,
      `SELECT relname = 'audit_events' AS trail, string_agg(DISTINCT pg_get_userbyid(relowner), ',') AS owners FROM pg_class
        WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' GROUP BY 1 ORDER BY 1`,
    );
    expect(owners).toEqual([
      { trail: false, owners: APP_ROLE },
      { trail: true, owners: AUDIT_OWNER },
    ]);

    // What only a superuser may do: read server files, run programs, make roles, change the server's settings.
    expect(await refusal(appUrl, "SELECT pg_read_file('/etc/passwd')")).toMatch(/permission denied/);
    expect(await refusal(appUrl, "COPY users (email) FROM PROGRAM 'id'")).toMatch(/permission denied|must be superuser/);
    expect(await refusal(appUrl, "CREATE ROLE intruder SUPERUSER")).toMatch(/permission denied|must be superuser/);
    expect(await refusal(appUrl, "ALTER SYSTEM SET log_statement = 'none'")).toMatch(/permission denied|must be superuser/);
  });

  it("keeps its password across starts; migrations at start leave the trail with its owner", async () => {
    const before = readSecret(passwordFile);
    const appUrl = await ensureAppRole(empty.url, passwordFile);
    expect(new URL(appUrl).password).toBe(before);
    const db = createKnex(appUrl, 2);
    try {
      expect((await migrateDatabase({ url: appUrl, setupUrl: empty.url, stop: async () => {} }, db)).length).toBeGreaterThan(5);
      const owners = await query(
        empty.url,
        `SELECT pg_get_userbyid(relowner) AS owner FROM pg_class WHERE oid IN ('visa_applications'::regclass, 'audit_events'::regclass)
          ORDER BY relname DESC`,
      );
      expect(owners).toEqual([{ owner: APP_ROLE }, { owner: AUDIT_OWNER }]);
      // The app works as usual, and the start-up check has nothing to say.
      await db("users").insert({ email: "fresh@example.com", password_hash: "x", full_name: "Fresh" });
      await db("audit_events").insert({ action: "sign_up" });
      expect(await auditTrailExposure(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it("can run every migration itself (a DATABASE_URL role), and the start-up check then says it owns the trail", async () => {
    const appUrl = await ensureAppRole(bare.url, passwordFile);
    const db = createKnex(appUrl, 2);
    try {
      expect((await migrateLatest(db)).length).toBeGreaterThan(5);
      expect(await auditTrailExposure(db)).toEqual([
        "it owns audit_events (or may act as its owner)",
        "it owns the append-only trigger's function, so it may replace it",
        "it holds UPDATE, DELETE or TRUNCATE on audit_events",
      ]);
    } finally {
      await db.destroy();
    }
  });
});

describe("the audit trail, as the application's role", () => {
  it("adds and reads rows, and every way to change, remove or unprotect them is refused", async () => {
    const appUrl = await ensureAppRole(t.url, passwordFile);
    await query(appUrl, "INSERT INTO audit_events (action, subject_type, subject_id) VALUES ('sign_in', 'account', 'kept')");
    const rows = await query(t.url, "SELECT * FROM audit_events ORDER BY id");
    expect(rows.length).toBeGreaterThan(0);
    expect(await query(appUrl, "SELECT count(*)::int AS n FROM audit_events")).toEqual([{ n: rows.length }]);

    const attempts = [
      "ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change",
      "ALTER TABLE audit_events DISABLE TRIGGER ALL",
      "DROP TRIGGER audit_events_no_change ON audit_events",
      "DELETE FROM audit_events",
      "UPDATE audit_events SET action = 'sign_up'",
      "TRUNCATE audit_events",
      "DROP TABLE audit_events",
      "DROP TABLE audit_events CASCADE",
      `ALTER TABLE audit_events OWNER TO ${APP_ROLE}`,
      "ALTER TABLE audit_events RENAME TO audit_events_old",
      "CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$",
      "DROP FUNCTION audit_events_append_only() CASCADE",
      "SELECT setval('audit_events_id_seq', 1)",
      "ALTER SEQUENCE audit_events_id_seq RESTART",
      "DROP SCHEMA public CASCADE",
      `ALTER SCHEMA public OWNER TO ${APP_ROLE}`,
      `GRANT ${AUDIT_OWNER} TO ${APP_ROLE}`,
      `SET ROLE ${AUDIT_OWNER}`,
      "SET session_replication_role = replica",
    ];
    for (const sql of attempts) expect(await refusal(appUrl, sql), sql).toMatch(/permission denied|must be owner|must have admin option/);
    expect(await query(t.url, "SELECT * FROM audit_events ORDER BY id")).toEqual(rows);
    expect(await query(t.url, "SELECT count(*)::int AS n FROM pg_trigger WHERE tgrelid = 'audit_events'::regclass AND tgenabled = 'O'")).toEqual([
      { n: 2 },
    ]);

    const appDb = createKnex(appUrl, 1);
    try {
      expect(await auditTrailExposure(appDb)).toEqual([]);
    } finally {
      await appDb.destroy();
    }
    // The tests' own connection is the superuser's: the check names it.
    expect(await auditTrailExposure(t.db)).toContain("it is a superuser");
  });
});
