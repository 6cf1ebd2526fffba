// npm run backup of the embedded cluster while the site uses it, on a machine with no pg_dump as new as the cluster:
// the archive holds a copy of the whole cluster, and restore brings back the same rows and files.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadConfig, ROOT_DIR } from "../../server/config.ts";
import { createKnex, migrateLatest } from "../../server/db/knex.ts";
import { findPgProgram } from "../../server/db/pg-binaries.ts";
import { runningPort } from "../../server/db/pg-process.ts";
import { resolveDatabase } from "../../server/db/setup.ts";
import { editManifest, repack, unpack } from "../helpers/archives.ts";
import { siteCommand } from "../helpers/commands.ts";
import { fileDigests, tableDigests } from "../helpers/digests.ts";
import { query as sql } from "../helpers/sql.ts";

// Open to other users' search: as root the cluster runs as `postgres`, which must reach its folder here.
const work = mkdtempSync(path.join(tmpdir(), "vs-cluster-backup-"));
chmodSync(work, 0o755);
const port = 56100 + (process.pid % 100) * 2;
const site = { EMBEDDED_PG_DIR: path.join(work, "pg"), EMBEDDED_PG_PORT: String(port), UPLOAD_DIR: path.join(work, "uploads") };
const spare = { EMBEDDED_PG_DIR: path.join(work, "pg-new"), EMBEDDED_PG_PORT: String(port + 1), UPLOAD_DIR: path.join(work, "uploads-new") };
const out = path.join(work, "backups");
type Place = typeof site;

function envFor(place: Place, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PUBLIC_URL: "https://horizongate.example",
    SESSION_SECRET: "x".repeat(40),
    ...place,
    ...extra,
  };
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  return env;
}

function command(script: "backup" | "restore", args: string[], place: Place, extra?: Record<string, string>) {
  const r = spawnSync(process.execPath, [...siteCommand(script), ...args], {
    cwd: ROOT_DIR,
    env: envFor(place, extra),
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout.trim(), stderr: r.stderr };
}

/** The embedded cluster of `place`, started as the site starts it: its application database, as the application role. */
const open = (place: Place) => resolveDatabase(loadConfig(envFor(place)), () => {});

// Where a pg_dump as new as the cluster exists, --physical asks for the copy; here (Debian's is 15) it is the default.
const dumpAvailable = (() => {
  try {
    findPgProgram("pg_dump", 18);
    return true;
  } catch {
    return false;
  }
})();

let source: Awaited<ReturnType<typeof open>>;

/** npm run backup of the running site into `dir`, as a child process (the caller may keep writing meanwhile). */
function backupInto(dir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...siteCommand("backup"), "--out", dir, ...(dumpAvailable ? ["--physical"] : [])], {
      cwd: ROOT_DIR,
      env: envFor(site),
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (code) => resolve({ code, stdout: stdout.trim(), stderr }));
  });
}

let siteArchive: Promise<string> | undefined;
/** A good archive of the site for the refusal cases: the first test's, or one made here when that test did not run. */
function goodArchive(): Promise<string> {
  siteArchive ??= (async () => {
    const r = await backupInto(mkdtempSync(path.join(work, "archive-")));
    if (r.code !== 0) throw new Error(`backup failed: ${r.stderr}`);
    return r.stdout;
  })();
  return siteArchive;
}

beforeAll(async () => {
  source = await open(site);
  const db = createKnex(source.url, 2);
  await migrateLatest(db);
  await db.seed.run();
  for (const { id } of await db("users").select("id")) {
    mkdirSync(path.join(site.UPLOAD_DIR, id, "documents"), { recursive: true });
    writeFileSync(path.join(site.UPLOAD_DIR, id, `passport_${Date.now()}.jpg`), randomBytes(40_000));
    writeFileSync(path.join(site.UPLOAD_DIR, id, "documents", `bank_statement_${Date.now()}.pdf`), randomBytes(90_000));
  }
  await db.schema.createTable("backup_probe", (t) => t.integer("n").primary());
  await db.destroy();
}, 180_000);

