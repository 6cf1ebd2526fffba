// The backup archive: one tar holding manifest.json, the database (the pg_dump custom-format database.dump, or cluster/,
// a copy of the embedded cluster, with its superuser's password) and documents/.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";

export const DUMP = "database.dump";
export const DOCUMENTS = "documents";
export const MANIFEST = "manifest.json";
export const CLUSTER = "cluster";
export const CLUSTER_SECRET = "cluster-superuser.password";
/** Entries of the upload folder that are not documents: unfinished uploads and the repository's placeholder. */
const NOT_DOCUMENTS = new Set([".tmp", ".gitkeep"]);

export interface FileEntry {
  key: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: 1;
  createdAt: string;
  /** How the database is kept: a pg_dump dump, or a copy of the embedded cluster (archives without it: a dump). */
  database?: "dump" | "cluster";
  /** Major version of the pg_dump that wrote the dump: pg_restore must be at least as new. */
  pgDumpMajor?: number;
  serverMajor: number;
  storage: "disk" | "s3";
  documents: FileEntry[];
}

export async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/** Every document under `root` as a key relative to it, sorted (unfinished uploads left out). */
export function documentKeys(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((key) => !NOT_DOCUMENTS.has(key.split(path.sep)[0]))
    .sort();
}

export async function describeDocuments(root: string): Promise<FileEntry[]> {
  const entries: FileEntry[] = [];
  for (const key of documentKeys(root)) {
    const file = path.join(root, key);
    entries.push({ key, size: statSync(file).size, sha256: await sha256(file) });
  }
  return entries;
}

/** Keys whose file under `root` is missing or differs from the manifest. */
export async function mismatchedDocuments(root: string, expected: FileEntry[]): Promise<string[]> {
  const bad: string[] = [];
  for (const entry of expected) {
    const file = path.join(root, entry.key);
    if (!existsSync(file) || statSync(file).size !== entry.size || (await sha256(file)) !== entry.sha256) bad.push(entry.key);
  }
  return bad;
}

/** Packs `staging` (manifest, database, and `documents` as a link to the upload folder, followed) into `archive`. */
export function packArchive(staging: string, archive: string): void {
  const names = [MANIFEST, ...[DUMP, CLUSTER, CLUSTER_SECRET, DOCUMENTS].filter((n) => existsSync(path.join(staging, n)))];
  const skip = [...NOT_DOCUMENTS].map((n) => `--exclude=./${DOCUMENTS}/${n}`);
  execFileSync("tar", ["--create", "--dereference", ...skip, "--file", archive, "--directory", staging, ...names.map((n) => `./${n}`)], {
    stdio: ["ignore", "ignore", "pipe"],
  });
}

export function unpackArchive(archive: string, into: string): Manifest {
  execFileSync("tar", ["--extract", "--no-same-owner", "--file", archive, "--directory", into], { stdio: ["ignore", "ignore", "pipe"] });
  const manifestFile = path.join(into, MANIFEST);
  if (!existsSync(manifestFile)) throw new Error(`${archive} is not a backup archive (no ${MANIFEST}).`);
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  if (manifest.format !== 1) throw new Error(`${archive} has an unknown archive format (${manifest.format}).`);
  manifest.database ??= "dump";
  const needed = manifest.database === "cluster" ? [CLUSTER, CLUSTER_SECRET] : [DUMP];
  const missing = needed.filter((n) => !existsSync(path.join(into, n)));
  if (missing.length) throw new Error(`${archive} is not a whole backup archive (no ${missing.join(" or ")}).`);
  return manifest;
}
