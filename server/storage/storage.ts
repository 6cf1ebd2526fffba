// The file storage contract: keys and streams only, so a disk folder and an object store are two drivers of it.
import type { Readable } from "node:stream";

/**
 * Where uploaded files live. A key names a stored file ("{user}/documents/bank_statement_1700000000000.pdf"); a
 * temporary file is one received but not yet accepted, named by an opaque id. Nothing here exposes a filesystem
 * path: a driver may keep temporary files on disk, in memory or as objects.
 */
export interface Storage {
  /** Streams `source` into a new temporary file; nothing is visible under a key yet. */
  writeTemp(source: Readable): Promise<{ tempId: string; size: number }>;
  /** Up to the first `n` bytes of a temporary file (fewer when the file is shorter), to check its type. */
  readTempHead(tempId: string, n: number): Promise<Buffer>;
  /** Makes a temporary file the file at `key` (replacing any file there); the temporary file is gone afterwards. */
  commit(tempId: string, key: string): Promise<void>;
  /** Drops a temporary file; a missing one is not an error. */
  discardTemp(tempId: string): Promise<void>;
  /** Stores `source` at `key` (replacing any file there); returns the stored size. */
  put(key: string, source: Readable): Promise<{ size: number }>;
  /** The file at `key` as a stream with its size, or undefined when there is none. */
  get(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  /** Copies the file at `fromKey` to `toKey`; fails when `fromKey` does not exist. */
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Deletes the file at `key`; a missing one is not an error. */
  remove(key: string): Promise<void>;
}
