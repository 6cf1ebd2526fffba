// A start that finds an embedded cluster it cannot open says so in one sentence and leaves it alone; --force moves it
// aside and starts on a new one. The case: the checkout's data folder (with the password) deleted or cloned
// again, while the cluster, kept outside it (root's closed home: /var/lib/visa-services), stays.
import { spawn } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "../../server/config.ts";
import { ClusterMismatchError, embeddedPlace, startEmbeddedPostgres } from "../../server/db/embedded.ts";
import { secretFile } from "../../server/db/roles.ts";
import { siteCommand } from "../helpers/commands.ts";

const asRoot = process.getuid?.() === 0;
// A home folder like root's (0700): as root, the cluster is then kept outside it, as on the operator's server.
const home = mkdtempSync(path.join(tmpdir(), "vs-mismatch-home-"));
const dataDir = path.join(home, "checkout", ".data");
const pgDir = path.join(dataDir, "pg");
const uploadDir = path.join(home, "uploads");
const made: string[] = [];

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

/** Runs the server (`node server/index.ts [args]`) until it says it is ready (then stops it) or exits by itself. */
function start(args: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string; ready: boolean }> {
  const child = spawn(process.execPath, [...siteCommand("index"), ...args], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      NODE_ENV: "development",
      LOG_LEVEL: "info",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(56100 + (process.pid % 200)),
      UPLOAD_DIR: uploadDir,
      SESSION_SECRET: "cluster-mismatch-test-secret-0123456789",
      MAIL_WORKER: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let ready = false;
  child.stdout.on("data", (c: Buffer) => {
    stdout += c.toString();
    if (!ready && stdout.includes("Site ready at")) {
      ready = true;
      child.kill("SIGTERM");
    }
  });
  child.stderr.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr, ready })));
}

/** The cluster's system identifier (global/pg_control's first 8 bytes): which cluster a folder holds. */
const identity = (dir: string) =>
  readFileSync(path.join(dir, "global", "pg_control"))
    .subarray(0, 8)
    .toString("hex");

describe("a start on a cluster it cannot open", () => {
  it("names the folder, the reason and the fix in one sentence, touches nothing; --force moves it aside", { timeout: 240_000 }, async () => {
    chmodSync(home, 0o700);
    const first = await start();
    expect(first.ready, first.stdout + first.stderr).toBe(true);
    const clusterDir = readFileSync(path.join(dataDir, "cluster-location"), "utf8").trim();
    made.push(clusterDir);
    expect(first.stdout).toContain(`Data: the embedded PostgreSQL in ${clusterDir}`);
    if (asRoot) expect(clusterDir.startsWith("/var/lib/visa-services/")).toBe(true);
    else expect(clusterDir).toBe(pgDir);
    const original = identity(clusterDir);
    // Stopped with the server: a cluster still running would be found running, not refused.
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(existsSync(path.join(clusterDir, "postmaster.pid"))).toBe(false);

    // Cloned again (or the data folder deleted): the cluster outside the checkout is still there, its password is not.
    if (asRoot) rmSync(dataDir, { recursive: true });
    else for (const account of ["superuser", "app"] as const) rmSync(secretFile(pgDir, account));
    const second = await start();
    expect(second.code).toBe(1);
    expect(second.ready).toBe(false);
    expect(second.stderr.trim()).toBe(
      `The embedded PostgreSQL cluster in ${clusterDir} cannot be opened: the file with its superuser password, ${secretFile(pgDir, "superuser")}, is missing; start with npm start -- --force to move it aside (to ${clusterDir}.old-<time>) and create a new, empty one, or restore a backup (npm run restore).`,
    );
    expect(second.stdout + second.stderr).not.toMatch(/^\s+at /m);
    expect(identity(clusterDir)).toBe(original);

    // Another cluster's password file in the data folder.
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(secretFile(pgDir, "superuser"), "someone-elses-password\n", { mode: 0o600 });
    const third = await start();
    expect(third.code).toBe(1);
    expect(third.stderr.trim()).toMatch(
      new RegExp(
        `^The embedded PostgreSQL cluster in ${clusterDir} cannot be opened: the superuser password kept in .+ is not this cluster's; start with npm start -- --force`,
      ),
    );
    expect(identity(clusterDir)).toBe(original);
    expect(readdirSync(path.dirname(clusterDir)).filter((n) => n.startsWith(`${path.basename(clusterDir)}.old-`))).toEqual([]);

    const forced = await start(["--force"]);
    expect(forced.ready, forced.stdout + forced.stderr).toBe(true);
    const aside = readdirSync(path.dirname(clusterDir))
      .filter((n) => n.startsWith(`${path.basename(clusterDir)}.old-`))
      .map((n) => path.join(path.dirname(clusterDir), n));
    made.push(...aside);
    expect(aside).toHaveLength(1);
    expect(forced.code, forced.stdout + forced.stderr).toBe(0);
    expect(existsSync(path.join(clusterDir, "postmaster.pid"))).toBe(false);
    expect(forced.stdout).toContain(`Moved the embedded PostgreSQL cluster that could not be opened to ${aside[0]}`);
    expect(identity(aside[0])).toBe(original);
    expect(identity(clusterDir)).not.toBe(original);
    expect(existsSync(`${secretFile(pgDir, "superuser")}${aside[0].slice(clusterDir.length)}`)).toBe(true);
  });

  it("refuses, before running anything, a cluster of another PostgreSQL version or another owner", async () => {
    const open = mkdtempSync(path.join(tmpdir(), "vs-mismatch-other-"));
    made.push(open);
    chmodSync(open, 0o755);
    const dir = path.join(open, "pg");
    const { major } = embeddedPlace(dir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(path.join(dir, "PG_VERSION"), "9\n");
    const older = startEmbeddedPostgres({ dir, port: 56400 });
    await expect(older).rejects.toThrow(ClusterMismatchError);
    await expect(older).rejects.toThrow(
      `The embedded PostgreSQL cluster in ${dir} cannot be opened: it was made by PostgreSQL 9 and the programs here are PostgreSQL ${major};`,
    );
    expect(readFileSync(path.join(dir, "PG_VERSION"), "utf8")).toBe("9\n");
    if (!asRoot) return;
    writeFileSync(path.join(dir, "PG_VERSION"), `${major}\n`);
    // Writable by anyone, so that only its owner is wrong (PostgreSQL refuses to run on another user's folder).
    chownSync(dir, 54321, 54321);
    chmodSync(dir, 0o777);
    await expect(startEmbeddedPostgres({ dir, port: 56400 })).rejects.toThrow(
      /cannot be opened: it belongs to user id 54321, and the cluster runs as user id \d+;/,
    );
  });
});
