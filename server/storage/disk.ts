// The disk driver of Storage: files under the private upload root, temporary files in its ".tmp" folder.
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { copyFile, mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Storage } from "./storage.ts";

/** The keys the application writes (`{user}/[documents/|payments/]{type}_{random uuid}.{ext}`; older uploads end in a
 * timestamp), and temporary ids: both drivers accept nothing else. */
export const KEY = /^[0-9a-f-]{36}(\/documents|\/payments|\/stages)?\/[a-z_]+_(\d+|[0-9a-f-]{36})\.(jpg|jpeg|png|pdf)$/;
export const TEMP = /^[a-f0-9]{32}$/;

export function createDiskStorage(root: string): Storage {
  const tmpDir = path.join(root, ".tmp");
  const inRoot = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  const tempFile = (tempId: string) => {
    if (!TEMP.test(tempId)) throw new Error("Invalid temp id");
    return path.join(tmpDir, tempId);
  };
  /** Streams into a new temporary file; a failed stream leaves nothing behind. */
  async function receive(source: Readable): Promise<{ tempId: string; size: number }> {
    await mkdir(tmpDir, { recursive: true, mode: 0o700 });
    const tempId = randomBytes(16).toString("hex");
    const file = tempFile(tempId);
    try {
      await pipeline(source, createWriteStream(file, { flags: "wx", mode: 0o600 }));
    } catch (err) {
      await rm(file, { force: true });
      throw err;
    }
    return { tempId, size: (await stat(file)).size };
  }
  async function commit(tempId: string, key: string): Promise<void> {
    const target = inRoot(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await rename(tempFile(tempId), target);
  }
  return {
    writeTemp: receive,
    async readTempHead(tempId, n) {
      const handle = await open(tempFile(tempId), "r");
      try {
        const buf = Buffer.alloc(n);
        const { bytesRead } = await handle.read(buf, 0, n, 0);
        return buf.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    commit,
    async discardTemp(tempId) {
      await rm(tempFile(tempId), { force: true });
    },
    async put(key, source) {
      // Through a temporary file, so a reader never sees half a file at the key.
      const { tempId, size } = await receive(source);
      try {
        await commit(tempId, key);
      } catch (err) {
        await rm(tempFile(tempId), { force: true });
        throw err;
      }
      return { size };
    },
    async get(key) {
      // Opened first, so the size and the bytes are those of one file even if the key is replaced meanwhile.
      const handle = await open(inRoot(key), "r").catch((err: NodeJS.ErrnoException) => {
        if (err.code === "ENOENT") return undefined;
        throw err;
      });
      if (!handle) return undefined;
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async copy(fromKey, toKey) {
      const target = inRoot(toKey);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await copyFile(inRoot(fromKey), target);
    },
    async remove(key) {
      await rm(inRoot(key), { force: true });
    },
  };
}
