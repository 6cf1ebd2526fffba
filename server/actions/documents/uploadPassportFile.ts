// An applicant uploads their passport scan or photo, replacing the one before: on a draft, or at any status into an
// open request for that file.
import { type PassportKind, setPassportFile } from "../../models/documents.ts";
import { markPending } from "../../models/passportReads.ts";
import { markPhotoPending } from "../../models/photoChecks.ts";
import { newStorageKey } from "../../storage/keys.ts";
import type { Actor, Outcome } from "../action.ts";
import { queuePhotoCheck } from "../passport/checkPhoto.ts";
import { queuePassportRead } from "../passport/readPassportScan.ts";
import { fulfil, openRequestFor } from "./requestTarget.ts";
import { type FileActionContext, recordStored, type StoredFile, storeUpload, type Upload } from "./storedFile.ts";

export interface UploadPassportFile {
  /** An application of the actor's, checked before the upload was received (a draft, or one with open requests). */
  applicationId: string;
  kind: PassportKind;
  /** The request the file answers (required once the application is no longer a draft). */
  requestId?: string | null;
  file: Upload;
}

export async function uploadPassportFile(
  ctx: FileActionContext,
  actor: Actor & { userId: string },
  input: UploadPassportFile,
): Promise<Outcome<{ file: StoredFile }>> {
  const { db, storage, config } = ctx;
  const { kind } = input;
  const target = input.requestId ? await openRequestFor(ctx, input.applicationId, input.requestId, input.file, (t) => t === kind) : undefined;
  if (target && !target.ok) return target;
  const request = target?.request;
  const stored = await storeUpload(storage, kind, input.file, (ext) => newStorageKey(actor.userId, { passport: kind }, ext));
  if (!stored.ok) return stored;
  const { file } = stored;
  const result = await recordStored(ctx, file.key, () =>
    db.transaction(async (trx) => {
      const set = await setPassportFile(
        trx,
        input.applicationId,
        kind,
        { path: file.key, mime: file.mime, size: file.size },
        config.quotas.storageBytes,
        { requestId: request?.id ?? null },
      );
      if (set.ok && request) await fulfil(trx, ctx, actor, request);
      // The job worker reads the scan's machine-readable zone, where that is on (PASSPORT_READING).
      if (set.ok && kind === "passport_scan" && config.passportReading) {
        await markPending(trx, input.applicationId, file.key);
        await queuePassportRead(trx, input.applicationId, file.key);
      }
      // The job worker checks the photo against the destination's photo rules (warnings, never a refusal).
      if (set.ok && kind === "photo") {
        await markPhotoPending(trx, input.applicationId, file.key);
        await queuePhotoCheck(trx, input.applicationId, file.key);
      }
      return set;
    }),
  );
  if (!result.ok) return result;
  return { ok: true, file };
}
