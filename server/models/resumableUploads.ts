// resumable_uploads: the uploads in progress, whose each is and the length it declared (the only module with SQL for them).
import type { Knex } from "knex";
import { lockApplicant, usageOf } from "./applications.ts";

export type OpenUploadRefusal = "too_many" | "quota";

/**
 * Inside the caller's transaction, under the applicant's lock (the storage quota's): records a new upload, unless the
 * applicant already has `maxOpen` in progress, or their stored files, their uploads in progress and this one would
 * pass `maxBytes`.
 */
export async function recordUpload(
  trx: Knex.Transaction,
  upload: { id: string; userId: string; size: number },
  limits: { maxOpen: number; maxBytes: number },
): Promise<{ ok: true } | { ok: false; reason: OpenUploadRefusal }> {
  await lockApplicant(trx, upload.userId);
  const [open] = (await trx("resumable_uploads")
    .where({ user_id: upload.userId })
    .select(trx.raw("count(*)::int AS n"), trx.raw("coalesce(sum(size), 0)::bigint AS bytes"))) as { n: number; bytes: string }[];
  if (open.n >= limits.maxOpen) return { ok: false, reason: "too_many" };
  const { storedBytes } = await usageOf(trx, upload.userId);
  if (storedBytes + Number(open.bytes) + upload.size > limits.maxBytes) return { ok: false, reason: "quota" };
  await trx("resumable_uploads").insert({ id: upload.id, user_id: upload.userId, size: upload.size });
  return { ok: true };
}

/** The upload is gone (finished, cancelled or expired): it no longer counts. */
export async function forgetUpload(db: Knex, id: string): Promise<void> {
  await db("resumable_uploads").where({ id }).delete();
}

/** Uploads recorded before `before`, whatever their files say. */
export async function uploadsRecordedBefore(db: Knex, before: Date): Promise<string[]> {
  return (await db("resumable_uploads").where("created_at", "<", before).select("id")).map((r: { id: string }) => r.id);
}
