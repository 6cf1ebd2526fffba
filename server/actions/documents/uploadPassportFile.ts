// An applicant uploads their draft's passport scan or photo, replacing the one before.
import { type PassportKind, setPassportFile } from "../../models/documents.ts";
import { newStorageKey } from "../../storage/keys.ts";
import type { Actor, Outcome } from "../action.ts";
import { type FileActionContext, recordStored, type StoredFile, storeUpload, type Upload } from "./storedFile.ts";

export interface UploadPassportFile {
  /** A draft of the actor's, checked before the upload was received. */
  applicationId: string;
  kind: PassportKind;
  file: Upload;
}

export async function uploadPassportFile(
  ctx: FileActionContext,
  actor: Actor & { userId: string },
  input: UploadPassportFile,
): Promise<Outcome<{ file: StoredFile }>> {
  const { db, storage, config } = ctx;
  const { kind } = input;
  const stored = await storeUpload(storage, kind, input.file, (ext) => newStorageKey(actor.userId, { passport: kind }, ext));
  if (!stored.ok) return stored;
  const { file } = stored;
  const result = await recordStored(ctx, file.key, () =>
    db.transaction((trx) =>
      setPassportFile(trx, input.applicationId, kind, { path: file.key, mime: file.mime, size: file.size }, config.quotas.storageBytes),
    ),
  );
  if (!result.ok) return result;
  return { ok: true, file };
}
