// npm run restore -- <archive> [--force]: the database and documents of a backup, into an empty database and folder.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { emptyDatabase, relationCount } from "../db/inspect.ts";
import { findPgProgram } from "../db/pg-binaries.ts";
import { resolveDatabase } from "../db/setup.ts";
import { DOCUMENTS, DUMP, documentKeys, mismatchedDocuments, unpackArchive } from "./archive.ts";

const { values, positionals } = parseArgs({ options: { force: { type: "boolean", default: false } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error("usage: npm run restore -- <archive.tar> [--force]");
  process.exit(2);
}
const archive = path.resolve(positionals[0]);
const config = loadConfig(process.env, (m) => console.error(m));
const unpacked = mkdtempSync(path.join(os.tmpdir(), "vs-restore-"));
let stop = async () => {};
try {
  const manifest = unpackArchive(archive, unpacked);
  const damaged = await mismatchedDocuments(path.join(unpacked, DOCUMENTS), manifest.documents);
  if (damaged.length)
    throw new Error(`The archive is damaged: ${damaged.length} document(s) differ from its manifest (${damaged.slice(0, 3).join(", ")}).`);
  const database = await resolveDatabase(config, (m) => console.error(m));
  stop = database.stop;

  const relations = await relationCount(database.url);
  const files = documentKeys(config.uploadDir).length;
  if ((relations || files) && !values.force) {
    const what = [
      relations ? `the database already holds ${relations} tables and sequences` : "",
      files ? `${config.uploadDir} holds ${files} files` : "",
    ];
    throw new Error(
      `Nothing restored: ${what.filter(Boolean).join(" and ")}; restore into an empty database and folder, or pass --force to replace them.`,
    );
  }
  const pgRestore = findPgProgram("pg_restore", manifest.pgDumpMajor);
  if (relations) await emptyDatabase(database.url);
  console.error(`Restoring the database with ${pgRestore.path} (PostgreSQL ${pgRestore.major})`);
  execFileSync(pgRestore.path, ["--no-owner", "--exit-on-error", "--single-transaction", `--dbname=${database.url}`, path.join(unpacked, DUMP)], {
    stdio: ["ignore", "inherit", "inherit"],
  });

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
