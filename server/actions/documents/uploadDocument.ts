// An applicant uploads a supporting document to their draft: one per type (one per item for an `other` item of
// "Documents for your application"), the new one replacing the one before.
import { type DocumentRow, putDocument } from "../../models/documents.ts";
import { newStorageKey } from "../../storage/keys.ts";
import type { Actor, Outcome } from "../action.ts";
import { type FileActionContext, recordStored, storeUpload, type Upload } from "./storedFile.ts";

export interface UploadDocument {
  /** A draft of the actor's, checked before the upload was received. */
  applicationId: string;
  documentType: string;
  /** The `other` catalogue item it is filed under (checked against the application's list), or none. */
  requirementKey?: string | null;
  file: Upload;
}

export async function uploadDocument(
  ctx: FileActionContext,
  actor: Actor & { userId: string },
  input: UploadDocument,
): Promise<Outcome<{ document: DocumentRow; replaced: boolean }>> {
  const { db, storage, config } = ctx;
  const type = input.documentType;
  const stored = await storeUpload(storage, "document", input.file, (ext) => newStorageKey(actor.userId, { document: type }, ext));
  if (!stored.ok) return stored;
  const { file } = stored;
  const row = {
    application_id: input.applicationId,
    document_type: type,
    requirement_key: input.requirementKey ?? null,
    file_name: file.name,
    file_path: file.key,
    file_size: file.size,
    mime_type: file.mime,
  };
  const result = await recordStored(ctx, file.key, () => db.transaction((trx) => putDocument(trx, row, config.quotas.storageBytes)));
  if (!result.ok) return result;
  return { ok: true, document: result.document, replaced: Boolean(result.replacedPath) };
}
