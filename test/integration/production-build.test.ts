// The production build (dist/server) runs as the systemd unit runs it: plain JavaScript, no TypeScript loader. A probe
// loaded first records every module the process loads; the same probe on the sources under tsx shows what it would
// catch. The database is a migrated clone, so the compiled migrations must be known by the names Knex recorded.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServerIfStale } from "../../server/cli/build.ts";
import { ROOT_DIR } from "../../server/config.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/db.ts";
import { startServerProcess } from "../helpers/server.ts";

const PROBE = path.join(ROOT_DIR, "test", "helpers", "module-probe.mjs");
const scratch = mkdtempSync(path.join(tmpdir(), "vs-production-build-"));
let database: TestDatabase;

beforeAll(async () => {
  await buildServerIfStale(() => {});
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await database?.drop();
  rmSync(scratch, { recursive: true, force: true });
});

/** Starts a server with the probe, asks for a marketing page and the sign-in page, stops it; the modules it loaded. */
async function modulesLoaded(name: string, built?: { heapMb: number }): Promise<{ modules: string[]; pages: string[]; command: string[] }> {
  const file = path.join(scratch, `${name}.txt`);
  const server = await startServerProcess(
    database.url,
    { MODULE_PROBE_FILE: file },
    { nodeArgs: ["--import", PROBE], built, sources: !built, startTimeoutMs: 60_000 },
  );
  try {
    const pages = [];
    for (const p of ["/about", "/signin"]) {
      const res = await fetch(`${server.url}${p}`);
      expect(res.status).toBe(200);
      pages.push(await res.text());
    }
    const command = readFileSync(`/proc/${server.pid}/cmdline`, "utf8").split("\0");
    return { modules: readFileSync(file, "utf8").trim().split("\n"), pages, command };
  } finally {
    await server.stop();
  }
}

const transpiled = (modules: string[]) => modules.filter((m) => /\/node_modules\/(tsx|esbuild)\/|\.tsx?$/.test(m));

describe("the production build", () => {
  it("serves rendered pages with no TypeScript loader and no TypeScript module in the process", async () => {
    const { modules, pages, command } = await modulesLoaded("built", { heapMb: 192 });
    expect(command).toEqual(expect.arrayContaining(["--enable-source-maps", "--max-old-space-size=192"]));
    expect(pages[0]).toContain("<h1");
    expect(pages[1]).toContain('name="email"');
    // The probe saw the process's own code, the built entry; the views it rendered came from there too, not views/.
    expect(modules).toContain(`file://${ROOT_DIR}/dist/server/index.js`);
    const ownFiles = modules.filter((m) => m.startsWith("file://") && !m.includes("/node_modules/"));
    expect(ownFiles.filter((m) => !m.startsWith(`file://${ROOT_DIR}/dist/server/`))).toEqual([]);
    expect(transpiled(modules)).toEqual([]);
  }, 120_000);

  it("is told apart from the sources run through tsx, which the same probe catches", async () => {
    const { modules } = await modulesLoaded("tsx");
    expect(transpiled(modules)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/node_modules\/tsx\//), `file://${ROOT_DIR}/server/index.ts`]),
    );
  }, 120_000);
});
