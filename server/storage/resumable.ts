// Where resumable uploads wait while their bytes arrive: tus's file store in the upload folder's ".tmp/tus", one data
// file and one JSON file per upload, so any process sharing the folder can continue an upload another one began. Each
// upload in progress also has its row (models/resumableUploads.ts), deleted with its files.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import type { Knex } from "knex";
import type { Config } from "../config.ts";
import { forgetUpload, uploadsRecordedBefore } from "../models/resumableUploads.ts";

/**
 * An upload left unfinished this long is deleted by the clean-up job (and refused if its client comes back): ample for
 * 10 MB over a slow connection, short enough that abandoned ones do not pile up on the disk the database shares.
 */
export const UNFINISHED_UPLOAD_MS = 60 * 60 * 1000;

export function resumableUploadsDir(config: Pick<Config, "uploadDir">): string {
  return path.join(config.uploadDir, ".tmp", "tus");
}

/** tus's file store, whose removal of an upload (finished, cancelled or expired) also deletes the upload's row. */
class RecordedFileStore extends FileStore {
  readonly #db: Knex;

  constructor(db: Knex, options: ConstructorParameters<typeof FileStore>[0]) {
    super(options);
    this.#db = db;
  }

  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } finally {
      await forgetUpload(this.#db, id);
    }
  }
}

export function createResumableStore(db: Knex, config: Pick<Config, "uploadDir">): FileStore {
  return new RecordedFileStore(db, { directory: resumableUploadsDir(config), expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_MS });
}

/** The job (graphile-worker, every ten minutes) that deletes unfinished uploads older than UNFINISHED_UPLOAD_MS. */
export const CLEAN_UPLOADS_TASK = "clean_unfinished_uploads";
export const CLEAN_UPLOADS_CRONTAB = `*/10 * * * * ${CLEAN_UPLOADS_TASK}`;

/** Deletes the unfinished uploads past their hour, their files and their rows; returns how many. */
export async function cleanUnfinishedUploads(db: Knex, config: Pick<Config, "uploadDir">): Promise<number> {
  const store = createResumableStore(db, config);
  let deleted = await store.deleteExpired();
  // Rows past their hour that deleteExpired left: an upload whose last bytes arrived but was never filed (the process
  // stopped), or one whose files are already gone. Either way it no longer counts.
  for (const id of await uploadsRecordedBefore(db, new Date(Date.now() - UNFINISHED_UPLOAD_MS))) {
    deleted += await store.remove(id).then(
      () => 1,
      () => 0,
    );
  }
  return deleted;
}

export interface SpoolUsage {
  /** Unfinished uploads (one JSON file each). */
  uploads: number;
  /** Bytes of every file in the spool: what the uploads received so far, and their JSON files. */
  bytes: number;
  /** When the oldest upload began (its JSON file's time), or null when there is none. */
  oldest: Date | null;
}

/** What the spool holds now, read from the folder (empty when it does not exist). */
export async function spoolUsage(config: Pick<Config, "uploadDir">): Promise<SpoolUsage> {
  const dir = resumableUploadsDir(config);
  const names = await readdir(dir).catch(() => [] as string[]);
  const usage: SpoolUsage = { uploads: 0, bytes: 0, oldest: null };
  for (const name of names) {
    const file = await stat(path.join(dir, name)).catch(() => undefined);
    if (!file?.isFile()) continue;
    usage.bytes += file.size;
    if (!name.endsWith(".json")) continue;
    usage.uploads += 1;
    if (!usage.oldest || file.mtime < usage.oldest) usage.oldest = file.mtime;
  }
  return usage;
}
