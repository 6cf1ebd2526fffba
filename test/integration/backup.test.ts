// npm run backup / restore round trip: seeded rows and files come back identical in a fresh database and folder; an
// archive that was changed, holds a path out of its folder, or is not signed with the configured key is refused.
import { spawnSync } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ROOT_DIR } from "../../server/config.ts";
import { serverMajor } from "../../server/db/inspect.ts";
import { createKnex, migrateLatest, withDatabase } from "../../server/db/knex.ts";
import { findPgProgram } from "../../server/db/pg-binaries.ts";
import { editManifest, repack, signManifest, unpack } from "../helpers/archives.ts";
import { siteCommand } from "../helpers/commands.ts";
import { fileDigests, tableDigests } from "../helpers/digests.ts";
import { backupableServer } from "../helpers/pg-tools.ts";
import { query as sql } from "../helpers/sql.ts";

let server: Awaited<ReturnType<typeof backupableServer>>;
const work = mkdtempSync(path.join(tmpdir(), "vs-backup-"));
const dirs = { source: path.join(work, "uploads"), restored: path.join(work, "restored"), out: path.join(work, "backups") };
const names = { source: `vs_backup_src_${randomBytes(3).toString("hex")}`, restored: `vs_backup_dst_${randomBytes(3).toString("hex")}` };
const url = (name: string) => withDatabase(server.adminUrl, name);

