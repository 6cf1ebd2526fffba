// Takes a real backup archive apart and packs it again with GNU tar, as npm run backup does, to build damaged or
// hostile archives from it: a file changed, a link or a path out of the folder added, the manifest edited or signed.
import { spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Manifest } from "../../server/cli/archive.ts";

function tar(args: string[]): void {
  const r = spawnSync("tar", args, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`tar ${args.join(" ")} failed: ${r.stderr}`);
}

/** The archive's contents in a new folder under `work`. */
export function unpack(archive: string, work: string): string {
  const dir = mkdtempSync(path.join(work, "unpacked-"));
  tar(["-xf", archive, "-C", dir]);
  return dir;
}

/** Packs `dir` into `archive`; `extra` tar options come first (e.g. --transform to give an entry any name at all). */
export function repack(dir: string, archive: string, extra: string[] = []): string {
  tar(["-cPf", archive, ...extra, "-C", dir, "."]);
  return archive;
}

export function editManifest(dir: string, edit: (m: Manifest) => void): void {
  const file = path.join(dir, "manifest.json");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest;
  edit(manifest);
  writeFileSync(file, JSON.stringify(manifest, null, 2));
}

/** Signs the manifest as backup does with BACKUP_SIGNING_KEY `keyHex`. */
export function signManifest(dir: string, keyHex: string): void {
  const manifest = readFileSync(path.join(dir, "manifest.json"));
  writeFileSync(path.join(dir, "manifest.sig"), `${createHmac("sha256", Buffer.from(keyHex, "hex")).update(manifest).digest("hex")}\n`);
}
