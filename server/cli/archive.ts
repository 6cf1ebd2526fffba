// The backup archive: one tar holding the database (the pg_dump custom-format database.dump, or cluster/, a copy of the
// embedded cluster, with its superuser's password), documents/, and manifest.json with every file's SHA-256, signed
// with BACKUP_SIGNING_KEY when it is set.
import { execFileSync } from "node:child_process";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createReadStream, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { type ArchivedFile, type EntryKind, readArchive } from "./tar-reader.ts";

export const DUMP = "database.dump";
export const DOCUMENTS = "documents";
export const MANIFEST = "manifest.json";
/** HMAC-SHA256 of manifest.json under BACKUP_SIGNING_KEY, in hex: present when the key was set at backup. */
export const SIGNATURE = "manifest.sig";
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
  /** Every file in the archive but the manifest and its signature, by path in it (archives before checksums: none). */
  files?: FileEntry[];
  /** The files under documents/, by key in the upload folder. */
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

/** Keys whose file under `root` is missing or differs from the manifest. */
export async function mismatchedDocuments(root: string, expected: FileEntry[]): Promise<string[]> {
  const bad: string[] = [];
  for (const entry of expected) {
    const file = path.join(root, entry.key);
    if (!existsSync(file) || statSync(file).size !== entry.size || (await sha256(file)) !== entry.sha256) bad.push(entry.key);
  }
  return bad;
}

/** Packs `staging` (the database, and `documents` as a link to the upload folder, followed) into `archive`. */
export function packArchive(staging: string, archive: string): void {
  const names = [DUMP, CLUSTER, CLUSTER_SECRET, DOCUMENTS].filter((n) => existsSync(path.join(staging, n)));
  const skip = [...NOT_DOCUMENTS].map((n) => `--exclude=./${DOCUMENTS}/${n}`);
  execFileSync("tar", ["--create", "--dereference", ...skip, "--file", archive, "--directory", staging, ...names.map((n) => `./${n}`)], {
    stdio: ["ignore", "ignore", "pipe"],
  });
}

/** Every file packed in `archive` with its checksum, read back from the archive itself: the manifest lists what is there. */
export async function archivedFiles(archive: string): Promise<{ files: FileEntry[]; documents: FileEntry[] }> {
  const files = [...(await readArchive(archive))].map(([key, f]) => ({ key, ...f })).sort((a, b) => a.key.localeCompare(b.key));
  const prefix = `${DOCUMENTS}/`;
  const documents = files.filter((f) => f.key.startsWith(prefix)).map((f) => ({ ...f, key: f.key.slice(prefix.length) }));
  return { files, documents };
}

const signatureOf = (manifest: Buffer, key: Buffer) => createHmac("sha256", key).update(manifest).digest();

/** Writes the manifest (and, with a key, its signature) into `staging` and appends them to `archive`. */
export function sealArchive(staging: string, archive: string, manifest: Manifest, signingKey: Buffer | undefined): void {
  const text = Buffer.from(JSON.stringify(manifest, null, 2));
  writeFileSync(path.join(staging, MANIFEST), text);
  const names = [MANIFEST];
  if (signingKey) {
    writeFileSync(path.join(staging, SIGNATURE), `${signatureOf(text, signingKey).toString("hex")}\n`);
    names.push(SIGNATURE);
  }
  execFileSync("tar", ["--append", "--file", archive, "--directory", staging, ...names.map((n) => `./${n}`)], {
    stdio: ["ignore", "ignore", "pipe"],
  });
}

/** Whether an entry has its place in a backup archive: the manifest, its signature, the database or a document. */
function isArchivePart(entry: string, kind: EntryKind): boolean {
  const [top, ...rest] = entry.split("/");
  if (top === CLUSTER || top === DOCUMENTS) return kind === "folder" || rest.length > 0;
  return kind === "file" && [MANIFEST, SIGNATURE, DUMP, CLUSTER_SECRET].includes(top);
}

