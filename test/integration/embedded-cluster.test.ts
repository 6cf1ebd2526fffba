// The embedded cluster starts from a checkout in a folder only its owner may enter (root's 0700 home folder).
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type EmbeddedHandle, startEmbeddedPostgres } from "../../server/db/embedded.ts";
import { embeddedBinaries } from "../../server/db/pg-binaries.ts";
import { readSecret, secretFile } from "../../server/db/roles.ts";
import { query } from "../helpers/sql.ts";

// A home folder like root's: mode 0700, holding a copy of the shipped programs (as node_modules would) and the data.
const home = mkdtempSync(path.join(tmpdir(), "vs-home-"));
const binDir = path.join(home, "checkout", "native", "bin");
cpSync(path.dirname(embeddedBinaries().binDir), path.dirname(binDir), { recursive: true, verbatimSymlinks: true });
const dir = path.join(home, "checkout", ".data", "pg");
const port = 55850 + (process.pid % 100);
let cluster: EmbeddedHandle | undefined;

afterAll(async () => {
  await cluster?.stop();
  // As root, the cluster and a copy of the programs were made outside the home folder.
  if (cluster && cluster.dataDir !== dir) rmSync(cluster.dataDir, { recursive: true, force: true });
  if (cluster && cluster.binDir !== binDir) rmSync(path.dirname(cluster.binDir), { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

describe("embedded PostgreSQL in a folder closed to other users", () => {
  it("creates, serves and finds again the same cluster", { timeout: 120_000 }, async () => {
    expect(statSync(home).mode & 0o777).toBe(0o700);
    cluster = await startEmbeddedPostgres({ dir, port, binDir, throwaway: true });
    await query(cluster.url, "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')");
    const [{ encoding }] = await query(cluster.url, "SELECT pg_encoding_to_char(encoding) AS encoding FROM pg_database WHERE datname = 'postgres'");
    expect(encoding).toBe("UTF8");
    // The superuser's password is random, kept beside the data folder for this user only; the old fixed one fails.
    const passwordFile = secretFile(dir, "superuser");
    expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
    expect(decodeURIComponent(new URL(cluster.url).password)).toBe(readSecret(passwordFile));
    const fixed = new URL(cluster.url);
    fixed.password = "postgres";
    await expect(query(fixed.toString(), "SELECT 1")).rejects.toThrow(/password authentication failed/);
    await cluster.stop();
    // As root the cluster runs as `postgres` and so lives where that user can reach; otherwise in place.
    if (process.getuid?.() === 0) expect(cluster.dataDir).not.toContain(home);
    else expect(cluster.dataDir).toBe(dir);
    expect(existsSync(path.join(cluster.dataDir, "PG_VERSION"))).toBe(true);

    const again = await startEmbeddedPostgres({ dir, port, binDir, throwaway: true });
    cluster = again;
    expect(await query(again.url, "SELECT note FROM kept")).toEqual([{ note: "still here" }]);
  });
});
