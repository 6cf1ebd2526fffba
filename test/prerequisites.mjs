// What the tests need from the machine beyond Node and the npm packages, installed through apt-get when it can be
// (root on Debian), else named with the one command to run; `npm test` and CI's .ci/run both start with it.
// Plain JavaScript with no packages: CI runs it before `npm ci`.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The browser tests' Chromium: Debian's build of Chromium's headless shell, the headless-only browser Playwright itself
 * runs headless tests in. The same engine (Blink, V8, the network stack) as the full browser without its window layer:
 * a browser file costs 40 % of the full browser's CPU in it (docs/development.md). test/helpers/browser.ts agrees.
 */
export const CHROMIUM_DEFAULT = "/usr/bin/chromium-headless-shell";

/** Each need: the project that has it, how it is found, the Debian package that brings it and why the tests want it. */
export const NEEDS = [
  {
    name: "chromium",
    project: "browser",
    package: "chromium-headless-shell",
    why: "the browser tests drive its headless shell (set CHROMIUM_PATH for another Chromium)",
  },
  {
    name: "systemd-analyze",
    project: "server",
    package: "systemd",
    why: "the deploy recipe's test verifies its systemd units",
  },
  { name: "caddy", project: "server", package: "caddy", why: "the deploy recipe's test validates its Caddyfile" },
  { name: "promtool", project: "server", package: "prometheus", why: "the deploy recipe's test checks its alert rules" },
  {
    name: "PostgreSQL's programs",
    project: "server",
    package: "postgresql",
    why: "the backup tests need a pg_dump and pg_restore as new as their server (no cluster is created)",
  },
  {
    name: "the OCR-B font",
    project: "server",
    package: "fonts-ocr-b",
    why: "the passport-reading tests draw made-up passport zones in it",
  },
];

function onPath(program, env) {
  return (env.PATH ?? "")
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => existsSync(path.join(dir, program)));
}

/** A full PostgreSQL installation as Debian lays it out (/usr/lib/postgresql/N/bin), as test/helpers/pg-tools.ts looks for it. */
function hasPostgresPrograms(base = "/usr/lib/postgresql") {
  if (!existsSync(base)) return false;
  return readdirSync(base).some((v) => ["initdb", "postgres", "pg_dump", "pg_restore"].every((p) => existsSync(path.join(base, v, "bin", p))));
}

/** Whether one need is met on this machine. */
export function present(need, env = process.env) {
  switch (need.name) {
    case "chromium":
      return existsSync(env.CHROMIUM_PATH ?? CHROMIUM_DEFAULT);
    case "PostgreSQL's programs":
      return hasPostgresPrograms();
    case "the OCR-B font":
      return existsSync("/usr/share/fonts/opentype/ocr-b/OCRB.otf");
    default:
      return onPath(need.name, env);
  }
}

/**
 * What to do for the projects about to run: nothing, install `packages` (root with apt-get), or stop with `message`.
 * SKIP_BROWSER=1 (the browser tests skipped on purpose, with their own warning) leaves Chromium out.
 */
export function plan({ projects, missing, isRoot, hasApt, skipBrowser }) {
  const wanted = missing.filter((n) => projects.includes(n.project) && !(skipBrowser && n.project === "browser"));
  if (wanted.length === 0) return { action: "none", needs: [] };
  const packages = [...new Set(wanted.map((n) => n.package))];
  if (isRoot && hasApt) return { action: "install", needs: wanted, packages };
  const command = hasApt ? `sudo apt-get install -y ${packages.join(" ")}` : undefined;
  const lines = [
    "The tests need what this machine does not have:",
    ...wanted.map((n) => `  - ${n.name} (${n.why})`),
    command
      ? `Install it, then run the tests again:\n  ${command}`
      : `Install ${packages.join(", ")} with this system's package manager (the names are Debian's), then run the tests again.`,
    "Nothing was run.",
  ];
  return { action: "stop", needs: wanted, packages, message: lines.join("\n") };
}

function aptGet(args) {
  const result = spawnSync("apt-get", args, {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed (exit ${result.status})`);
}

function install(steps) {
  console.log("Installing what the tests need, from Debian's packages:");
  for (const n of steps.needs) console.log(`  - ${n.package}: ${n.name}, because ${n.why}`);
  if (steps.packages.includes("postgresql")) {
    // Programs only: Debian would otherwise create and start a cluster of its own.
    mkdirSync("/etc/postgresql-common", { recursive: true });
    writeFileSync("/etc/postgresql-common/createcluster.conf", "create_main_cluster = false\n");
  }
  aptGet(["update", "-qq"]);
  aptGet(["install", "-y", "-qq", "-o", "Dpkg::Options::=--force-confold", ...steps.packages]);
}

function main(argv) {
  const projects = argv.length > 0 ? argv : ["server", "browser"];
  const unknown = projects.filter((p) => p !== "server" && p !== "browser");
  if (unknown.length > 0) {
    console.error(`Unknown test project: ${unknown.join(", ")} (server or browser).`);
    return 2;
  }
  const missing = NEEDS.filter((n) => !present(n));
  const steps = plan({
    projects,
    missing,
    isRoot: process.getuid?.() === 0,
    hasApt: onPath("apt-get", process.env),
    skipBrowser: process.env.SKIP_BROWSER === "1",
  });
  if (steps.action === "none") return 0;
  if (steps.action === "stop") {
    console.error(steps.message);
    return 1;
  }
  install(steps);
  const still = NEEDS.filter((n) => steps.needs.includes(n) && !present(n));
  if (still.length > 0) {
    console.error(`Still missing after the install: ${still.map((n) => n.name).join(", ")}.`);
    return 1;
  }
  if (steps.needs.some((n) => n.name === "chromium")) {
    console.log(
      execFileSync(process.env.CHROMIUM_PATH ?? CHROMIUM_DEFAULT, ["--version"])
        .toString()
        .trim(),
    );
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