afterAll(async () => {
  await source?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("backup of the embedded cluster without a new enough pg_dump", () => {
  it("copies the cluster while it takes writes, and restores a consistent copy with the same rows and files", { timeout: 240_000 }, async () => {
    // Writes keep committing, one row at a time, for as long as the backup runs.
    const writer = new pg.Client({ connectionString: source.url });
    await writer.connect();
    let written = 0;
    let writing = true;
    const writes = (async () => {
      while (writing) await writer.query("INSERT INTO backup_probe (n) VALUES ($1)", [++written]);
    })();
    while (written < 20) await new Promise((r) => setTimeout(r, 10));
    const before = written;
    const backup = await backupInto(out);
    writing = false;
    await writes;
    await writer.end();
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stderr).toMatch(/Copying the embedded PostgreSQL \d+ cluster .* while it serves/);
    expect(path.basename(backup.stdout)).toMatch(/^visa-services-\d{8}T\d{6}Z\.tar$/);
    expect(readdirSync(out)).toEqual([path.basename(backup.stdout)]);
    siteArchive ??= Promise.resolve(backup.stdout);
    const manifest = JSON.parse(spawnSync("tar", ["-xOf", backup.stdout, "./manifest.json"], { encoding: "utf8" }).stdout);
    expect(manifest).toMatchObject({ database: "cluster", serverMajor: 18, storage: "disk" });
    // The site's own cluster is still serving after its copy was taken, on the port it started on (the next free one
    // when something else on the machine held the configured port).
    expect(runningPort(site.EMBEDDED_PG_DIR)).toBe(Number(new URL(source.url).port));

    const { backup_probe: _, ...tables } = await tableDigests(source.url);
    const sourceTables = tables;
    expect(Number(sourceTables.visa_applications.split(":")[0])).toBeGreaterThan(0);
    const sourceFiles = fileDigests(site.UPLOAD_DIR);
    expect(Object.keys(sourceFiles).length).toBeGreaterThanOrEqual(6);

    const restore = command("restore", [backup.stdout], spare);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stderr).toContain("Starting the restored cluster");
    // PostgreSQL started from the copy's backup label (replaying from where the copy began) and set it aside when done.
    expect(existsSync(path.join(spare.EMBEDDED_PG_DIR, "backup_label.old"))).toBe(true);
    expect(existsSync(path.join(spare.EMBEDDED_PG_DIR, "backup_label"))).toBe(false);
    const restored = await open(spare);
    try {
      const { backup_probe: probe, ...tables } = await tableDigests(restored.url);
      expect(tables).toEqual(sourceTables);
      // A moment of the running site: every write committed before the backup began, and no gap after it.
      const rows = (await sql(restored.url, "SELECT n FROM backup_probe ORDER BY n")).map((r) => r.n as number);
      expect(rows.length).toBeGreaterThanOrEqual(before);
      expect(rows.length).toBeLessThanOrEqual(written);
      expect(rows).toEqual(rows.map((_, i) => i + 1));
      expect(probe.split(":")[0]).toBe(String(rows.length));
      console.log(`backup_probe: ${before} rows before the backup, ${rows.length} in the copy, ${written} when it ended`);
      // The application signs in to the restored cluster with its role, and sees the restored documents' rows.
      expect(fileDigests(spare.UPLOAD_DIR)).toEqual(sourceFiles);

      // While that cluster runs, a restore into it is refused and changes nothing.
      await sql(restored.url, "UPDATE users SET full_name = full_name || ' (edited)'");
      const running = command("restore", [backup.stdout, "--force"], spare);
      expect(running.code).toBe(1);
      expect(running.stderr).toMatch(/Nothing restored: the embedded PostgreSQL in .* is running; stop the site/);
    } finally {
      await restored.stop();
    }

    // Stopped but holding data: refused without --force, and nothing changes.
    const refused = command("restore", [backup.stdout], spare);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Nothing restored: .*pg-new holds a database cluster and .*uploads-new holds \d+ files; .*--force/);
    const kept = await open(spare);
    expect((await tableDigests(kept.url)).users).not.toEqual(sourceTables.users);
    await kept.stop();

    // --force moves the cluster that was there aside (kept for the operator) and restores the archive's.
    const forced = command("restore", [backup.stdout, "--force"], spare);
    expect(forced.code, forced.stderr).toBe(0);
    const aside = readdirSync(work).filter((n) => /^pg-new\.replaced-\d{8}T\d{6}Z$/.test(n));
    expect(aside).toHaveLength(1);
    expect(existsSync(path.join(work, aside[0], "PG_VERSION"))).toBe(true);
    const again = await open(spare);
    try {
      const { backup_probe: _p, ...tables } = await tableDigests(again.url);
      expect(tables).toEqual(sourceTables);
    } finally {
      await again.stop();
    }
  });

  it("restores a cluster copy only into the embedded cluster, and copies only the embedded cluster", { timeout: 120_000 }, async () => {
    const archive = await goodArchive();
    mkdirSync(out, { recursive: true });
    const archivesBefore = readdirSync(out);
    const elsewhere = { DATABASE_URL: inject("pgAdminUrl") };
    const restore = command("restore", [archive], spare, elsewhere);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain("restores only into the embedded cluster; unset DATABASE_URL");
    const physical = command("backup", ["--out", out, "--physical"], site, elsewhere);
    expect(physical.code).toBe(2);
    expect(physical.stderr).toContain("--physical copies the embedded PostgreSQL cluster");
    expect(readdirSync(out)).toEqual(archivesBefore);
  });

  it("refuses an archive that is not whole, changing nothing", { timeout: 60_000 }, () => {
    const broken = path.join(work, "broken.tar");
    const staging = mkdtempSync(path.join(work, "broken-"));
    writeFileSync(
      path.join(staging, "manifest.json"),
      JSON.stringify({ format: 1, database: "cluster", serverMajor: 18, storage: "disk", documents: [] }),
    );
    spawnSync("tar", ["-cf", broken, "-C", staging, "./manifest.json"]);
    mkdirSync(spare.UPLOAD_DIR, { recursive: true });
    const before = fileDigests(spare.UPLOAD_DIR);
    const r = command("restore", [broken, "--force"], spare);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/is not a whole backup archive \(no cluster or cluster-superuser\.password\)/);
    expect(fileDigests(spare.UPLOAD_DIR)).toEqual(before);
  });

  it("puts the cluster that was there back when the archive's cluster does not start", { timeout: 120_000 }, async () => {
    // The good archive without its WAL: PostgreSQL cannot find the checkpoint the copy starts from.
    const staging = unpack(await goodArchive(), work);
    const wal = path.join(staging, "cluster", "pg_wal");
    for (const n of readdirSync(wal)) if (/^[0-9A-F]{24}$/.test(n)) rmSync(path.join(wal, n));
    // Left out of the manifest too: the archive is whole by its checksums and fails only when PostgreSQL starts.
    editManifest(staging, (m) => {
      m.files = m.files?.filter((f) => !/^cluster\/pg_wal\/[0-9A-F]{24}$/.test(f.key));
    });
    const broken = repack(staging, path.join(work, "no-wal.tar"));

    const before = await open(spare);
    const tablesBefore = await tableDigests(before.url);
    await before.stop();
    const filesBefore = fileDigests(spare.UPLOAD_DIR);
    const asideBefore = readdirSync(work).filter((n) => n.startsWith("pg-new.replaced-"));

    const r = command("restore", [broken, "--force"], spare);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Nothing restored: the archive's cluster did not start \([\s\S]*\); the cluster that was there is back in .*pg-new\./);
    expect(readdirSync(work).filter((n) => n.startsWith("pg-new.replaced-"))).toEqual(asideBefore);
    expect(fileDigests(spare.UPLOAD_DIR)).toEqual(filesBefore);
    const after = await open(spare);
    try {
      expect(await tableDigests(after.url)).toEqual(tablesBefore);
    } finally {
      await after.stop();
    }
  });

  /** The stopped spare cluster's rows, its documents and the clusters set aside: what a refused restore must leave. */
  async function spareState() {
    const db = await open(spare);
    try {
      return {
        tables: await tableDigests(db.url),
        files: fileDigests(spare.UPLOAD_DIR),
        aside: readdirSync(work).filter((n) => n.startsWith("pg-new.replaced-")),
      };
    } finally {
      await db.stop();
    }
  }

  it("refuses a cluster copy holding a link to a file outside it, which keeps its owner and mode", { timeout: 120_000 }, async () => {
    const outside = path.join(work, "outside.conf");
    writeFileSync(outside, "not the cluster's");
    chmodSync(outside, 0o644);
    const before = statSync(outside);
    const staging = unpack(await goodArchive(), work);
    symlinkSync(outside, path.join(staging, "cluster", "zz"));
    const hostile = repack(staging, path.join(work, "link.tar"));
    expect(spawnSync("tar", ["-tvf", hostile], { encoding: "utf8" }).stdout).toMatch(/^l.* \.\/cluster\/zz -> /m);

    const state = await spareState();
    const r = command("restore", [hostile, "--force"], spare);
    const after = statSync(outside);
    expect([after.uid, after.gid, after.mode]).toEqual([before.uid, before.gid, before.mode]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^Nothing restored: .*link\.tar holds cluster\/zz, a symbolic link; a backup holds only files and folders\.$/m);
    expect(await spareState()).toEqual(state);
  });

  it("refuses a cluster copy with a file changed after the backup, changing nothing", { timeout: 120_000 }, async () => {
    const staging = unpack(await goodArchive(), work);
    // What an attacker would change: a setting that runs a program as the cluster's user when it starts.
    writeFileSync(path.join(staging, "cluster", "postgresql.auto.conf"), "restore_command = 'touch /tmp/owned'\n", { flag: "a" });
    const tampered = repack(staging, path.join(work, "changed.tar"));
    const state = await spareState();
    const r = command("restore", [tampered, "--force"], spare);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Nothing restored: .*changed\.tar does not match its manifest \(cluster\/postgresql\.auto\.conf differs\)/);
    expect(await spareState()).toEqual(state);
  });
});
