// The disk driver of Storage, on real files: keys and streams in, no filesystem path out.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, describe, expect, it } from "vitest";
import { createDiskStorage } from "../../server/storage/disk.ts";
import { filesUnder } from "../helpers/files.ts";

const root = mkdtempSync(path.join(tmpdir(), "storage-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createDiskStorage(root);
const user = randomUUID();
const key = (name: string) => `${user}/documents/${name}_${Date.now()}.pdf`;
const body = (s: string) => Readable.from([Buffer.from(s)]);

describe("disk storage", () => {
  it("keeps a received file out of sight until it is committed to a key", async () => {
    const { tempId, size } = await storage.writeTemp(body("%PDF-1.4 hello"));
    expect(size).toBe(14);
    expect((await storage.readTempHead(tempId, 4)).toString()).toBe("%PDF");
    expect((await storage.readTempHead(tempId, 4100)).length).toBe(14);
    const k = key("bank_statement");
    expect(await storage.get(k)).toBeUndefined();
    await storage.commit(tempId, k);
    const stored = await storage.get(k);
    expect(stored?.size).toBe(14);
    expect(await text(stored?.stream ?? Readable.from([]))).toBe("%PDF-1.4 hello");
    expect(filesUnder(path.join(root, ".tmp"))).toEqual([]);
  });

  it("discards a temporary file, and a second discard is no error", async () => {
    const { tempId } = await storage.writeTemp(body("x"));
    await storage.discardTemp(tempId);
    await storage.discardTemp(tempId);
    await expect(storage.readTempHead(tempId, 1)).rejects.toThrow();
  });

  it("puts, copies and removes by key", async () => {
    const from = key("transcript");
    expect(await storage.put(from, body("original"))).toEqual({ size: 8 });
    const to = `${randomUUID()}/documents/transcript_${Date.now()}.pdf`;
    await storage.copy(from, to);
    await storage.remove(from);
    expect(await storage.get(from)).toBeUndefined();
    const copied = await storage.get(to);
    expect(await text(copied?.stream ?? Readable.from([]))).toBe("original");
    await storage.remove(to);
    await storage.remove(to);
    await expect(storage.copy(from, to)).rejects.toThrow();
  });

  it("refuses keys and temporary ids that could name a path outside its root", async () => {
    await expect(storage.put(`../${user}/documents/x_1.pdf`, body("x"))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get("../../etc/passwd")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.readTempHead("../x", 1)).rejects.toThrow(/Invalid temp id/);
    expect(filesUnder(root).some((f) => f.includes(".."))).toBe(false);
  });
});
