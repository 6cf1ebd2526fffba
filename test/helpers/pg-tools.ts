// A PostgreSQL server that the pg_dump and pg_restore on this machine can back up: the test cluster, or one started
// from a full local installation (e.g. Debian's /usr/lib/postgresql/N/bin) when the test cluster is newer than them.
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { startEmbeddedPostgres } from "../../server/db/embedded.ts";
import { serverMajor } from "../../server/db/inspect.ts";
import { findPgProgram } from "../../server/db/pg-binaries.ts";

const PROGRAMS = ["initdb", "postgres", "pg_dump", "pg_restore"];

function localInstallations(): string[] {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => path.join(base, v, "bin"))
    .filter((bin) => PROGRAMS.every((p) => existsSync(path.join(bin, p))));
}

export async function backupableServer(): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  const adminUrl = inject("pgAdminUrl");
  try {
    findPgProgram("pg_dump", await serverMajor(adminUrl));
    return { adminUrl, stop: async () => {} };
  } catch {
    // The test cluster is newer than every pg_dump here: start a cluster of a local installation.
  }
  const [binDir] = localInstallations();
  if (!binDir) {
    throw new Error("No pg_dump can back up the test cluster and no full PostgreSQL installation was found: apt-get install postgresql");
  }
  const dir = mkdtempSync(path.join(tmpdir(), "vs-pg-local-"));
  const cluster = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), port: 55700 + (process.pid % 100), binDir, throwaway: true });
  return {
    adminUrl: cluster.url,
    stop: async () => {
      await cluster.stop();
      rmSync(cluster.dataDir, { recursive: true, force: true });
      if (cluster.binDir !== binDir) rmSync(path.dirname(cluster.binDir), { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
