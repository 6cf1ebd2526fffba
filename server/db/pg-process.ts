// Runs the embedded cluster's PostgreSQL programs as the cluster's user: initdb (with its password file), postgres until
// it accepts connections, and the ports they answer on.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, lchownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { ClusterPlace } from "./cluster-user.ts";

/** The cluster's superuser. */
export const SUPERUSER = "postgres";

/** Whether something accepts connections on this port of this machine. */
export function portAnswers(port: number): Promise<boolean> {
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
export function runningPort(dir: string): number | undefined {
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

export async function freePort(from: number): Promise<number> {
  for (let p = from; p < from + 50; p++) if (!(await portAnswers(p))) return p;
  throw new Error(`No free port for the embedded PostgreSQL between ${from} and ${from + 49}`);
}

/** A UTF-8 locale for the cluster (character classes for trigram search), or none (C) where the system has none. */
function clusterLocale(): string[] {
  try {
    const have = new Set(
      execFileSync("locale", ["-a"], { encoding: "utf8" })
        .split("\n")
        .map((l) => l.trim()),
    );
    const utf8 = ["C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8"].find((l) => have.has(l));
    if (utf8) return [`--locale=${utf8}`];
  } catch {
    // No `locale` program: the C locale below.
  }
  return ["--no-locale"];
}

/** Spawns a PostgreSQL program as the cluster's user, keeping its last output lines in `out`. */
function run(place: ClusterPlace, program: string, args: string[], out: string[]): ChildProcess {
  const child = spawn(path.join(place.binDir, program), args, {
    uid: place.uid,
    gid: place.gid,
    // The invoking folder may be closed to the cluster's user; LC_MESSAGES=C keeps the "ready" line in English.
    cwd: path.dirname(place.dir),
    env: { ...process.env, LC_ALL: "", LC_MESSAGES: "C" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    out.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    out.splice(0, Math.max(0, out.length - 15));
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return child;
}

export async function initialise(place: ClusterPlace, password: string, out: string[]): Promise<void> {
  // In a private folder of its own: a predictable name in the shared temporary folder could be a link planted there.
  const pwdir = mkdtempSync(path.join(os.tmpdir(), "pg-password-"));
  const pwfile = path.join(pwdir, "password");
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600, flag: "wx" });
  if (place.uid !== undefined) {
    lchownSync(pwdir, place.uid, place.gid ?? -1);
    lchownSync(pwfile, place.uid, place.gid ?? -1);
  }
  try {
    const args = [`--pgdata=${place.dir}`, "--auth=password", `--username=${SUPERUSER}`, `--pwfile=${pwfile}`, "--encoding=UTF8", ...clusterLocale()];
    const child = run(place, "initdb", args, out);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("close", resolve);
    });
    if (code !== 0) throw new Error(`initdb failed (exit code ${code}):\n${out.join("\n")}`);
  } finally {
    rmSync(pwdir, { recursive: true, force: true });
  }
}

/** Starts postgres; resolves once it accepts connections, rejects if it exits first. */
export function launch(place: ClusterPlace, port: number, flags: string[], out: string[]): Promise<ChildProcess> {
  const child = run(place, "postgres", ["-D", place.dir, "-p", String(port), "-c", "lc_messages=C", ...flags], out);
  return new Promise((resolve, reject) => {
    const ready = (chunk: Buffer) => {
      if (chunk.toString("utf8").includes("database system is ready to accept connections")) resolve(child);
    };
    child.stderr?.on("data", ready);
    child.once("error", reject);
    child.once("close", () => reject(new Error("postgres exited")));
  });
}
