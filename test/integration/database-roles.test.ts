// The embedded cluster's application role: it owns the data and can run the migrations, and it is no superuser.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKnex, migrateLatest } from "../../server/db/knex.ts";
import { APP_ROLE, ensureAppRole, readSecret } from "../../server/db/roles.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/db.ts";
import { query } from "../helpers/sql.ts";

let t: TestDatabase;
let empty: TestDatabase;
const folder = mkdtempSync(path.join(tmpdir(), "vs-roles-"));
const passwordFile = path.join(folder, "pg-app.password");
beforeAll(async () => {
  [t, empty] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  // A database with no schema yet, as on a fresh cluster.
  await empty.db.raw("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
});
afterAll(async () => {
  await Promise.all([t.drop(), empty.drop()]);
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
      "SELECT DISTINCT pg_get_userbyid(relowner) AS owner FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'",
    );
    expect(owners).toEqual([{ owner: APP_ROLE }]);

    // What only a superuser may do: read server files, run programs, make roles, change the server's settings.
    expect(await refusal(appUrl, "SELECT pg_read_file('/etc/passwd')")).toMatch(/permission denied/);
    expect(await refusal(appUrl, "COPY users (email) FROM PROGRAM 'id'")).toMatch(/permission denied|must be superuser/);
    expect(await refusal(appUrl, "CREATE ROLE intruder SUPERUSER")).toMatch(/permission denied|must be superuser/);
    expect(await refusal(appUrl, "ALTER SYSTEM SET log_statement = 'none'")).toMatch(/permission denied|must be superuser/);
  });

  it("keeps its password across starts, and runs every migration on an empty database", async () => {
    const before = readSecret(passwordFile);
    const appUrl = await ensureAppRole(empty.url, passwordFile);
    expect(new URL(appUrl).password).toBe(before);
    const db = createKnex(appUrl, 2);
    try {
      expect((await migrateLatest(db)).length).toBeGreaterThan(5);
      const [{ owner }] = await query(empty.url, "SELECT pg_get_userbyid(relowner) AS owner FROM pg_class WHERE oid = 'visa_applications'::regclass");
      expect(owner).toBe(APP_ROLE);
    } finally {
      await db.destroy();
    }
  });
});
