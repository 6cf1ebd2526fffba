// Where resumable uploads wait while their bytes arrive: tus's file store in the upload folder's ".tmp/tus", one data
// file and one JSON file per upload, so any process sharing the folder can continue an upload another one began.
import path from "node:path";
import { FileStore } from "@tus/file-store";
import type { Config } from "../config.ts";

/** An upload left unfinished this long is deleted by the clean-up job (and refused if its client comes back). */
export const UNFINISHED_UPLOAD_MS = 24 * 60 * 60 * 1000;

export function resumableUploadsDir(config: Pick<Config, "uploadDir">): string {
  return path.join(config.uploadDir, ".tmp", "tus");
}

export function createResumableStore(config: Pick<Config, "uploadDir">): FileStore {
  return new FileStore({ directory: resumableUploadsDir(config), expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_MS });
}

/** The job (graphile-worker, every hour) that deletes unfinished uploads older than UNFINISHED_UPLOAD_MS. */
export const CLEAN_UPLOADS_TASK = "clean_unfinished_uploads";
export const CLEAN_UPLOADS_CRONTAB = `17 * * * * ${CLEAN_UPLOADS_TASK}`;

/** Deletes the unfinished uploads past their day; returns how many. */
export function cleanUnfinishedUploads(config: Pick<Config, "uploadDir">): Promise<number> {
  return createResumableStore(config).deleteExpired();
}
