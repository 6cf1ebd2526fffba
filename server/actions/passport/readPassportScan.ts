// The job that reads an uploaded passport scan's machine-readable zone (queued by the upload, run by the job worker:
// never in a web request). It reads the file the job names, only while it is still that application's scan.
import type { Knex } from "knex";
import type { Logger } from "pino";
import { addJob } from "../../models/jobs.ts";
import { recordRead } from "../../models/passportReads.ts";
import { imageOf, readZone } from "../../passport/ocr.ts";
import type { Storage } from "../../storage/storage.ts";

export const PASSPORT_READ_TASK = "passport_read";

/** Inside the upload's transaction: queues the read of the application's new scan (a newer upload's job replaces it). */
export async function queuePassportRead(trx: Knex.Transaction, applicationId: string, scanPath: string): Promise<void> {
  await addJob(trx, PASSPORT_READ_TASK, { applicationId, scanPath }, { maxAttempts: 3, jobKey: `passport-read:${applicationId}` });
}

/** Largest scan read: a bigger file is kept but not read (a phone photo is under 15 MB). */
const MAX_READ_BYTES = 25 * 1024 * 1024;

async function readAll(storage: Storage, key: string): Promise<Buffer | undefined> {
  const file = await storage.get(key);
  if (!file) return undefined;
  if (file.size > MAX_READ_BYTES) {
    file.stream.destroy();
    return Buffer.alloc(0);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function readPassportScan(
  deps: { db: Knex; storage: Storage; logger: Logger },
  payload: { applicationId: string; scanPath: string },
): Promise<void> {
  const { db, storage, logger } = deps;
  const app = await db("visa_applications").where({ id: payload.applicationId }).first("passport_scan_path", "passport_scan_mime");
  // Replaced or removed since the upload: the newer scan has its own job.
  if (!app || app.passport_scan_path !== payload.scanPath) return;
  const file = await readAll(storage, payload.scanPath);
  if (!file) return;
  const image = file.length ? imageOf(file, String(app.passport_scan_mime)) : null;
  // An image that cannot be decoded reads as unreadable; a failing OCR worker throws, and the job is tried again.
  const read = image ? await readZone(image) : { read: false as const };
  const zone = read.read ? read.zone : null;
  await recordRead(db, payload.applicationId, payload.scanPath, zone);
  logger.info({ applicationId: payload.applicationId, read: read.read }, "passport scan read");
}
