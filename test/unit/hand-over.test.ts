// Giving a restored cluster to its user never reaches through a link to a file outside it.
import { lstatSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { handOver } from "../../server/db/base-backup.ts";

const asRoot = process.getuid?.() === 0;
const work = mkdtempSync(path.join(tmpdir(), "vs-hand-over-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("handOver", () => {
  it("sets the owner and mode of the tree's own files and folders, and leaves a linked file's alone", () => {
    const outside = path.join(work, "outside.conf");
    writeFileSync(outside, "not the cluster's", { mode: 0o644 });
    const tree = path.join(work, "cluster");
    mkdirSync(path.join(tree, "base"), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(tree, "base", "1"), "data", { mode: 0o644 });
    symlinkSync(outside, path.join(tree, "zz"));
    const before = statSync(outside);
    // As root a cluster is handed to another user; as anyone else only modes change.
    const uid = asRoot ? 4242 : undefined;
    handOver(tree, uid, uid);

    const after = statSync(outside);
    expect([after.uid, after.gid, after.mode & 0o777]).toEqual([before.uid, before.gid, 0o644]);
    expect(statSync(path.join(tree, "base", "1")).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(tree, "base")).mode & 0o777).toBe(0o700);
    if (asRoot) {
      expect(statSync(path.join(tree, "base", "1")).uid).toBe(4242);
      expect(lstatSync(path.join(tree, "zz")).uid).toBe(4242);
    }
  });
});
