// The tests' prerequisites step: what it installs and when, and that a person who cannot install is told the one
// command to run before anything else runs.
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "../../server/config.ts";
import { asRoot, NOBODY, nodeForNobody } from "../helpers/nobody.ts";
import { NEEDS, type Need, plan } from "../prerequisites.mjs";

const need = (name: string) => NEEDS.find((n) => n.name === name) as Need;

describe("plan", () => {
  const base = { projects: ["server", "browser"], isRoot: true, hasApt: true, skipBrowser: false };

  it("does nothing when everything is there", () => {
    expect(plan({ ...base, missing: [] })).toEqual({ action: "none", needs: [] });
  });

  it("installs each missing package once, as root with apt-get", () => {
    const steps = plan({ ...base, missing: [need("chromium"), need("caddy"), need("promtool")] });
    expect(steps.action).toBe("install");
    expect(steps.packages).toEqual(["chromium-headless-shell", "caddy", "prometheus"]);
  });

  it("asks only for what the projects about to run need", () => {
    const missing = [need("chromium"), need("caddy")];
    expect(plan({ ...base, projects: ["server"], missing }).packages).toEqual(["caddy"]);
    expect(plan({ ...base, projects: ["browser"], missing }).packages).toEqual(["chromium-headless-shell"]);
    expect(plan({ ...base, skipBrowser: true, missing: [need("chromium")] }).action).toBe("none");
  });

  it("stops without root, naming each thing, why, and the one command to run", () => {
    const steps = plan({ ...base, isRoot: false, missing: [need("chromium"), need("PostgreSQL's programs")] });
    expect(steps.action).toBe("stop");
    expect(steps.message).toContain("  - chromium (the browser tests drive it");
    expect(steps.message).toContain("  - PostgreSQL's programs (the backup tests need a pg_dump");
    expect(steps.message).toContain("sudo apt-get install -y chromium-headless-shell postgresql");
    expect(steps.message).toContain("Nothing was run.");
  });

  it("without apt-get names the packages for the system's own package manager", () => {
    const steps = plan({ ...base, isRoot: false, hasApt: false, missing: [need("systemd-analyze")] });
    expect(steps.action).toBe("stop");
    expect(steps.message).toContain("Install systemd with this system's package manager");
    expect(steps.message).not.toContain("sudo");
  });
});

describe("the command", () => {
  const work = mkdtempSync(path.join(tmpdir(), "vs-prerequisites-"));
  chmodSync(work, 0o755);
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  // A copy anyone can read: the checkout may sit in a folder only root may enter.
  const script = path.join(work, "prerequisites.mjs");
  copyFileSync(path.join(ROOT_DIR, "test", "prerequisites.mjs"), script);
  chmodSync(script, 0o644);

  const run = (args: string[], env: Record<string, string>) =>
    spawnSync(asRoot ? nodeForNobody() : process.execPath, [script, ...args], {
      env: { PATH: process.env.PATH ?? "", ...env },
      encoding: "utf8",
      ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
    });

  it("stops before anything runs when a person without root lacks Chromium, with the command to run", () => {
    const r = run(["browser"], { CHROMIUM_PATH: path.join(work, "no-chromium") });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("chromium (the browser tests drive it");
    expect(r.stderr).toMatch(/sudo apt-get install -y chromium-headless-shell|Install chromium-headless-shell with this system's package manager/);
    expect(r.stdout).toBe("");
  });

  it("lets the browser tests be skipped on purpose, and refuses a project it does not know", () => {
    expect(run(["browser"], { CHROMIUM_PATH: path.join(work, "no-chromium"), SKIP_BROWSER: "1" }).status).toBe(0);
    const r = run(["e2e"], {});
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("Unknown test project: e2e (server or browser).");
  });
});
