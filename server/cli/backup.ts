// npm run backup [-- --out DIR]: one timestamped archive of the database (pg_dump custom format) and the documents.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig, ROOT_DIR } from "../config.ts";
import { serverMajor } from "../db/inspect.ts";
import { findPgProgram } from "../db/pg-binaries.ts";
import { resolveDatabase } from "../db/setup.ts";
import { DOCUMENTS, DUMP, describeDocuments, MANIFEST, type Manifest, packArchive } from "./archive.ts";

const { values } = parseArgs({ options: { out: { type: "string", default: path.join(ROOT_DIR, "backups") } } });
const outDir = path.resolve(values.out as string);
const config = loadConfig(process.env, (m) => console.error(m));
const database = await resolveDatabase(config, (m) => console.error(m));
mkdirSync(outDir, { recursive: true, mode: 0o700 });
const staging = mkdtempSync(path.join(outDir, ".staging-"));
try {
  const major = await serverMajor(database.url);
  const pgDump = findPgProgram("pg_dump", major);
  console.error(`Dumping the database with ${pgDump.path} (PostgreSQL ${pgDump.major})`);
  execFileSync(pgDump.path, ["--format=custom", "--no-owner", "--file", path.join(staging, DUMP), `--dbname=${database.url}`], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  // With S3 storage the documents stay in the bucket, which is backed up by its own versioning and replication.
  const documents = config.storage.driver === "disk" ? await describeDocuments(config.uploadDir) : [];
  if (documents.length) symlinkSync(config.uploadDir, path.join(staging, DOCUMENTS));
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    pgDumpMajor: pgDump.major,
    serverMajor: major,
    storage: config.storage.driver,
    documents,
  };
  writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
  const stamp = manifest.createdAt.replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  const archive = path.join(outDir, `visa-services-${stamp}.tar`);
  // Packed inside the staging folder first: an archive with the final name is always complete.
  const partial = path.join(staging, "archive.tar");
  packArchive(staging, partial);
  chmodSync(partial, 0o600);
  renameSync(partial, archive);
  console.log(archive);
  console.error(`Backed up the database and ${documents.length} document(s) to ${archive}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  rmSync(staging, { recursive: true, force: true });
  await database.stop();
}
