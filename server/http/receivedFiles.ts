// What becomes of a received file, whichever way it arrived (a multipart form or a resumable upload): the upload's
// other fields checked, the same file action called, and its answer as the API gives it.
import type { Request, Response } from "express";
import { LOAD_FAILED } from "../actions/applications/refusals.ts";
import { NOT_DRAFT, type Upload } from "../actions/documents/storedFile.ts";
import { uploadDocument } from "../actions/documents/uploadDocument.ts";
import { uploadPassportFile } from "../actions/documents/uploadPassportFile.ts";
import { ctx } from "../context.ts";
import { SAVE_FIRST } from "../domain/files.ts";
import { filedAs, requirementsFor } from "../domain/requirements.ts";
import { requireUserId } from "../middleware/auth.ts";
import { HttpError } from "../middleware/errors.ts";
import { type ApplicationRow, findForPerson } from "../models/applications.ts";
import { hasOpenRequest } from "../models/documentRequests.ts";
import type { PassportKind } from "../models/documents.ts";
import { documentView } from "../presenters/documents.ts";
import { fileUrl } from "../presenters/files.ts";
import { documentTypeSchema, NOT_ON_THE_LIST, requirementKeySchema } from "../validation/application.ts";
import { passportTargetSchema, uploadTargetSchema } from "../validation/documentRequests.ts";
import { checkInput, invalidInput } from "../validation/validate.ts";
import { orRefuse, signedInActor } from "./actions.ts";

/**
 * The application a file is for, checked before any byte is stored: saved, the signed-in person's own (or their own
 * part of a family group, by invitation), and a draft or asked for files (which request the upload answers is the action's to check).
 */
export async function applicationToUploadTo(req: Request, res: Response, id: string) {
  if (id === "new") throw new HttpError(400, SAVE_FIRST);
  const row = await findForPerson(ctx(req).db, id, requireUserId(res));
  if (!row) throw new HttpError(404, LOAD_FAILED);
  if (row.status !== "draft" && !(await hasOpenRequest(ctx(req).db, row.id))) throw new HttpError(409, NOT_DRAFT);
  return row;
}

type Filed =
  | { ok: true; documentType?: string; requirementKey: string | null; requestId: string | null; forItem: boolean }
  | { ok: false; fields: Record<string, string> };

/**
 * What the file is filed as: the open request it answers (the request says what it is), an item of the application's
 * "Documents for your application" (its SPEC type, and its key when the item is an `other` one), or a document type;
 * a key not on the application's list is refused.
 */
export function howFiled(
  app: (Pick<ApplicationRow, "visa_type" | "destination_country"> & Partial<Pick<ApplicationRow, "group_relation">>) | undefined,
  fields: unknown,
): Filed {
  const given = (fields ?? {}) as { requirement_key?: unknown; request_id?: unknown };
  if (given.request_id !== undefined) {
    const parsed = checkInput(uploadTargetSchema, fields);
    return parsed.ok
      ? { ok: true, documentType: parsed.data.document_type, requirementKey: null, requestId: parsed.data.request_id ?? null, forItem: false }
      : parsed;
  }
  if (given.requirement_key === undefined) {
    const parsed = checkInput(documentTypeSchema, fields);
    return parsed.ok ? { ok: true, documentType: parsed.data.document_type, requirementKey: null, requestId: null, forItem: false } : parsed;
  }
  const parsed = checkInput(requirementKeySchema, fields);
  if (!parsed.ok) return parsed;
  const item = requirementsFor(app?.visa_type ?? "", app?.destination_country, app?.group_relation).find(
    (i) => i.key === parsed.data.requirement_key,
  );
  if (!item) return { ok: false, fields: { requirement_key: NOT_ON_THE_LIST } };
  return { ...filedAs(item), ok: true, requestId: null, forItem: true };
}

/**
 * A supporting document of the signed-in person's; `fields` are the upload's other fields (document_type, requirement_key
 * or request_id). An application that is not theirs answers 404 and the file is discarded.
 */
export async function receiveDocument(req: Request, res: Response, applicationId: string, fields: unknown, file: Upload | null) {
  const app = await findForPerson(ctx(req).db, applicationId, requireUserId(res));
  const filed = app ? howFiled(app, fields) : undefined;
  if (!filed?.ok) {
    if (file) await ctx(req).storage.discardTemp(file.tempId);
    throw filed ? invalidInput(filed.fields) : new HttpError(404, LOAD_FAILED);
  }
  if (!file) throw new HttpError(400, "Choose a file to upload.");
  const { documentType, requirementKey, requestId, forItem } = filed;
  const input = { applicationId, documentType, requirementKey, requestId, forItem, file };
  const { document, replaced } = orRefuse(await uploadDocument(ctx(req), signedInActor(req, res), input));
  return { document: documentView(document), replaced };
}

/** The passport scan or photo of the signed-in person's (on a draft, or into an open request: `fields.request_id`); 404 as above. */
export async function receivePassportFile(
  req: Request,
  res: Response,
  applicationId: string,
  kind: PassportKind,
  fields: unknown,
  file: Upload | null,
) {
  const app = await findForPerson(ctx(req).db, applicationId, requireUserId(res));
  const target = app ? checkInput(passportTargetSchema, fields ?? {}) : undefined;
  if (!target?.ok) {
    if (file) await ctx(req).storage.discardTemp(file.tempId);
    throw target ? invalidInput(target.fields) : new HttpError(404, LOAD_FAILED);
  }
  if (!file) throw new HttpError(400, "Choose a file to upload.");
  const input = { applicationId, kind, requestId: target.data.request_id ?? null, file };
  const { file: stored } = orRefuse(await uploadPassportFile(ctx(req), signedInActor(req, res), input));
  return { url: fileUrl({ application: applicationId, passport: kind }), fileName: stored.name, size: stored.size, mimeType: stored.mime };
}
