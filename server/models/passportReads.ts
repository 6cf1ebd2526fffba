// The passport_reads table: what the job worker read from an application's current passport scan.
import type { Knex } from "knex";
import type { PassportZone } from "../passport/zone.ts";

export interface PassportReadRow {
  application_id: string;
  scan_path: string;
  state: "pending" | "read" | "unreadable";
  fields: PassportZone | null;
  read_at: Date | null;
}

/** Inside the upload's transaction: the new scan is waiting to be read (replacing what the last scan gave). */
export async function markPending(trx: Knex.Transaction, applicationId: string, scanPath: string): Promise<void> {
  await trx("passport_reads")
    .insert({ application_id: applicationId, scan_path: scanPath, state: "pending", fields: null, read_at: null })
    .onConflict("application_id")
    .merge({ scan_path: scanPath, state: "pending", fields: null, read_at: null, created_at: trx.fn.now() });
}

/** Records what was read, only while `scanPath` is still the application's scan (a newer upload wins). */
export async function recordRead(db: Knex, applicationId: string, scanPath: string, zone: PassportZone | null): Promise<boolean> {
  const n = await db("passport_reads")
    .where({ application_id: applicationId, scan_path: scanPath })
    .update({ state: zone ? "read" : "unreadable", fields: zone ? JSON.stringify(zone) : null, read_at: db.fn.now() });
  return n > 0;
}

/** What was read from the application's current scan; undefined when the scan has not been read or was replaced since. */
export async function passportRead(db: Knex, applicationId: string): Promise<PassportReadRow | undefined> {
  return db<PassportReadRow>("passport_reads as r")
    .join("visa_applications as a", "a.id", "r.application_id")
    .where("r.application_id", applicationId)
    .whereRaw("a.passport_scan_path = r.scan_path")
    .first("r.application_id", "r.scan_path", "r.state", "r.fields", "r.read_at");
}

/** The expiry date read from the application's current scan, when its zone was read. */
export async function readExpiryOf(db: Knex, applicationId: string): Promise<string | null> {
  const read = await passportRead(db, applicationId);
  return read?.state === "read" && read.fields ? read.fields.expiryDate : null;
}
