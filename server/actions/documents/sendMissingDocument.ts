// After submission, an applicant sends a required document of their list ("Documents for your application") that
// they submitted without, without waiting for staff to ask: only while the application is submitted or under review,
// only for an item the list requires and that has no file yet. The file is checked as every upload is, lands "to
// review" for staff like a requested one, and the case's officer (or the staff inbox) is told.
import { fills, requirementsFor } from "../../domain/requirements.ts";
import { queueFulfilledNotice } from "../../mail/requestMessages.ts";
import { type DocumentRow, insertMissingDocument, listDocuments } from "../../models/documents.ts";
import { lockApplication } from "../../models/statusChanges.ts";
import { newStorageKey } from "../../storage/keys.ts";
import { type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { LOAD_FAILED } from "../applications/refusals.ts";
import { type FileActionContext, recordStored, storeUpload, type Upload } from "./storedFile.ts";

export const STILL_DRAFT = "This application is still a draft: add its documents at step 7 of the application form.";
export const DECIDED_NO_DOCUMENTS =
  "This application is decided: documents can no longer be sent here. Send your consultant a message if something is missing.";
export const NOT_REQUIRED = "Your application's list does not require this document.";
export const ALREADY_SENT = "This document is already with your consultant: they will ask if they need a new version.";

/** Why documents cannot be sent this way at this status (409), or undefined while submitted or under review. */
export function sendingRefusal(status: string): string | undefined {
  if (status === "submitted" || status === "under_review") return undefined;
  return status === "draft" ? STILL_DRAFT : DECIDED_NO_DOCUMENTS;
}

/** The required item of the application's list named by `key`, or undefined. */
export function requiredItem(app: { visa_type: string | null; destination_country: string | null; group_relation?: string | null }, key: string) {
  return requirementsFor(app.visa_type ?? "", app.destination_country, app.group_relation).find((i) => i.key === key && i.required);
}

export interface SendMissingDocument {
  /** An application of the actor's (checked by the caller: another's answers 404 before this runs). */
  applicationId: string;
  requirementKey: string;
  file: Upload;
}

export async function sendMissingDocument(
  ctx: FileActionContext,
  actor: Actor & { userId: string },
  input: SendMissingDocument,
): Promise<Outcome<{ document: DocumentRow }>> {
  const { db, storage, config } = ctx;
  // Checked before the file is stored, and again under the application's lock when its row is written.
  const app = await db("visa_applications")
    .where({ id: input.applicationId, user_id: actor.userId })
    .first("status", "visa_type", "destination_country");
  const item = app ? requiredItem(app, input.requirementKey) : undefined;
  const held = item ? await listDocuments(db, input.applicationId) : [];
  const early = !app
    ? refuse(404, LOAD_FAILED)
    : sendingRefusal(app.status)
      ? refuse(409, sendingRefusal(app.status) as string)
      : !item
        ? refuse(400, NOT_REQUIRED, { requirement_key: NOT_REQUIRED })
        : held.some((d) => fills(item, d))
          ? refuse(409, ALREADY_SENT)
          : undefined;
  if (early || !item) {
    await storage.discardTemp(input.file.tempId);
    return early ?? refuse(400, NOT_REQUIRED);
  }
  const stored = await storeUpload(storage, "document", input.file, (ext) => newStorageKey(actor.userId, { document: item.documentType }, ext));
  if (!stored.ok) return stored;
  const { file } = stored;
  const result = await recordStored<{ ok: true; document: DocumentRow }>(ctx, file.key, () =>
    db.transaction(async (trx) => {
      const locked = await lockApplication(trx, input.applicationId);
      if (!locked) return { ok: false as const, reason: "refused" as const, message: LOAD_FAILED, status: 404 as const };
      const stateRefusal = sendingRefusal(locked.status);
      if (stateRefusal) return { ok: false as const, reason: "refused" as const, message: stateRefusal };
      // The list as it stands under the lock (a staff return for changes meanwhile is caught above).
      if (!requiredItem(locked, input.requirementKey))
        return { ok: false as const, reason: "refused" as const, message: NOT_REQUIRED, status: 400 as const };
      const put = await insertMissingDocument(
        trx,
        locked,
        item,
        { file_name: file.name, file_path: file.key, file_size: file.size, mime_type: file.mime },
        config.quotas.storageBytes,
      );
      if (!put.ok) return put.reason === "item_file" ? { ok: false as const, reason: "refused" as const, message: ALREADY_SENT } : put;
      await queueFulfilledNotice(ctx.outbox, trx, locked, item.label, config.mail.staffInbox, { unasked: true });
      await auditAs(trx, actor, {
        action: "missing_document_sent",
        subjectType: "application",
        subjectId: locked.id,
        details: { document: item.label, file: put.document.id },
      });
      return { ok: true as const, document: put.document };
    }),
  );
  if (!result.ok) return result;
  return { ok: true, document: result.document };
}
