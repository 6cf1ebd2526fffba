// Builds the client bundle and the server (server/cli/buildServer.ts) when missing or older than their sources: npm run
// build builds both, `--if-stale` (npm start and the ops commands) only what is stale; the browser tests build the client.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { InlineConfig } from "vite";
import { ROOT_DIR } from "../config.ts";
import { buildServer, SERVER_ENTRY, SERVER_SOURCES } from "./buildServer.ts";

const SOURCES = ["client", "views", "vite.config.ts", "package-lock.json"];
const MANIFEST = path.join(ROOT_DIR, "dist", "client", ".vite", "manifest.json");

function newestMtime(p: string): number {
  const st = statSync(p, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** `output` is missing or older than one of `sources` (paths under the checkout). */
function isStale(output: string, sources: string[]): boolean {
  const built = statSync(output, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return sources.some((s) => newestMtime(path.join(ROOT_DIR, s)) > built);
}

export function clientBuildIsStale(): boolean {
  return isStale(MANIFEST, SOURCES);
}

export interface BuildOptions {
  /** Another output folder than dist/client (the server reads it from CLIENT_DIR). */
  outDir?: string;
  /** Vite settings merged over vite.config.ts. */
  vite?: InlineConfig;
}

export async function buildClient(log: (m: string) => void = console.log, options: BuildOptions = {}): Promise<void> {
  log("Building the client bundle…");
  const { build, mergeConfig } = await import("vite");
  const outDir = options.outDir ?? path.join(ROOT_DIR, "dist", "client");
  // Vite follows NODE_ENV: a build started from tests (NODE_ENV=test) must still be a production bundle.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    const base: InlineConfig = {
      root: ROOT_DIR,
      configFile: path.join(ROOT_DIR, "vite.config.ts"),
      mode: "production",
      logLevel: "warn",
      build: { outDir },
    };
    await build(mergeConfig(base, options.vite ?? {}));
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  compressAssets(path.join(outDir, "assets"));
}

/** Writes .br and .gz next to every script and style sheet, once, for server/middleware/precompressed.ts. */
function compressAssets(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css|svg|json)$/.test(name)) continue;
    const raw = readFileSync(path.join(dir, name));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(raw, { level: 9 }));
    writeFileSync(
      path.join(dir, `${name}.br`),
      brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    );
  }
}

export async function buildIfStale(log: (m: string) => void = console.log): Promise<boolean> {
  if (!clientBuildIsStale()) return false;
  await buildClient(log);
  return true;
}

/** The server build, when missing or older than its sources (npm start, the ops commands, the benchmark). */
export async function buildServerIfStale(log: (m: string) => void = console.log): Promise<boolean> {
  if (!isStale(SERVER_ENTRY, SERVER_SOURCES)) return false;
  await buildServer(log);
  return true;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  if (process.argv.includes("--if-stale")) {
    await buildIfStale();
    await buildServerIfStale();
  } else {
    await buildClient();
    await buildServer();
  }
}
