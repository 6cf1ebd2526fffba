// Staff file a photo or a document a client sent on WhatsApp against one of the case's open document requests: it
// becomes that request's upload exactly as if the applicant had uploaded it on the site (the same action, the same
// checks of the bytes, the request answered and the case's officer told), once. The filing itself is audited as the
// staff member's.
import { findRequest } from "../../models/documentRequests.ts";
import type { PassportKind } from "../../models/documents.ts";
import { caseFile, claimFiling, recordFiled, releaseFiling } from "../../models/whatsappFiles.ts";
import { auditAs, type Outcome, refuse } from "../action.ts";
import { lockCase, type StaffActor } from "../applications/lockCase.ts";
import { REQUEST_NOT_FOUND } from "../documents/requestTarget.ts";
import type { FileActionContext } from "../documents/storedFile.ts";
import { uploadDocument } from "../documents/uploadDocument.ts";
import { uploadPassportFile } from "../documents/uploadPassportFile.ts";

export const FILE_NOT_FOUND = "File not found";
export const ALREADY_FILED = "This file has already been filed against a requested document.";
export const NOT_RECEIVED = "This file was not received (see why beside it), so it cannot be filed.";

const EXT_OF_MIME: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "application/pdf": "pdf" };

/** The name the upload's check reads: the stored name when it ends in the type's extension, else one that does. */
function uploadName(name: string | null, mime: string | null): string {
  const ext = EXT_OF_MIME[mime ?? ""] ?? "bin";
  const base = name ?? "WhatsApp file";
  const lower = base.toLowerCase();
  return lower.endsWith(`.${ext}`) || (ext === "jpg" && lower.endsWith(".jpeg")) ? base : `${base}.${ext}`;
}

export async function fileWhatsappMedia(
  ctx: FileActionContext,
  actor: StaffActor,
  input: { applicationId: string; fileId: string; requestId: string },
): Promise<Outcome<{ label: string; fileName: string }>> {
  const { db, storage } = ctx;
  // Another officer's case is not found; an unassigned one is taken first, as for any change to a case.
  const app = await db.transaction((trx) => lockCase(trx, actor, input.applicationId));
  if ("ok" in app) return app;
  const file = await caseFile(db, app.id, input.fileId);
  if (!file) return refuse(404, FILE_NOT_FOUND);
  if (file.filed_at) return refuse(409, ALREADY_FILED);
  if (file.media_state !== "stored" || !file.media_path) return refuse(409, NOT_RECEIVED);
  const request = await findRequest(db, input.requestId, app.id);
  if (!request) return refuse(400, REQUEST_NOT_FOUND, { request_id: REQUEST_NOT_FOUND });
  const stored = await storage.get(file.media_path);
  if (!stored) return refuse(409, NOT_RECEIVED);
  if (!(await claimFiling(db, file.id))) {
    stored.stream.destroy();
    return refuse(409, ALREADY_FILED);
  }
  try {
    const temp = await storage.writeTemp(stored.stream);
    const upload = { tempId: temp.tempId, originalName: uploadName(file.media_name, file.media_mime), size: temp.size };
    // As the applicant's own upload: under their folder, answering their request.
    const applicant = { userId: app.user_id, via: "system" as const };
    const kind = request.document_type;
    const outcome =
      kind === "passport_scan" || kind === "photo"
        ? await uploadPassportFile(ctx, applicant, { applicationId: app.id, kind: kind as PassportKind, requestId: request.id, file: upload })
        : await uploadDocument(ctx, applicant, { applicationId: app.id, requestId: request.id, file: upload });
    if (!outcome.ok) {
      await releaseFiling(db, file.id);
      return outcome;
    }
    await db.transaction(async (trx) => {
      if ("document" in outcome) await recordFiled(trx, file.id, outcome.document.id);
      await auditAs(trx, actor, {
        action: "whatsapp_file_filed",
        subjectType: "application",
        subjectId: app.id,
        details: { request: request.label, file: upload.originalName },
      });
    });
    return { ok: true, label: request.label, fileName: upload.originalName };
  } catch (err) {
    await releaseFiling(db, file.id);
    throw err;
  }
}
