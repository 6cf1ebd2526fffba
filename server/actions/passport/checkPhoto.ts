// The job that checks an uploaded passport photo against its destination's rules (queued by the upload, run by the
// job worker: never in a web request). It measures the file the job names, only while it is still that
// application's photo, and stores each failed rule in words: warnings for the applicant and staff, never a refusal.
import type { Knex } from "knex";
import type { Logger } from "pino";
import { photoRulesFor, photoWarnings } from "../../domain/photoRules.ts";
import { addJob } from "../../models/jobs.ts";
import { recordPhotoCheck } from "../../models/photoChecks.ts";
import { measurePhoto } from "../../photos/measure.ts";
import type { Storage } from "../../storage/storage.ts";

export const PHOTO_CHECK_TASK = "photo_check";

/** Inside the upload's transaction: queues the check of the application's new photo (a newer upload's job replaces it). */
export async function queuePhotoCheck(trx: Knex.Transaction, applicationId: string, photoPath: string): Promise<void> {
  await addJob(trx, PHOTO_CHECK_TASK, { applicationId, photoPath }, { maxAttempts: 3, jobKey: `photo-check:${applicationId}` });
}

/** Largest photo measured: a bigger file is kept and said to be too large, not decoded. */
const MAX_MEASURED_BYTES = 25 * 1024 * 1024;

async function readAll(storage: Storage, key: string): Promise<Buffer | undefined> {
  const file = await storage.get(key);
  if (!file) return undefined;
  if (file.size > MAX_MEASURED_BYTES) {
    file.stream.destroy();
    return Buffer.alloc(0);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function checkPhoto(
  deps: { db: Knex; storage: Storage; logger: Logger },
  payload: { applicationId: string; photoPath: string },
): Promise<void> {
  const { db, storage, logger } = deps;
  const app = await db("visa_applications").where({ id: payload.applicationId }).first("photo_path", "destination_country");
  // Replaced or removed since the upload: the newer photo has its own job.
  if (!app || app.photo_path !== payload.photoPath) return;
  const file = await readAll(storage, payload.photoPath);
  if (!file) return;
  const measures = file.length ? await measurePhoto(file) : null;
  const rules = photoRulesFor(app.destination_country);
  const check = measures ? { measures, rulesOf: rules.asker, warnings: photoWarnings(measures, rules) } : null;
  await recordPhotoCheck(db, payload.applicationId, payload.photoPath, check);
  logger.info({ applicationId: payload.applicationId, checked: Boolean(check), warnings: check?.warnings.length ?? 0 }, "passport photo checked");
}
