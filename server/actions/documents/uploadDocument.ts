// An applicant uploads a supporting document: to their draft (one per type, or per item for an `other` item of
// "Documents for your application", the new one replacing the one before), or, at any status, into an open request
// staff made (the only way files change after submission).
import { type DocumentRow, putDocument } from "../../models/documents.ts";
import { newStorageKey } from "../../storage/keys.ts";
import type { Actor, Outcome } from "../action.ts";
import { fulfil, openRequestFor } from "./requestTarget.ts";
import { type FileActionContext, recordStored, storeUpload, type Upload } from "./storedFile.ts";

export interface UploadDocument {
  /** An application of the actor's, checked before the upload was received (a draft, or one with open requests). */
  applicationId: string;
  /** The wizard's slot; with a request, its type is the request's. */
  documentType?: string;
  /** The `other` catalogue item it is filed under (checked against the application's list), or none; with a request, the request's. */
  requirementKey?: string | null;
  /** The request the file answers (required once the application is no longer a draft). */
  requestId?: string | null;
  /**
   * Sent for an item of the application's list (which replaces that item's file). Without it and without a request,
   * the file names only its type ("Another document") and never replaces the file an item of the list holds.
   */
  forItem?: boolean;
  file: Upload;
}

const isPassport = (type: string) => type === "passport_scan" || type === "photo";

export async function uploadDocument(
  ctx: FileActionContext,
  actor: Actor & { userId: string },
  input: UploadDocument,
): Promise<Outcome<{ document: DocumentRow; replaced: boolean }>> {
  const { db, storage, config } = ctx;
  const target = input.requestId
    ? await openRequestFor(
        ctx,
        input.applicationId,
        input.requestId,
        input.file,
        (t) => !isPassport(t) && (!input.documentType || input.documentType === t),
      )
    : undefined;
  if (target && !target.ok) return target;
  const request = target?.request;
  const type = request?.document_type ?? input.documentType ?? "other";
  const stored = await storeUpload(storage, "document", input.file, (ext) => newStorageKey(actor.userId, { document: type }, ext));
  if (!stored.ok) return stored;
  const { file } = stored;
  const row = {
    application_id: input.applicationId,
    document_type: type,
    requirement_key: (request ? (type === "other" ? request.requirement_key : null) : input.requirementKey) ?? null,
    file_name: file.name,
    file_path: file.key,
    file_size: file.size,
    mime_type: file.mime,
    request_id: request?.id ?? null,
  };
  const result = await recordStored(ctx, file.key, () =>
    db.transaction(async (trx) => {
      const put = await putDocument(trx, row, config.quotas.storageBytes, { byTypeOnly: !request && !input.forItem });
      if (put.ok && request) await fulfil(trx, ctx, actor, request);
      return put;
    }),
  );
  if (!result.ok) return result;
  return { ok: true, document: result.document, replaced: Boolean(result.replacedPath) };
}
