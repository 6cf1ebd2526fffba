// Uploads (passport scan/photo, supporting documents), deletes, and the authorised download route for private files.
import type { NextFunction, Request, Response } from "express";
import { LOAD_FAILED } from "../../actions/applications/refusals.ts";
import { deleteDocument } from "../../actions/documents/deleteDocument.ts";
import { recordFileDownload } from "../../actions/documents/recordFileDownload.ts";
import { NOT_DRAFT, type Upload } from "../../actions/documents/storedFile.ts";
import { uploadDocument } from "../../actions/documents/uploadDocument.ts";
import { uploadPassportFile } from "../../actions/documents/uploadPassportFile.ts";
import { ctx } from "../../context.ts";
import { SAVE_FIRST } from "../../domain/files.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { mayRead, sendFile } from "../../http/privateFile.ts";
import { uploadMetrics } from "../../metrics/http.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { HttpError } from "../../middleware/errors.ts";
import { singleFile } from "../../middleware/upload.ts";
import { findForUser, isUuid } from "../../models/applications.ts";
import { findDocument, type PassportKind, passportFile as storedPassportFile } from "../../models/documents.ts";
import { documentView } from "../../presenters/documents.ts";
import { fileUrl, PASSPORT_SLUGS } from "../../presenters/files.ts";
import { documentTypeSchema } from "../../validation/application.ts";
import { checkInput, invalidInput } from "../../validation/validate.ts";

/** URL segment to passport file (a Map: a segment such as "constructor" must not find anything). */
const PASSPORT_KINDS = new Map(Object.entries(PASSPORT_SLUGS).map(([kind, slug]) => [slug, kind as PassportKind]));

/** Before any byte is stored: the application must be saved, the user's own, and still a draft. */
async function ownDraft(req: Request, res: Response, next: NextFunction): Promise<void> {
  const id = String(req.params.id);
  if (id === "new") throw new HttpError(400, SAVE_FIRST);
  const row = await findForUser(ctx(req).db, id, requireUserId(res));
  if (!row) throw new HttpError(404, LOAD_FAILED);
  if (row.status !== "draft") throw new HttpError(409, NOT_DRAFT);
  res.locals.application = row;
  next();
}

/** The received file, for the actions (middleware/upload.ts put it in temporary storage). */
function upload(req: Request): Upload {
  if (!req.file) throw new HttpError(400, "Choose a file to upload.");
  return { tempId: req.file.tempId, originalName: req.file.originalname, size: req.file.size };
}

async function uploadDocumentHandler(req: Request, res: Response): Promise<void> {
  const app = res.locals.application as { id: string };
  const parsedType = checkInput(documentTypeSchema, req.body);
  if (!parsedType.ok) {
    if (req.file) await ctx(req).storage.discardTemp(req.file.tempId);
    throw invalidInput(parsedType.fields);
  }
  const input = { applicationId: app.id, documentType: parsedType.data.document_type, file: upload(req) };
  const { document, replaced } = orRefuse(await uploadDocument(ctx(req), signedInActor(req, res), input));
  res.status(201).json({ document: documentView(document), replaced });
}

async function uploadPassportHandler(req: Request, res: Response): Promise<void> {
  const app = res.locals.application as { id: string };
  const kind = PASSPORT_KINDS.get(String(req.params.kind));
  if (!kind) {
    if (req.file) await ctx(req).storage.discardTemp(req.file.tempId);
    throw new HttpError(404, "Not found");
  }
  const { file } = orRefuse(await uploadPassportFile(ctx(req), signedInActor(req, res), { applicationId: app.id, kind, file: upload(req) }));
  res.status(201).json({ url: fileUrl({ application: app.id, passport: kind }), fileName: file.name, size: file.size, mimeType: file.mime });
}

/** POST /api/applications/:id/documents — uploads a supporting document (one per type, replacing) */
export const uploadDocumentApi = [uploadMetrics("document"), ownDraft, singleFile, uploadDocumentHandler];
/** POST /api/applications/:id/passport/:kind — uploads the passport scan or photo */
export const uploadPassportApi = [uploadMetrics("passport"), ownDraft, singleFile, uploadPassportHandler];

/** DELETE /api/documents/:docId — deletes a draft's document and its file */
export async function deleteDocumentApi(req: Request, res: Response): Promise<void> {
  const { deleted } = orRefuse(await deleteDocument(ctx(req), signedInActor(req, res), { documentId: String(req.params.docId) }));
  res.json({ deleted });
}

/** GET /files/documents/:docId — a document, to its owner or an admin */
export async function documentFile(req: Request, res: Response): Promise<void> {
  const doc = await findDocument(ctx(req).db, String(req.params.docId));
  if (!doc || !mayRead(res, doc)) throw new HttpError(404, "File not found");
  await recordFileDownload(ctx(req), signedInActor(req, res), {
    ownerId: doc.user_id,
    subjectType: "document",
    subjectId: doc.id,
    details: { file: doc.file_name, application: doc.application_id },
  });
  await sendFile(req, res, { path: doc.file_path, mime: doc.mime_type, name: doc.file_name });
}

/** GET /files/applications/:id/:kind — a passport file, to its owner or an admin */
export async function passportFile(req: Request, res: Response): Promise<void> {
  const kind = PASSPORT_KINDS.get(String(req.params.kind));
  const id = String(req.params.id);
  const row = kind && isUuid(id) ? await storedPassportFile(ctx(req).db, id, kind) : undefined;
  if (!row?.path || !row.mime || !mayRead(res, row)) throw new HttpError(404, "File not found");
  const event = { ownerId: row.user_id, subjectType: "application" as const, subjectId: id, details: { file: kind } };
  await recordFileDownload(ctx(req), signedInActor(req, res), event);
  const ext = row.path.split(".").pop();
  await sendFile(req, res, { path: row.path, mime: row.mime, name: `${kind}.${ext}` });
}
