// The deployment recipe in deploy/, checked with the real tools from Debian's packages (systemd-analyze, caddy,
// promtool) and the app's own configuration loader, so a unit, the Caddyfile or env.example cannot rot unnoticed.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { productionNodeArgs } from "../../server/cli/buildServer.ts";
import { ConfigError, loadConfig, ROOT_DIR } from "../../server/config.ts";
import { envSchema } from "../../server/envSchema.ts";

const DEPLOY = path.join(ROOT_DIR, "deploy");
const scratch = mkdtempSync(path.join(os.tmpdir(), "vs-deploy-recipe-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs a tool of the recipe; a missing one fails with the package that brings it, never a skip. */
function run(tool: string, pkg: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(tool, args, { encoding: "utf8", env, cwd: scratch });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") {
    throw new Error(`${tool} is not installed: apt-get install -y ${pkg} (npm test installs it when run as root)`);
  }
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}

const UNITS = ["visa-services.service", "visa-services-worker.service", "visa-services-backup.service", "visa-services-backup.timer"];

/**
 * A root for `systemd-analyze verify --root`: the system's own units (the targets ours depend on), ours in
 * /etc/systemd/system, and stand-ins for exactly the programs the recipe installs, so a unit naming any other
 * program fails here whatever the test machine has in /usr/bin.
 */
function verifyRoot(): string {
  const root = path.join(scratch, "root");
  cpSync("/usr/lib/systemd/system", path.join(root, "usr/lib/systemd/system"), { recursive: true, verbatimSymlinks: true });
  mkdirSync(path.join(root, "etc/systemd/system"), { recursive: true });
  for (const unit of readdirSync(DEPLOY).filter((f) => /\.(service|timer)$/.test(f))) {
    cpSync(path.join(DEPLOY, unit), path.join(root, "etc/systemd/system", unit));
  }
  mkdirSync(path.join(root, "usr/bin"), { recursive: true });
  for (const program of ["node", "npm", "find"]) {
    writeFileSync(path.join(root, "usr/bin", program), "#!/bin/sh\n");
    chmodSync(path.join(root, "usr/bin", program), 0o755);
  }
  return root;
}

describe("systemd units", () => {
  it("are all in deploy/", () => {
    expect(readdirSync(DEPLOY).filter((f) => /\.(service|timer)$/.test(f))).toEqual(expect.arrayContaining(UNITS));
  });

  it.each(UNITS)("%s passes systemd-analyze verify without a word about it", (unit) => {
    run("systemd-analyze", "systemd", ["--version"]); // before the root is built from the package's own units
    const root = existsSync(path.join(scratch, "root")) ? path.join(scratch, "root") : verifyRoot();
    const { status, output } = run("systemd-analyze", "systemd", ["verify", `--root=${root}`, unit]);
    // Unknown keys and bad values are only warnings (exit 0), so any line naming this unit fails too. (Units it pulls
    // in are verified with it; their warnings fail their own case.)
    const ours = output.split("\n").filter((line) => line.includes(unit));
    expect(ours).toEqual([]);
    expect(status, output).toBe(0);
  });

  it("give the site write access to its data folder only, and signal the server alone", () => {
    const unit = readFileSync(path.join(DEPLOY, "visa-services.service"), "utf8");
    for (const line of [
      "User=visa-services",
      "EnvironmentFile=/etc/visa-services/env",
      "ProtectSystem=strict",
      "ReadWritePaths=/var/lib/visa-services",
      "NoNewPrivileges=yes",
      "PrivateTmp=yes",
      "ProtectHome=yes",
      "KillMode=mixed",
      "Restart=on-failure",
    ]) {
      expect(unit.split("\n")).toContain(line);
    }
    expect(unit.match(/^ReadWritePaths=.*$/gm)).toEqual(["ReadWritePaths=/var/lib/visa-services"]);
  });

  it.each([
    ["visa-services.service", "dist/server/index.js"],
    ["visa-services-worker.service", "dist/server/worker.js"],
  ])("%s runs the built JavaScript as npm start does, with the heap limit of NODE_HEAP_MB defaulting to the app's own", (name, entry) => {
    const lines = readFileSync(path.join(DEPLOY, name), "utf8").split("\n");
    // npm start's node flags, the heap limit from the setting.
    const flags = productionNodeArgs(256).map((f) => f.replace("--max-old-space-size=256", `--max-old-space-size=\${NODE_HEAP_MB}`));
    expect(lines.filter((l) => l.startsWith("ExecStart="))).toEqual([`ExecStart=/usr/bin/node ${flags.join(" ")} ${entry}`]);
    // Before the settings file, which overrides it (systemd reads EnvironmentFile= after Environment=).
    const fallback = lines.indexOf(`Environment=NODE_HEAP_MB=${loadConfig({ SESSION_SECRET: "s".repeat(32) }, () => {}).heapMb}`);
    expect(fallback).toBeGreaterThan(-1);
    expect(fallback).toBeLessThan(lines.indexOf("EnvironmentFile=/etc/visa-services/env"));
    expect(lines.join("\n")).not.toContain("tsx");
  });
});

describe("Caddyfile", () => {
  it("passes caddy validate with the site's domain set", () => {
    const env = { ...process.env, SITE_DOMAIN: "horizongate.ng", XDG_DATA_HOME: scratch, XDG_CONFIG_HOME: scratch };
    const { status, output } = run("caddy", "caddy", ["validate", "--config", path.join(DEPLOY, "Caddyfile"), "--adapter", "caddyfile"], env);
    expect(status, output).toBe(0);
    expect(output).toContain("Valid configuration");
  });
});

describe("Prometheus rules", () => {
  const ruleFiles = readdirSync(DEPLOY)
    .filter((f) => f === "alerts.yml" || f.endsWith(".rules.yml"))
    .map((f) => path.join(DEPLOY, f));

  it("pass promtool check rules (the tool is required even before any rule file exists)", () => {
    const version = run("promtool", "prometheus", ["--version"]);
    expect(version.status, version.output).toBe(0);
    if (ruleFiles.length === 0) return;
    const { status, output } = run("promtool", "prometheus", ["check", "rules", ...ruleFiles]);
    expect(status, output).toBe(0);
  });
});

describe("env.example", () => {
  const text = readFileSync(path.join(DEPLOY, "env.example"), "utf8");
  const example = parseEnv(text) as Record<string, string>;
  const placeholders = Object.keys(example).filter((k) => example[k] === "CHANGE_ME");
  /** What docs/operating/deploy.md says to put in place of each CHANGE_ME. */
  const filled = (): Record<string, string> => ({
    ...example,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    BACKUP_SIGNING_KEY: randomBytes(32).toString("hex"),
    PUBLIC_URL: "https://horizongate.ng",
    SMTP_URL: "smtps://apikey:s3cret@smtp.example.com:465",
  });

  it("names every setting of server/envSchema.ts", () => {
    const settings = Object.keys(envSchema.shape);
    expect(settings.length).toBeGreaterThan(40);
    const named = new Set([...text.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    expect(settings.filter((s) => !named.has(s))).toEqual([]);
  });

  it("is refused as it stands, naming each CHANGE_ME setting", () => {
    expect(placeholders.sort()).toEqual(["BACKUP_SIGNING_KEY", "PUBLIC_URL", "SESSION_SECRET", "SMTP_URL"]);
    let error: unknown;
    try {
      loadConfig({ ...example }, () => {});
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    for (const key of placeholders) expect((error as Error).message).toContain(`${key}:`);
  });

  it("loads as production once the placeholders are filled in as deploy.md says", () => {
    const deployDoc = readFileSync(path.join(ROOT_DIR, "docs/operating/deploy.md"), "utf8");
    for (const key of placeholders) expect(deployDoc).toContain(`| \`${key}\` |`);
    const warnings: string[] = [];
    const config = loadConfig(filled(), (m) => warnings.push(m));
    expect(warnings).toEqual([]);
    expect(config.isProd).toBe(true);
    expect(config.publicUrl).toBe("https://horizongate.ng");
    expect(config.host).toBe("127.0.0.1");
    expect(config.trustProxy).toBe("loopback");
    expect(config.dataDir).toBe("/var/lib/visa-services/data");
    expect(config.uploadDir).toBe("/var/lib/visa-services/uploads");
    expect(config.mail.dir.startsWith("/var/lib/visa-services/")).toBe(true);
    expect(config.database.embedded.dir.startsWith("/var/lib/visa-services/")).toBe(true);
    expect(config.database.url).toBeUndefined();
    expect(config.backup.signingKey?.length).toBe(32);
  });

  it("loads the managed-PostgreSQL variant with its DATABASE_URL line uncommented", () => {
    const line = text.match(/^# (DATABASE_URL=.*)$/m)?.[1];
    expect(line).toBeDefined();
    const managed = { ...filled(), ...(parseEnv(line as string) as Record<string, string>), MAIL_WORKER: "false" };
    const config = loadConfig(managed, () => {});
    expect(config.database.url).toMatch(/^postgres:\/\//);
    expect(config.mail.inProcessWorker).toBe(false);
  });
});