/** Refuses a manifest whose signature is missing or wrong when a key is set (without one, a signature is not checked). */
function checkSignature(archive: string, manifest: Buffer, signature: string | undefined, key: Buffer | undefined, warn: (m: string) => void) {
  if (!key) {
    if (signature !== undefined) warn(`${archive} is signed, but BACKUP_SIGNING_KEY is not set: its signature was not checked.`);
    return;
  }
  if (signature === undefined) {
    throw new Error(`${archive} is not signed, and with BACKUP_SIGNING_KEY set only archives signed with that key are restored.`);
  }
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : "", "hex");
  const expected = signatureOf(manifest, key);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new Error(
      `the signature of ${archive} does not match BACKUP_SIGNING_KEY (the archive was changed after it was made, or signed with another key).`,
    );
  }
}

/**
 * Refuses an archive whose files are not exactly those its manifest lists with their size and SHA-256. Archives made
 * before the manifest listed every file (no `files`) have only their documents checked.
 */
function checkContents(archive: string, manifest: Manifest, found: Map<string, ArchivedFile>) {
  const listed = [...(manifest.files ?? []), ...manifest.documents.map((d) => ({ ...d, key: `${DOCUMENTS}/${d.key}` }))];
  const keys = new Set(listed.map((f) => f.key));
  const problems: string[] = [];
  for (const entry of listed) {
    const file = found.get(entry.key);
    if (!file) problems.push(`${entry.key} is missing`);
    else if (file.size !== entry.size || file.sha256 !== entry.sha256) problems.push(`${entry.key} differs`);
  }
  const unlisted = (key: string) =>
    !keys.has(key) && key !== MANIFEST && key !== SIGNATURE && (manifest.files !== undefined || key.startsWith(`${DOCUMENTS}/`));
  for (const key of found.keys()) if (unlisted(key)) problems.push(`${key} is not in it`);
  if (problems.length) {
    const more = problems.length > 3 ? ` and ${problems.length - 3} more` : "";
    throw new Error(`${archive} does not match its manifest (${problems.slice(0, 3).join(", ")}${more}): it is damaged or was changed.`);
  }
}

/**
 * Unpacks `archive` into `into` (a new private folder) and checks it before anything else is touched: only files and
 * folders inside it, the signature when a key is set, and every file against the manifest's checksums.
 */
export async function unpackArchive(archive: string, into: string, signingKey: Buffer | undefined, warn: (m: string) => void): Promise<Manifest> {
  const found = await readArchive(archive, { into, accept: isArchivePart });
  if (!found.has(MANIFEST)) throw new Error(`${archive} is not a backup archive (no ${MANIFEST}).`);
  const text = readFileSync(path.join(into, MANIFEST));
  const signature = found.has(SIGNATURE) ? readFileSync(path.join(into, SIGNATURE), "utf8").trim() : undefined;
  checkSignature(archive, text, signature, signingKey, warn);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text.toString("utf8")) as Manifest;
  } catch {
    throw new Error(`${archive} is not a backup archive (its ${MANIFEST} is not JSON).`);
  }
  if (manifest.format !== 1 || !Array.isArray(manifest.documents)) throw new Error(`${archive} has an unknown archive format (${manifest.format}).`);
  manifest.database ??= "dump";
  const needed = manifest.database === "cluster" ? [CLUSTER, CLUSTER_SECRET] : [DUMP];
  const missing = needed.filter((n) => !existsSync(path.join(into, n)));
  if (missing.length) throw new Error(`${archive} is not a whole backup archive (no ${missing.join(" or ")}).`);
  if (!manifest.files) {
    if (signingKey) throw new Error(`${archive} records no checksum for its database files.`);
    warn(`${archive} was made before backups recorded a checksum for every file: only its documents are checked against its manifest.`);
  }
  checkContents(archive, manifest, found);
  return manifest;
}