/** Runs an operator command as a person would, against one database and upload folder. */
function command(script: "backup" | "restore", args: string[], database: string, uploadDir: string, extra: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [...siteCommand(script), ...args], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PUBLIC_URL: "https://horizongate.example",
      DATABASE_URL: url(database),
      UPLOAD_DIR: uploadDir,
      SESSION_SECRET: "x".repeat(40),
      ...extra,
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

/** The first test's archive, made without a signing key. */
let plain: string;

describe("backup and restore", () => {
  it("restores the same rows and the same files into a fresh database and folder", { timeout: 180_000 }, async () => {
    const backup = command("backup", ["--out", dirs.out], names.source, dirs.source);
    expect(backup.code, backup.stderr).toBe(0);
    expect(path.basename(backup.stdout)).toMatch(/^visa-services-\d{8}T\d{6}Z\.tar$/);
    expect(readdirSync(dirs.out)).toEqual([path.basename(backup.stdout)]);
    plain = backup.stdout;

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

const KEY = "5a".repeat(32);
const OTHER_KEY = "c3".repeat(32);

describe("restore of an archive it cannot trust", () => {
  const restore = (archive: string, extra?: Record<string, string>) => command("restore", [archive, "--force"], names.restored, dirs.restored, extra);
  const state = async () => ({ tables: await tableDigests(url(names.restored)), files: fileDigests(dirs.restored) });

  /** Restores `archive` with --force over an edited database: it must refuse with `reason` and leave everything as it was. */
  async function expectRefused(archive: string, reason: RegExp, extra?: Record<string, string>) {
    await sql(url(names.restored), "UPDATE users SET full_name = full_name || ' (edited)'");
    const before = await state();
    const r = restore(archive, extra);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(reason);
    expect(await state()).toEqual(before);
    return r;
  }

  it("refuses an entry with an absolute path or one that climbs out with .., writing nothing there", { timeout: 60_000 }, async () => {
    const escaped = `vs-escaped-${randomBytes(4).toString("hex")}`;
    const dir = unpack(plain, work);
    writeFileSync(path.join(dir, "evil"), "written outside the restore's folder");
    const climbing = repack(dir, path.join(work, "climbing.tar"), [`--transform=s,^\\./evil$,./documents/../../${escaped},`]);
    await expectRefused(
      climbing,
      new RegExp(`Nothing restored: .*climbing\\.tar holds \\./documents/\\.\\./\\.\\./${escaped}, a path that climbs out of its folder with \\.\\.`),
    );
    const absolute = repack(dir, path.join(work, "absolute.tar"), [`--transform=s,^\\./evil$,${path.join(work, escaped)},`]);
    await expectRefused(absolute, new RegExp(`Nothing restored: .*absolute\\.tar holds ${path.join(work, escaped)}, an absolute path`));
    expect(existsSync(path.join(tmpdir(), escaped))).toBe(false);
    expect(existsSync(path.join(work, escaped))).toBe(false);
  });

  it("refuses a file that differs from the manifest, and one the manifest does not list", { timeout: 60_000 }, async () => {
    const dir = unpack(plain, work);
    const dump = readFileSync(path.join(dir, "database.dump"));
    dump[dump.length - 100] ^= 0xff;
    writeFileSync(path.join(dir, "database.dump"), dump);
    await expectRefused(
      repack(dir, path.join(work, "tampered.tar")),
      /Nothing restored: .*tampered\.tar does not match its manifest \(database\.dump differs\): it is damaged or was changed\./,
    );

    const extra = unpack(plain, work);
    const [owner] = readdirSync(path.join(extra, "documents"));
    writeFileSync(path.join(extra, "documents", owner, "extra.pdf"), "not in the manifest");
    await expectRefused(
      repack(extra, path.join(work, "extra.tar")),
      new RegExp(`does not match its manifest \\(documents/${owner}/extra\\.pdf is not in it\\)`),
    );
  });

  it("with BACKUP_SIGNING_KEY, signs archives and restores only those signed with that key", { timeout: 120_000 }, async () => {
    const out = path.join(work, "signed");
    const backup = command("backup", ["--out", out], names.source, dirs.source, { BACKUP_SIGNING_KEY: KEY });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stderr).toContain("signed with BACKUP_SIGNING_KEY");
    const signed = backup.stdout;
    const listing = spawnSync("tar", ["-tf", signed], { encoding: "utf8" }).stdout.split("\n");
    expect(listing).toContain("./manifest.sig");

    await expectRefused(signed, /Nothing restored: the signature of .* does not match BACKUP_SIGNING_KEY/, { BACKUP_SIGNING_KEY: OTHER_KEY });
    await expectRefused(
      plain,
      /Nothing restored: .* is not signed, and with BACKUP_SIGNING_KEY set only archives signed with that key are restored\./,
      {
        BACKUP_SIGNING_KEY: KEY,
      },
    );
    // A changed dump whose new checksum is written into the manifest: the checksums match, the signature does not.
    const dir = unpack(signed, work);
    const dump = readFileSync(path.join(dir, "database.dump"));
    dump[dump.length - 100] ^= 0xff;
    writeFileSync(path.join(dir, "database.dump"), dump);
    const digest = createHash("sha256").update(dump).digest("hex");
    editManifest(dir, (m) => {
      for (const f of m.files ?? []) if (f.key === "database.dump") f.sha256 = digest;
    });
    const rewritten = repack(dir, path.join(work, "rewritten.tar"));
    await expectRefused(rewritten, /Nothing restored: the signature of .*rewritten\.tar does not match BACKUP_SIGNING_KEY/, {
      BACKUP_SIGNING_KEY: KEY,
    });
    // Signed again with another key, it is still refused.
    signManifest(dir, OTHER_KEY);
    await expectRefused(repack(dir, path.join(work, "resigned.tar")), /does not match BACKUP_SIGNING_KEY/, { BACKUP_SIGNING_KEY: KEY });

    const source = await tableDigests(url(names.source));
    const good = restore(signed, { BACKUP_SIGNING_KEY: KEY });
    expect(good.code, good.stderr).toBe(0);
    expect(await tableDigests(url(names.restored))).toEqual(source);
    // Without a key the signature cannot be checked: the archive restores, and the operator is told.
    await sql(url(names.restored), "UPDATE users SET full_name = full_name || ' (edited)'");
    const unchecked = restore(signed);
    expect(unchecked.code, unchecked.stderr).toBe(0);
    expect(unchecked.stderr).toContain("is signed, but BACKUP_SIGNING_KEY is not set: its signature was not checked.");
    expect(await tableDigests(url(names.restored))).toEqual(source);
  });

  it("restores an archive made before every file had a checksum with a warning, and refuses it when a key is set", { timeout: 60_000 }, async () => {
    const dir = unpack(plain, work);
    editManifest(dir, (m) => {
      delete m.files;
    });
    const old = repack(dir, path.join(work, "old.tar"));
    await expectRefused(old, /is not signed, and with BACKUP_SIGNING_KEY set/, { BACKUP_SIGNING_KEY: KEY });
    const r = restore(old);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("was made before backups recorded a checksum for every file: only its documents are checked against its manifest.");
    expect(await tableDigests(url(names.restored))).toEqual(await tableDigests(url(names.source)));
  });

  it("refuses a malformed BACKUP_SIGNING_KEY with one sentence, changing and writing nothing", { timeout: 60_000 }, async () => {
    const malformed =
      "Invalid configuration:\n  BACKUP_SIGNING_KEY: must be at least 32 random bytes written as hexadecimal (64 or more digits, e.g. from openssl rand -hex 32)\n";
    const before = await state();
    const r = restore(plain, { BACKUP_SIGNING_KEY: "ab".repeat(16) });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(malformed);
    expect(await state()).toEqual(before);
    const out = path.join(work, "bad-key");
    const backup = command("backup", ["--out", out], names.source, dirs.source, { BACKUP_SIGNING_KEY: "not a key" });
    expect(backup.code).toBe(2);
    expect(backup.stderr).toBe(malformed);
    expect(existsSync(out)).toBe(false);
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
    const r = spawnSync(process.execPath, [...siteCommand("backup"), "--out", out], {
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
