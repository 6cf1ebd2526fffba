// The archive reader restore relies on: GNU and POSIX tar as GNU tar writes them, and nothing but files and folders.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readArchive } from "../../server/cli/tar-reader.ts";

const work = mkdtempSync(path.join(tmpdir(), "vs-tar-reader-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A folder with `files` (path → content) packed by GNU tar in `format`. */
function pack(name: string, files: Record<string, string>, format = "gnu", prepare?: (dir: string) => void): string {
  const dir = mkdtempSync(path.join(work, "src-"));
  for (const [key, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, key)), { recursive: true });
    writeFileSync(path.join(dir, key), content);
  }
  prepare?.(dir);
  const archive = path.join(work, name);
  const r = spawnSync("tar", [`--format=${format}`, "-cf", archive, "-C", dir, "."], { encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
  return archive;
}

const digest = (s: string) => createHash("sha256").update(s).digest("hex");
// Past ustar's 100-character name field: a GNU long-name entry, or a pax path record.
const long = `documents/${"a".repeat(60)}/${"b".repeat(70)}/passport.jpg`;

describe("readArchive", () => {
  for (const format of ["gnu", "posix"]) {
    it(`reads ${format} archives with long names, writing each file under the folder and hashing it`, async () => {
      const big = "x".repeat(1_500_000);
      const archive = pack(`${format}.tar`, { [long]: "scan", "cluster/base/1/2": big, "manifest.json": "{}" }, format);
      const into = mkdtempSync(path.join(work, "out-"));
      const files = await readArchive(archive, { into });
      expect(Object.fromEntries(files)).toEqual({
        [long]: { size: 4, sha256: digest("scan") },
        "cluster/base/1/2": { size: big.length, sha256: digest(big) },
        "manifest.json": { size: 2, sha256: digest("{}") },
      });
      expect(readFileSync(path.join(into, long), "utf8")).toBe("scan");
      expect(statSync(path.join(into, "cluster/base/1/2")).mode & 0o777).toBe(0o600);
    });
  }

  const refusals: [string, (dir: string) => void, RegExp][] = [
    [
      "a symbolic link",
      (dir) => symlinkSync("/etc/passwd", path.join(dir, "zz")),
      /holds zz, a symbolic link; a backup holds only files and folders\.$/,
    ],
    ["a hard link", (dir) => linkSync(path.join(dir, "a"), path.join(dir, "b")), /holds [ab], a hard link; a backup holds only files and folders\.$/],
    ["a fifo", (dir) => spawnSync("mkfifo", [path.join(dir, "pipe")]), /holds pipe, a fifo; a backup holds only files and folders\.$/],
  ];
  for (const [kind, prepare, message] of refusals) {
    it(`refuses ${kind}, creating no such entry`, async () => {
      const archive = pack(`${kind}.tar`, { a: "a" }, "gnu", prepare);
      const into = mkdtempSync(path.join(work, "out-"));
      await expect(readArchive(archive, { into })).rejects.toThrow(message);
      for (const e of readdirSync(into, { recursive: true, withFileTypes: true })) expect(e.isFile() || e.isDirectory()).toBe(true);
    });
  }

  it("refuses a name given twice and one the caller does not accept", async () => {
    const [one, two] = ["one-", "two-"].map((n) => mkdtempSync(path.join(work, n)));
    writeFileSync(path.join(one, "a"), "first");
    writeFileSync(path.join(two, "a"), "second");
    const twice = path.join(work, "twice.tar");
    spawnSync("tar", ["-cf", twice, "-C", one, "./a", "-C", two, "a"]);
    await expect(readArchive(twice)).rejects.toThrow(/holds a twice\.$/);
    const other = pack("other.tar", { "etc/cron.d/x": "x" });
    await expect(readArchive(other, { accept: (entry) => entry.startsWith("cluster") })).rejects.toThrow(
      /holds etc, which is no part of a backup\.$/,
    );
  });
});
