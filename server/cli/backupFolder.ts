// The backup folder: how `npm run backup` names its archives, and when the newest one was made (for /metrics and
// `npm run doctor`, which read the folder rather than trust a record that a failed backup could leave behind).
import { readdirSync } from "node:fs";
import path from "node:path";

const ARCHIVE = /^visa-services-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar$/;

/** The archive's file name for a backup made at `createdAt` (an ISO date). */
export function archiveName(createdAt: string): string {
  return `visa-services-${createdAt.replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z")}.tar`;
}

/**
 * When the newest archive in `dir` was made, from its name (a copy or a touch keeps the name, not the time), or
 * undefined when the folder holds none or cannot be read. Only complete archives have the name: a backup in progress
 * packs in a staging folder and renames the finished file.
 */
export function newestBackup(dir: string): { file: string; at: Date } | undefined {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  let newest: { file: string; at: Date } | undefined;
  for (const name of names) {
    const m = name.match(ARCHIVE);
    if (!m) continue;
    const at = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
    if (!newest || at > newest.at) newest = { file: path.join(dir, name), at };
  }
  return newest;
}
