// A data folder the site may not write stops the start with one sentence naming the folder and the fix (no stack
// trace, nothing written), and a settings check writes nothing there.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, ROOT_DIR } from "../../server/config.ts";
import { siteCommand } from "../helpers/commands.ts";
import { asRoot, NOBODY, nodeForNobody } from "../helpers/nobody.ts";

const work = mkdtempSync(path.join(tmpdir(), "vs-data-folder-"));
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Root writes anywhere its permissions say no: the start then runs as `nobody` (a folder of another user).
const SECRET = "data-folder-test-secret-data-folder-test-secret";

/** A read-only data folder: owned by root, mode 0555 (as root the site runs as nobody, for whom that is read-only). */
function readOnlyFolder(name: string): string {
  const dir = path.join(work, name);
  mkdirSync(dir);
  chmodSync(dir, 0o555);
  return dir;
}

/** The server's start as `npm start` runs it (the build), with `env` over a bare environment. */
function start(env: Record<string, string>, wrap: string[] = []) {
  const asNobody = asRoot && !wrap.length;
  const command = [...wrap, asNobody ? nodeForNobody() : process.execPath, ...siteCommand("index")];
  const r = spawnSync(command[0], command.slice(1), {
    cwd: ROOT_DIR,
    env: { PATH: process.env.PATH, HOME: work, NODE_ENV: "development", PORT: "0", LOG_LEVEL: "warn", ...env },
    encoding: "utf8",
    timeout: 60_000,
    ...(asNobody ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  return { code: r.status, output: `${r.stdout}${r.stderr}`.trim() };
}

const user = asRoot ? "nobody" : userInfo().username;

describe("a read-only data folder", () => {
  it("without SESSION_SECRET: the start says which folder and how to fix it, and writes nothing", { timeout: 60_000 }, () => {
    const dir = readOnlyFolder("no-secret");
    const r = start({ DATA_DIR: dir });
    expect(r.output).toBe(
      `The data folder ${dir} cannot be written by the user ${user}, who runs the site: give it to that user (chown -R ${user} ${dir}), or set DATA_DIR to a folder it may write.`,
    );
    expect(r.code).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("with SESSION_SECRET, before the embedded PostgreSQL is made there", { timeout: 60_000 }, () => {
    const dir = readOnlyFolder("with-secret");
    const r = start({ DATA_DIR: dir, SESSION_SECRET: SECRET });
    expect(r.output).toBe(
      `The data folder ${dir} cannot be written by the user ${user}, who runs the site: give it to that user (chown -R ${user} ${dir}), or set DATA_DIR to a folder it may write.`,
    );
    expect(r.code).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  // A mount namespace of its own with the folder bound read-only, as ProtectSystem=strict leaves a folder outside
  // ReadWritePaths=: root needs nothing else, and root alone may do it.
  it.runIf(asRoot)("on a read-only file system (a read-only bind, as root)", { timeout: 60_000 }, () => {
    const dir = path.join(work, "read-only-mount");
    mkdirSync(dir);
    const bind = ["unshare", "--mount", "--propagation", "private", "sh", "-c", `mount --bind -o ro "${dir}" "${dir}" && exec "$@"`, "sh"];
    const r = start({ DATA_DIR: dir, SESSION_SECRET: SECRET }, bind);
    expect(r.output).toBe(
      `The data folder ${dir} is on a read-only file system (under the systemd unit only ReadWritePaths= may be written): set DATA_DIR to a folder there, e.g. /var/lib/visa-services/data, or mount it read-write.`,
    );
    expect(r.code).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("the settings check (loadConfig as a check)", () => {
  it("generates no SESSION_SECRET into the data folder; the start's loading does", () => {
    const dir = path.join(work, "check");
    const checked = loadConfig({ DATA_DIR: dir }, () => {}, { check: true });
    expect(checked.dataDir).toBe(dir);
    expect(existsSync(dir)).toBe(false);
    const warnings: string[] = [];
    loadConfig({ DATA_DIR: dir }, (m) => warnings.push(m));
    expect(readdirSync(dir)).toEqual(["session-secret"]);
    expect(warnings).toEqual([
      `SESSION_SECRET is not set: generated one and kept it in ${path.join(dir, "session-secret")}. A deployment must set its own.`,
    ]);
  });
});
