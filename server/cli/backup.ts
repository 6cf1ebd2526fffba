// npm run backup [-- --out DIR] [--physical]: one timestamped archive of the database and the documents. The database
// goes in as a pg_dump custom-format dump, or, for the embedded cluster when no pg_dump as new as it is installed (or
// with --physical), as a copy of the whole cluster taken while it serves.
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Config, loadConfig } from "../config.ts";
import { copyRunningCluster } from "../db/base-backup.ts";
import { startEmbeddedPostgres } from "../db/embedded.ts";
import { serverMajor } from "../db/inspect.ts";
import { findPgProgram, type PgProgram } from "../db/pg-binaries.ts";
import { pgDumpCommand, runPgProgram } from "../db/pg-client.ts";
import { secretFile } from "../db/roles.ts";
import { resolveDatabase } from "../db/setup.ts";
import { archivedFiles, CLUSTER, CLUSTER_SECRET, DOCUMENTS, DUMP, documentKeys, type Manifest, packArchive, sealArchive } from "./archive.ts";
import { archiveName } from "./backupFolder.ts";

const { values } = parseArgs({
  options: { out: { type: "string" }, physical: { type: "boolean", default: false } },
});
let config: Config;
try {
  config = loadConfig(process.env, (m) => console.error(m));
} catch (err) {
  // A setting is wrong (a malformed BACKUP_SIGNING_KEY, say): its one sentence, without a stack trace.
  console.error((err as Error).message);
  process.exit(2);
}
// BACKUP_DIR by default: /metrics and `npm run doctor` look there for the newest archive.
const outDir = path.resolve(values.out ?? config.backup.dir);
if (values.physical && config.database.url) {
  console.error("--physical copies the embedded PostgreSQL cluster; with DATABASE_URL set, back up with pg_dump (leave --physical out).");
  process.exit(2);
}
const database = await resolveDatabase(config, (m) => console.error(m));
mkdirSync(outDir, { recursive: true, mode: 0o700 });
const staging = mkdtempSync(path.join(outDir, ".staging-"));

/** The pg_dump to use, or undefined when the embedded cluster is to be copied instead. */
function chooseDump(major: number): PgProgram | undefined {
  if (values.physical) return undefined;
  try {
    const server = config.database.url ? `the database server is PostgreSQL ${major}` : `the embedded PostgreSQL is ${major}`;
    return findPgProgram("pg_dump", major, server);
  } catch (err) {
    // DATABASE_URL names a server this command cannot copy: the error says what to install.
    if (config.database.url) throw err;
    console.error(`${err instanceof Error ? err.message : err}\nCopying the embedded cluster instead (it restores into the embedded PostgreSQL).`);
    return undefined;
  }
}

try {
  const major = await serverMajor(database.url);
  const pgDump = chooseDump(major);
  if (pgDump) {
    console.error(`Dumping the database with ${pgDump.path} (PostgreSQL ${pgDump.major})`);
    runPgProgram(pgDump.path, pgDumpCommand(database.url, path.join(staging, DUMP)));
  } else {
    // Already running (resolveDatabase started it or found it): this gives its superuser connection and data folder.
    const cluster = await startEmbeddedPostgres(config.database.embedded);
    console.error(`Copying the embedded PostgreSQL ${major} cluster in ${cluster.dataDir} while it serves`);
    const copy = await copyRunningCluster(cluster.url, cluster.dataDir, path.join(staging, CLUSTER));
    console.error(`Copied the cluster with ${copy.walFiles.length} WAL file(s), consistent at ${copy.stopLsn}`);
    // The superuser's password: the restored cluster keeps the roles (and password hashes) of this one.
    copyFileSync(secretFile(config.database.embedded.dir, "superuser"), path.join(staging, CLUSTER_SECRET));
  }
  // With S3 storage the documents stay in the bucket, which is backed up by its own versioning and replication.
  if (config.storage.driver === "disk" && documentKeys(config.uploadDir).length) symlinkSync(config.uploadDir, path.join(staging, DOCUMENTS));
  // Packed inside the staging folder first: an archive with the final name is always complete.
  const partial = path.join(staging, "archive.tar");
  packArchive(staging, partial);
  // The manifest lists what was packed, read back from the archive: a document uploaded meanwhile is in both or neither.
  const { files, documents } = await archivedFiles(partial);
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: pgDump ? "dump" : "cluster",
    ...(pgDump ? { pgDumpMajor: pgDump.major } : {}),
    serverMajor: major,
    storage: config.storage.driver,
    files,
    documents,
  };
  sealArchive(staging, partial, manifest, config.backup.signingKey);
  const archive = path.join(outDir, archiveName(manifest.createdAt));
  chmodSync(partial, 0o600);
  renameSync(partial, archive);
  console.log(archive);
  const what = pgDump ? "the database" : "the database cluster";
  const signed = config.backup.signingKey ? ", signed with BACKUP_SIGNING_KEY" : "";
  console.error(`Backed up ${what} and ${documents.length} document(s) to ${archive}${signed}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  rmSync(staging, { recursive: true, force: true });
  await database.stop();
}
