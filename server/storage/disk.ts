// File storage on local disk under the private upload root. Controllers only see keys ("{user}/documents/x.pdf").
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, constants as fsConstants, type ReadStream } from "node:fs";
import { copyFile, mkdir, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface Storage {
  /** Streams `source` into a temporary file; returns its handle. Nothing is visible under a key yet. */
  writeTemp(source: Readable): Promise<{ tempId: string; size: number }>;
  /** Moves a temporary file to its final key. */
  commit(tempId: string, key: string): Promise<void>;
  discardTemp(tempId: string): Promise<void>;
  open(key: string): ReadStream;
  size(key: string): Promise<number | undefined>;
  remove(key: string): Promise<void>;
  /** Copies the file at `fromKey` to `toKey`; fails when `fromKey` does not exist. */
  copy(fromKey: string, toKey: string): Promise<void>;
  /** First bytes of a temporary file (for type detection). */
  tempPath(tempId: string): string;
}

/** `{user}/[documents/]{type}_{random uuid}.{ext}`; keys of older uploads end in a timestamp instead. */
const KEY = /^[0-9a-f-]{36}(\/documents)?\/[a-z_]+_(\d+|[0-9a-f-]{36})\.(jpg|jpeg|png|pdf)$/;
const TEMP = /^[a-f0-9]{32}$/;

export function createDiskStorage(root: string): Storage {
  const tmpDir = path.join(root, ".tmp");
  const inRoot = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  const tempPath = (tempId: string) => {
    if (!TEMP.test(tempId)) throw new Error("Invalid temp id");
    return path.join(tmpDir, tempId);
  };
  return {
    async writeTemp(source) {
      await mkdir(tmpDir, { recursive: true, mode: 0o700 });
      const tempId = randomBytes(16).toString("hex");
      const file = tempPath(tempId);
      try {
        await pipeline(source, createWriteStream(file, { flags: "wx", mode: 0o600 }));
      } catch (err) {
        await rm(file, { force: true });
        throw err;
      }
      return { tempId, size: (await stat(file)).size };
    },
    async commit(tempId, key) {
      const target = inRoot(key);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await rename(tempPath(tempId), target);
    },
    async discardTemp(tempId) {
      await rm(tempPath(tempId), { force: true });
    },
    open: (key) => createReadStream(inRoot(key)),
    async size(key) {
      try {
        return (await stat(inRoot(key))).size;
      } catch {
        return undefined;
      }
    },
    async remove(key) {
      await unlink(inRoot(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT") throw err;
      });
    },
    async copy(fromKey, toKey) {
      const target = inRoot(toKey);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await copyFile(inRoot(fromKey), target, fsConstants.COPYFILE_EXCL);
    },
    tempPath,
  };
}
