// Uploads (passport scan/photo, supporting documents), deletes, and the authorised download route for private files.
import type { NextFunction, Request, Response } from "express";
import { LOAD_FAILED } from "../../actions/applications/refusals.ts";
import { deleteDocument } from "../../actions/documents/deleteDocument.ts";
import { recordFileDownload } from "../../actions/documents/recordFileDownload.ts";
import { sendingRefusal, sendMissingDocument } from "../../actions/documents/sendMissingDocument.ts";
import type { Upload } from "../../actions/documents/storedFile.ts";
import { ctx } from "../../context.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { mayRead, sendFile } from "../../http/privateFile.ts";
import { applicationToUploadTo, receiveDocument, receivePassportFile } from "../../http/receivedFiles.ts";
import { uploadMetrics } from "../../metrics/http.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { HttpError } from "../../middleware/errors.ts";
import { singleFile } from "../../middleware/upload.ts";
import { findForPerson, isUuid } from "../../models/applications.ts";
import { findDocument, type PassportKind, passportFile as storedPassportFile } from "../../models/documents.ts";
import { documentNamer, documentView } from "../../presenters/documents.ts";
import { PASSPORT_SLUGS } from "../../presenters/files.ts";
import { requirementKeySchema } from "../../validation/application.ts";
import { checkInput, invalidInput } from "../../validation/validate.ts";

/** URL segment to passport file (a Map: a segment such as "constructor" must not find anything). */
const PASSPORT_KINDS = new Map(Object.entries(PASSPORT_SLUGS).map(([kind, slug]) => [slug, kind as PassportKind]));

/** Before any byte is stored: the application must be saved, the user's own, and a draft or asked for files. */
async function ownUploadTarget(req: Request, res: Response, next: NextFunction): Promise<void> {
  res.locals.application = await applicationToUploadTo(req, res, String(req.params.id));
  next();
}

/** The received file, for the actions (middleware/upload.ts put it in temporary storage). */
function received(req: Request): Upload | null {
  return req.file ? { tempId: req.file.tempId, originalName: req.file.originalname, size: req.file.size } : null;
}

async function uploadDocumentHandler(req: Request, res: Response): Promise<void> {
  const app = res.locals.application as { id: string };
  res.status(201).json(await receiveDocument(req, res, app.id, req.body, received(req)));
}

async function uploadPassportHandler(req: Request, res: Response): Promise<void> {
  const app = res.locals.application as { id: string };
  const kind = PASSPORT_KINDS.get(String(req.params.kind));
  if (!kind) {
    if (req.file) await ctx(req).storage.discardTemp(req.file.tempId);
    throw new HttpError(404, "Not found");
  }
  res.status(201).json(await receivePassportFile(req, res, app.id, kind, req.body, received(req)));
}

/** Before any byte is stored: the signed-in person's own application (else 404), submitted or under review (else 409, saying why). */
async function ownSubmittedApplication(req: Request, res: Response, next: NextFunction): Promise<void> {
  const row = await findForPerson(ctx(req).db, String(req.params.id), requireUserId(res));
  if (!row) throw new HttpError(404, LOAD_FAILED);
  const refusal = sendingRefusal(row.status);
  if (refusal) throw new HttpError(409, refusal);
  res.locals.application = row;
  next();
}

async function sendMissingHandler(req: Request, res: Response): Promise<void> {
  const app = res.locals.application as { id: string; visa_type: string | null; destination_country: string | null };
  const file = received(req);
  const fields = checkInput(requirementKeySchema, req.body ?? {});
  if (!fields.ok) {
    if (file) await ctx(req).storage.discardTemp(file.tempId);
    throw invalidInput(fields.fields);
  }
  if (!file) throw new HttpError(400, "Choose a file to upload.");
  const input = { applicationId: app.id, requirementKey: fields.data.requirement_key, file };
  const { document } = orRefuse(await sendMissingDocument(ctx(req), signedInActor(req, res), input));
  res.status(201).json({ document: documentView(document, documentNamer(app)(document)) });
}

/**
 * POST /api/applications/:id/missing-documents {requirement_key, file} — after submission, a required document of the
 * application's list that it was submitted without, sent without waiting for a request (lands "to review")
 */
export const sendMissingDocumentApi = [uploadMetrics("document"), ownSubmittedApplication, singleFile, sendMissingHandler];

/** POST /api/applications/:id/documents {document_type | requirement_key | request_id, file} — a draft's document (one per type or `other` item, replacing), or one into an open request */
export const uploadDocumentApi = [uploadMetrics("document"), ownUploadTarget, singleFile, uploadDocumentHandler];
/** POST /api/applications/:id/passport/:kind {file, request_id?} — the passport scan or photo, on a draft or into an open request */
export const uploadPassportApi = [uploadMetrics("passport"), ownUploadTarget, singleFile, uploadPassportHandler];

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
