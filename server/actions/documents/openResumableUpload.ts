// An applicant starts a resumable upload: it is recorded with its declared length, unless they already have as many
// in progress as allowed (429) or their stored files, their uploads in progress and this one would pass their storage
// quota (413). Its bytes then wait in the spool until it finishes, is cancelled or expires (storage/resumable.ts).
import { MAX_OPEN_UPLOADS, storageFull, tooManyUploads } from "../../domain/quotas.ts";
import { recordUpload } from "../../models/resumableUploads.ts";
import { type ActionContext, type Actor, type Outcome, refuse } from "../action.ts";

export interface OpenResumableUpload {
  /** tus's id of the new upload. */
  uploadId: string;
  /** Its declared length (Upload-Length), already checked against the 10 MB limit. */
  size: number;
}

export async function openResumableUpload(
  { db, config }: ActionContext,
  actor: Actor & { userId: string },
  input: OpenResumableUpload,
): Promise<Outcome<object>> {
  return db.transaction(async (trx) => {
    // Counted under the applicant's lock, held until commit: parallel creations cannot all pass one count.
    const recorded = await recordUpload(
      trx,
      { id: input.uploadId, userId: actor.userId, size: input.size },
      { maxOpen: MAX_OPEN_UPLOADS, maxBytes: config.quotas.storageBytes },
    );
    if (recorded.ok) return { ok: true };
    return recorded.reason === "too_many" ? refuse(429, tooManyUploads) : refuse(413, storageFull(config.quotas));
  });
}
