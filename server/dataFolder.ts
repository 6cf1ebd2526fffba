// The data folder (DATA_DIR) holds what the site writes for itself: the generated secrets, the embedded PostgreSQL and
// its password files. A start on one it cannot write stops with one sentence naming the folder and the fix.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** What the system answers when a folder may not be written: no permission, or a file system mounted read-only. */
const REFUSED = new Set(["EACCES", "EPERM", "EROFS"]);

export function isWriteRefused(err: unknown): boolean {
  return REFUSED.has((err as NodeJS.ErrnoException).code ?? "");
}

/** The sentence for a data folder `dir` that refused a write with `err`. */
export function unwritableDataFolder(dir: string, err: unknown): string {
  if ((err as NodeJS.ErrnoException).code === "EROFS") {
    return `The data folder ${dir} is on a read-only file system (under the systemd unit only ReadWritePaths= may be written): set DATA_DIR to a folder there, e.g. /var/lib/visa-services/data, or mount it read-write.`;
  }
  const user = os.userInfo().username;
  return `The data folder ${dir} cannot be written by the user ${user}, who runs the site: give it to that user (chown -R ${user} ${dir}), or set DATA_DIR to a folder it may write.`;
}

/** Creates `dir` when missing and makes and removes a file in it: the sentence above when refused, else undefined. */
export function dataFolderProblem(dir: string): string | undefined {
  try {
    mkdirSync(dir, { recursive: true });
    rmSync(mkdtempSync(path.join(dir, ".write-check-")), { recursive: true });
    return undefined;
  } catch (err) {
    if (isWriteRefused(err)) return unwritableDataFolder(dir, err);
    throw err;
  }
}
