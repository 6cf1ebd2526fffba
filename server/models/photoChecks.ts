// The photo_checks table: what the job worker measured of an application's current passport photo, and the rules it
// failed in words.
import type { Knex } from "knex";
import type { PhotoMeasures } from "../domain/photoRules.ts";

export interface PhotoCheckRow {
  application_id: string;
  photo_path: string;
  state: "pending" | "checked" | "unreadable";
  measures: PhotoMeasures | null;
  /** Whose rules the warnings were worded against ("the UK"). */
  rules_of: string | null;
  warnings: string[];
  checked_at: Date | null;
}

/** Inside the upload's transaction: the new photo is waiting to be checked (replacing what the last photo gave). */
export async function markPhotoPending(trx: Knex.Transaction, applicationId: string, photoPath: string): Promise<void> {
  const fresh = { photo_path: photoPath, state: "pending", measures: null, rules_of: null, warnings: JSON.stringify([]), checked_at: null };
  await trx("photo_checks")
    .insert({ application_id: applicationId, ...fresh })
    .onConflict("application_id")
    .merge({ ...fresh, created_at: trx.fn.now() });
}

/** Records the check, only while `photoPath` is still the application's photo (a newer upload wins). */
export async function recordPhotoCheck(
  db: Knex,
  applicationId: string,
  photoPath: string,
  check: { measures: PhotoMeasures; rulesOf: string; warnings: string[] } | null,
): Promise<boolean> {
  const n = await db("photo_checks")
    .where({ application_id: applicationId, photo_path: photoPath })
    .update({
      state: check ? "checked" : "unreadable",
      measures: check ? JSON.stringify(check.measures) : null,
      rules_of: check?.rulesOf ?? null,
      warnings: JSON.stringify(check?.warnings ?? []),
      checked_at: db.fn.now(),
    });
  return n > 0;
}

/** The check of the application's current photo; undefined when it has none or the photo was replaced since. */
export async function photoCheckOf(db: Knex, applicationId: string): Promise<PhotoCheckRow | undefined> {
  return db<PhotoCheckRow>("photo_checks as c")
    .join("visa_applications as a", "a.id", "c.application_id")
    .where("c.application_id", applicationId)
    .whereRaw("a.photo_path = c.photo_path")
    .first("c.application_id", "c.photo_path", "c.state", "c.measures", "c.rules_of", "c.warnings", "c.checked_at");
}
