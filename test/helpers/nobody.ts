// Running a program as `nobody` from a test that runs as root: to see what a person without root meets.
import { spawnSync } from "node:child_process";

export const NOBODY = 65534;
export const asRoot = process.getuid?.() === 0;

/**
 * A Node that `nobody` can run: this one, unless it sits in a folder only its owner may enter (CI's Node 24 is
 * unpacked under root's home), then the system's.
 */
export function nodeForNobody(): string {
  const probe = spawnSync(process.execPath, ["--version"], { uid: NOBODY, gid: NOBODY });
  return probe.status === 0 ? process.execPath : "/usr/bin/node";
}
