// What becomes of a received file, whichever way it arrived (a multipart form or a resumable upload): the upload's
// other fields checked, the same file action called, and its answer as the API gives it.
import type { Request, Response } from "express";
import { LOAD_FAILED } from "../actions/applications/refusals.ts";
import { NOT_DRAFT, type Upload } from "../actions/documents/storedFile.ts";
import { uploadDocument } from "../actions/documents/uploadDocument.ts";
import { uploadPassportFile } from "../actions/documents/uploadPassportFile.ts";
import { ctx } from "../context.ts";
import { SAVE_FIRST } from "../domain/files.ts";
import { requireUserId } from "../middleware/auth.ts";
import { HttpError } from "../middleware/errors.ts";
import { findForUser } from "../models/applications.ts";
import type { PassportKind } from "../models/documents.ts";
import { documentView } from "../presenters/documents.ts";
import { fileUrl } from "../presenters/files.ts";
import { documentTypeSchema } from "../validation/application.ts";
import { checkInput, invalidInput } from "../validation/validate.ts";
import { orRefuse, signedInActor } from "./actions.ts";

/** The application a file is for, checked before any byte is stored: saved, the signed-in person's own, a draft. */
export async function draftToUploadTo(req: Request, res: Response, id: string) {
  if (id === "new") throw new HttpError(400, SAVE_FIRST);
  const row = await findForUser(ctx(req).db, id, requireUserId(res));
  if (!row) throw new HttpError(404, LOAD_FAILED);
  if (row.status !== "draft") throw new HttpError(409, NOT_DRAFT);
  return row;
}

/** A supporting document for a draft of the signed-in person's; `fields` are the upload's other fields (document_type). */
export async function receiveDocument(req: Request, res: Response, applicationId: string, fields: unknown, file: Upload | null) {
  const parsed = checkInput(documentTypeSchema, fields);
  if (!parsed.ok) {
    if (file) await ctx(req).storage.discardTemp(file.tempId);
    throw invalidInput(parsed.fields);
  }
  if (!file) throw new HttpError(400, "Choose a file to upload.");
  const input = { applicationId, documentType: parsed.data.document_type, file };
  const { document, replaced } = orRefuse(await uploadDocument(ctx(req), signedInActor(req, res), input));
  return { document: documentView(document), replaced };
}

/** The passport scan or photo of a draft of the signed-in person's. */
export async function receivePassportFile(req: Request, res: Response, applicationId: string, kind: PassportKind, file: Upload | null) {
  if (!file) throw new HttpError(400, "Choose a file to upload.");
  const { file: stored } = orRefuse(await uploadPassportFile(ctx(req), signedInActor(req, res), { applicationId, kind, file }));
  return { url: fileUrl({ application: applicationId, passport: kind }), fileName: stored.name, size: stored.size, mimeType: stored.mime };
}
