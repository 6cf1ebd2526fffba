// Reads a tar archive itself, entry by entry, instead of handing it to tar: only regular files and folders with
// relative paths that stay inside it are accepted (never a link, device or fifo), and every file is hashed as it is read.
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import path from "node:path";

const BLOCK = 512;
const CHUNK = 1 << 20;

export interface ArchivedFile {
  size: number;
  sha256: string;
}

export type EntryKind = "file" | "folder";

/** What a tar type flag is, for the sentence that refuses it. */
const OTHER_KINDS: Record<string, string> = {
  "1": "a hard link",
  "2": "a symbolic link",
  "3": "a character device",
  "4": "a block device",
  "6": "a fifo",
  S: "a sparse file",
  D: "an incremental dump folder",
  M: "a multi-volume continuation",
  V: "a volume label",
  g: "global pax settings",
};

const text = (b: Buffer) => {
  const end = b.indexOf(0);
  return b.subarray(0, end === -1 ? b.length : end).toString("utf8");
};

function octal(field: Buffer, what: string): number {
  const digits = text(field).trim();
  if (!/^[0-7]+$/.test(digits)) throw new Error(`has a damaged ${what} in an entry header`);
  return Number.parseInt(digits, 8);
}

/** A size field: octal, or (for 8 GiB and more) base-256 with the top bit set, as GNU tar writes it. */
function sizeOf(header: Buffer): number {
  const field = header.subarray(124, 136);
  if (!(field[0] & 0x80)) return octal(field, "size");
  let n = BigInt(field[0] & 0x7f);
  for (const byte of field.subarray(1)) n = (n << 8n) | BigInt(byte);
  return Number(n);
}

function checksumMatches(header: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i];
  return sum === octal(header.subarray(148, 156), "checksum");
}

/** The name in a header: POSIX ustar joins its prefix field; GNU tar keeps other data there and writes long names apart. */
function headerName(header: Buffer): string {
  const name = text(header.subarray(0, 100));
  const ustar = header.subarray(257, 263).toString("latin1") === "ustar\0";
  const prefix = ustar ? text(header.subarray(345, 500)) : "";
  return prefix ? `${prefix}/${name}` : name;
}

/** Pax extended header records: "<length> <key>=<value>\n". */
function paxRecords(data: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    const length = Number(data.subarray(at, space).toString("latin1"));
    if (space === -1 || !Number.isInteger(length) || length <= 0) throw new Error("has a damaged pax header");
    const record = data.subarray(space + 1, at + length - 1).toString("utf8");
    const eq = record.indexOf("=");
    records[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return records;
}

/** The entry's path inside the archive ("./a//b" is "a/b"; "" is the archive's own folder); refuses escapes. */
function entryPath(raw: string): string {
  if (raw.startsWith("/")) throw new Error(`holds ${raw}, an absolute path`);
  const parts = raw.split("/").filter((p) => p !== "" && p !== ".");
  if (parts.includes("..")) throw new Error(`holds ${raw}, a path that climbs out of its folder with ..`);
  return parts.join("/");
}

async function readExactly(fh: FileHandle, length: number, position: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buffer, 0, length, position);
  if (bytesRead < length) throw new Error("is truncated");
  return buffer;
}

/** Hashes `size` bytes at `position`, writing them to a new file `target` (never an existing one) when given. */
async function copyOut(fh: FileHandle, position: number, size: number, target: string | undefined): Promise<ArchivedFile> {
  const hash = createHash("sha256");
  const out = target ? await open(target, "wx", 0o600) : undefined;
  try {
    const buffer = Buffer.alloc(Math.min(CHUNK, Math.max(size, 1)));
    for (let done = 0; done < size; ) {
      const { bytesRead } = await fh.read(buffer, 0, Math.min(buffer.length, size - done), position + done);
      if (!bytesRead) throw new Error("is truncated");
      const chunk = buffer.subarray(0, bytesRead);
      hash.update(chunk);
      if (out) await out.write(chunk);
      done += bytesRead;
    }
  } finally {
    await out?.close();
  }
  return { size, sha256: hash.digest("hex") };
}

/**
 * Reads every entry of `archive`; with `into`, writes its folders (0700) and files (0600) below that folder, which must
 * be new and private. `accept` says which paths belong in such an archive. Returns each file's size and SHA-256 by
 * path. Throws one sentence naming the archive and the first entry refused: a link, device, fifo, absolute path,
 * `..`, a path given twice or one `accept` refuses. Nothing outside `into` is ever written.
 */
export async function readArchive(
  archive: string,
  opts: { into?: string; accept?: (entry: string, kind: EntryKind) => boolean } = {},
): Promise<Map<string, ArchivedFile>> {
  const files = new Map<string, ArchivedFile>();
  const seen = new Set<string>();
  const fh = await open(archive, "r");
  try {
    let position = 0;
    let longName: string | undefined;
    let pax: Record<string, string> = {};
    for (;;) {
      const header = await readExactly(fh, BLOCK, position);
      position += BLOCK;
      if (header.every((b) => b === 0)) break;
      if (!checksumMatches(header)) throw new Error(`has a damaged entry header at byte ${position - BLOCK}`);
      const type = header[156] ? String.fromCharCode(header[156]) : "0";
      const ownSize = sizeOf(header);
      const dataAt = position;
      // Headers that describe the next entry: a GNU long name or link target, or pax records.
      if (type === "L" || type === "K" || type === "x") {
        const data = await readExactly(fh, ownSize, dataAt);
        if (type === "L") longName = text(data);
        if (type === "x") pax = paxRecords(data);
        position += Math.ceil(ownSize / BLOCK) * BLOCK;
        continue;
      }
      if (pax.size !== undefined && !/^\d+$/.test(pax.size)) throw new Error("has a damaged pax size");
      const size = pax.size === undefined ? ownSize : Number(pax.size);
      const name = entryPath(pax.path ?? longName ?? headerName(header));
      longName = undefined;
      pax = {};
      position += Math.ceil(size / BLOCK) * BLOCK;

      const kind: EntryKind | undefined = type === "0" || type === "7" ? "file" : type === "5" ? "folder" : undefined;
      if (!kind) throw new Error(`holds ${name}, ${OTHER_KINDS[type] ?? `an entry of type ${type}`}; a backup holds only files and folders`);
      if (name === "" && kind === "folder") continue;
      if (seen.has(name)) throw new Error(`holds ${name} twice`);
      seen.add(name);
      if (opts.accept && !opts.accept(name, kind)) throw new Error(`holds ${name}, which is no part of a backup`);
      const target = opts.into ? path.join(opts.into, name) : undefined;
      if (kind === "folder") {
        if (target) mkdirSync(target, { recursive: true, mode: 0o700 });
        continue;
      }
      if (target) mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      files.set(name, await copyOut(fh, dataAt, size, target));
    }
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    // A file system error (a file and a folder of one name, a full disk) is not a sentence about the archive.
    throw new Error((err as NodeJS.ErrnoException).code ? `${archive} could not be unpacked: ${reason}.` : `${archive} ${reason}.`);
  } finally {
    await fh.close();
  }
  return files;
}
