// Who runs the embedded cluster, and from where: as root, PostgreSQL must run as `postgres` from folders it can reach.
// What stops a start here is said in one sentence with its fix (a ConfigError: no stack trace).
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, cpSync, existsSync, lchownSync, lstatSync, mkdirSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConfigError } from "../config.ts";

export interface ClusterPlace {
  binDir: string;
  dir: string;
  /** Set when the cluster runs as another user than this process (root runs it as `postgres`). */
  uid?: number;
  gid?: number;
}

const RUN_AS = "postgres";
/** Where a root-run cluster's binaries and data go when `postgres` cannot reach the configured folders. */
const PERSISTENT_BASE = "/var/lib/visa-services";

function idOf(flag: "-u" | "-g"): number | undefined {
  try {
    return Number(execFileSync("id", [flag, RUN_AS], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
  } catch {
    return undefined;
  }
}

/** The `postgres` account, created as a system user without a login when it is missing. */
function postgresAccount(log?: (m: string) => void): { uid: number; gid: number } {
  let uid = idOf("-u");
  if (uid === undefined) {
    log?.(`Creating the system user ${RUN_AS} to run the embedded PostgreSQL (PostgreSQL refuses to run as root)`);
    try {
      execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", RUN_AS], { stdio: "ignore" });
    } catch {
      // useradd is missing or failed: the check below says so.
    }
    uid = idOf("-u");
  }
  const gid = idOf("-g");
  if (uid === undefined || gid === undefined) {
    throw new ConfigError(
      `PostgreSQL refuses to run as root and there is no user "${RUN_AS}" to run it as (creating one failed): create it (useradd --system ${RUN_AS}), run the site as an ordinary user, or set DATABASE_URL.`,
    );
  }
  return { uid, gid };
}

/** Whether `uid` may `test` the path (search permission through every parent folder included). */
function reachable(uid: number, gid: number, test: "-x" | "-w", file: string): boolean {
  return spawnSync("test", [test, file], { uid, gid, cwd: "/" }).status === 0;
}

const short = (s: string) => createHash("sha1").update(s).digest("hex").slice(0, 10);

/** Copies the shipped binaries (with their lib/ and share/) once into `target`, whole or not at all. */
function copyBinaries(binDir: string, target: string, log?: (m: string) => void) {
  if (existsSync(path.join(target, "bin", "postgres"))) return;
  log?.(`Copying the PostgreSQL programs to ${target}, where the ${RUN_AS} user can run them`);
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(path.dirname(binDir), partial, { recursive: true, verbatimSymlinks: true });
  try {
    renameSync(partial, target);
  } catch (err) {
    // Another process finished the same copy first.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(path.join(target, "bin", "postgres"))) throw err;
  }
}

/**
 * Where and as whom the cluster runs. Not root: this user, in place. Root: user `postgres`; binaries or a data folder it
 * cannot reach (a checkout in root's 0700 home) are moved to /var/lib/visa-services (throwaway test clusters: the
 * temporary folder), keyed by the configured folder so the same checkout always finds its cluster again.
 */
export function clusterPlace(opts: { binDir: string; version?: string; dir: string; throwaway?: boolean; log?: (m: string) => void }): ClusterPlace {
  if (process.getuid?.() !== 0) return { binDir: opts.binDir, dir: opts.dir };
  const { uid, gid } = postgresAccount(opts.log);
  const base = opts.throwaway ? path.join(os.tmpdir(), "visa-services-pg") : PERSISTENT_BASE;
  // Open to every user's search (whatever the umask), so `postgres` can pass through to its own folders.
  mkdirSync(base, { recursive: true });
  // Never through a link, nor in a folder someone else made (the throwaway base is in the shared temporary folder).
  const baseStat = lstatSync(base);
  if (!baseStat.isDirectory() || baseStat.uid !== 0) throw new ConfigError(`${base} is not a folder owned by root: remove it and start again.`);
  chmodSync(base, 0o755);
  let binDir = opts.binDir;
  if (!reachable(uid, gid, "-x", path.join(binDir, "postgres"))) {
    const target = path.join(base, `postgresql-${opts.version ?? short(binDir)}`);
    copyBinaries(binDir, target, opts.log);
    binDir = path.join(target, "bin");
  }
  let dir = opts.dir;
  mkdirSync(path.dirname(dir), { recursive: true });
  if (!reachable(uid, gid, "-x", path.dirname(dir))) {
    dir = path.join(base, `${path.basename(opts.dir)}-${short(opts.dir)}`);
    opts.log?.(`The ${RUN_AS} user cannot reach ${opts.dir}: the embedded cluster is kept in ${dir} instead`);
  }
  if (!existsSync(dir)) {
    mkdirSync(dir, { mode: 0o700 });
    lchownSync(dir, uid, gid);
  }
  if (!reachable(uid, gid, "-w", dir)) {
    throw new ConfigError(`The ${RUN_AS} user cannot write to ${dir}: give it that folder (chown -R ${RUN_AS} ${dir}) or set EMBEDDED_PG_DIR.`);
  }
  return { binDir, dir, uid, gid };
}
