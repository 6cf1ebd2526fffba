// npm run backup / restore round trip: seeded rows and files come back identical in a fresh database and folder.
import { spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ROOT_DIR } from "../../server/config.ts";
import { serverMajor } from "../../server/db/inspect.ts";
import { createKnex, migrateLatest, withDatabase } from "../../server/db/knex.ts";
import { findPgProgram } from "../../server/db/pg-binaries.ts";
import { fileDigests, tableDigests } from "../helpers/digests.ts";
import { backupableServer } from "../helpers/pg-tools.ts";
import { query as sql } from "../helpers/sql.ts";

let server: Awaited<ReturnType<typeof backupableServer>>;
const work = mkdtempSync(path.join(tmpdir(), "vs-backup-"));
const dirs = { source: path.join(work, "uploads"), restored: path.join(work, "restored"), out: path.join(work, "backups") };
const names = { source: `vs_backup_src_${randomBytes(3).toString("hex")}`, restored: `vs_backup_dst_${randomBytes(3).toString("hex")}` };
const url = (name: string) => withDatabase(server.adminUrl, name);

/** Runs an operator command as a person would, against one database and upload folder. */
function command(script: "backup" | "restore", args: string[], database: string, uploadDir: string) {
  const r = spawnSync(process.execPath, ["--import", "tsx", `server/cli/${script}.ts`, ...args], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PUBLIC_URL: "https://horizongate.example",
      DATABASE_URL: url(database),
      UPLOAD_DIR: uploadDir,
      SESSION_SECRET: "x".repeat(40),
    },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout.trim(), stderr: r.stderr };
}

beforeAll(async () => {
  server = await backupableServer();
  await sql(server.adminUrl, `CREATE DATABASE "${names.source}"`);
  const db = createKnex(url(names.source), 2);
  await migrateLatest(db);
  await db.seed.run();
  // Every demo applicant gets a passport scan and a supporting document on disk, named as the server names them.
  const users = await db("users").select("id");
  for (const { id } of users) {
    mkdirSync(path.join(dirs.source, id, "documents"), { recursive: true });
    writeFileSync(path.join(dirs.source, id, `passport_${Date.now()}.jpg`), randomBytes(50_000));
    writeFileSync(path.join(dirs.source, id, "documents", `bank_statement_${Date.now()}.pdf`), randomBytes(120_000));
  }
  // An unfinished upload is not a document.
  mkdirSync(path.join(dirs.source, ".tmp"), { recursive: true });
  writeFileSync(path.join(dirs.source, ".tmp", randomUUID().replace(/-/g, "")), "partial");
  await db.destroy();
  await sql(server.adminUrl, `CREATE DATABASE "${names.restored}"`);
}, 120_000);

afterAll(async () => {
  for (const name of Object.values(names)) await sql(server.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await server.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("restores the same rows and the same files into a fresh database and folder", { timeout: 180_000 }, async () => {
    const backup = command("backup", ["--out", dirs.out], names.source, dirs.source);
    expect(backup.code, backup.stderr).toBe(0);
    expect(path.basename(backup.stdout)).toMatch(/^visa-services-\d{8}T\d{6}Z\.tar$/);
    expect(readdirSync(dirs.out)).toEqual([path.basename(backup.stdout)]);

    const restore = command("restore", [backup.stdout], names.restored, dirs.restored);
    expect(restore.code, restore.stderr).toBe(0);

    const source = await tableDigests(url(names.source));
    expect(Object.keys(source)).toEqual(expect.arrayContaining(["users", "visa_applications", "application_status_history"]));
    expect(Number(source.visa_applications.split(":")[0])).toBeGreaterThan(0);
    expect(await tableDigests(url(names.restored))).toEqual(source);
    const files = fileDigests(dirs.source);
    delete files[Object.keys(files).find((k) => k.startsWith(".tmp"))!];
    expect(Object.keys(files).length).toBeGreaterThanOrEqual(6);
    expect(fileDigests(dirs.restored)).toEqual(files);

    // A second restore finds data in place and refuses without --force, changing nothing.
    await sql(url(names.restored), "UPDATE users SET full_name = full_name || ' (edited)'");
    const changed = await tableDigests(url(names.restored));
    expect(changed.users).not.toEqual(source.users);
    const refused = command("restore", [backup.stdout], names.restored, dirs.restored);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Nothing restored: the database already holds \d+ tables and sequences and .* holds \d+ files; .*--force/);
    expect(await tableDigests(url(names.restored))).toEqual(changed);

    const forced = command("restore", [backup.stdout, "--force"], names.restored, dirs.restored);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await tableDigests(url(names.restored))).toEqual(source);
    expect(fileDigests(dirs.restored)).toEqual(files);
  });
});

// Where the machine's pg_dump is older than the test cluster (Debian 12 ships 15; the embedded cluster is 18).
const testMajor = await serverMajor(inject("pgAdminUrl"));
const tooOld = (() => {
  try {
    findPgProgram("pg_dump", testMajor);
    return false;
  } catch {
    return true;
  }
})();

describe.runIf(tooOld)("backup of a server newer than every pg_dump here", () => {
  it("stops with one sentence naming the cause and what to install, and writes no archive", { timeout: 60_000 }, () => {
    const name = inject("pgAdminUrl").split("/").pop() as string;
    const out = path.join(work, "refused");
    const r = spawnSync(process.execPath, ["--import", "tsx", "server/cli/backup.ts", "--out", out], {
      cwd: ROOT_DIR,
      env: { ...process.env, DATABASE_URL: withDatabase(inject("pgAdminUrl"), name), UPLOAD_DIR: dirs.source },
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`pg_dump ${testMajor} or newer is needed`);
    expect(r.stderr).toContain(`install PostgreSQL ${testMajor}'s client programs`);
    expect(readdirSync(out)).toEqual([]);
  });
});
