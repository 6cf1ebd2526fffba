// Uploads (passport scan/photo, supporting documents), deletes, and the authorised download route for private files.
import type { NextFunction, Request, Response } from "express";
import { z } from "zod";
import { ctx } from "../../context.ts";
import { checkFile, displayName, type FileKind, HEAD_BYTES, SAVE_FIRST } from "../../domain/files.ts";
import { storageFull } from "../../domain/quotas.ts";
import { actsAsStaff } from "../../domain/staff.ts";
import { DOCUMENT_TYPES } from "../../domain/visa.ts";
import { audit } from "../../middleware/audit.ts";
import { currentUser, requireUserId } from "../../middleware/auth.ts";
import { HttpError } from "../../middleware/errors.ts";
import { singleFile } from "../../middleware/upload.ts";
import { findForUser, isUuid } from "../../models/applications.ts";
import {
  deleteDocument,
  type FileRefusal,
  findDocument,
  type PassportKind,
  passportFile,
  putDocument,
  setPassportFile,
} from "../../models/documents.ts";
import { documentView } from "../../presenters/documents.ts";
import { fileUrl, PASSPORT_SLUGS } from "../../presenters/files.ts";
import { newStorageKey } from "../../storage/keys.ts";
import { checkInput, invalidInput } from "../../validation/validate.ts";

const NOT_DRAFT = "Documents can only be changed while the application is a draft.";

/** A recording the database refused: the file just stored is removed again. */
async function refused(req: Request, key: string, reason: FileRefusal): Promise<never> {
  await ctx(req).storage.remove(key);
  if (reason === "quota") throw new HttpError(413, storageFull(ctx(req).config.quotas));
  throw new HttpError(409, NOT_DRAFT);
}
const typeSchema = z.object({
  document_type: z.enum(DOCUMENT_TYPES.map((d) => d.value) as [string, ...string[]], { error: "Choose a valid document type" }),
});
/** URL segment to passport file (a Map: a segment such as "constructor" must not find anything). */
const PASSPORT_KINDS = new Map(Object.entries(PASSPORT_SLUGS).map(([kind, slug]) => [slug, kind as PassportKind]));

/** Before any byte is stored: the application must be saved, the user's own, and still a draft. */
async function ownDraft(req: Request, res: Response, next: NextFunction): Promise<void> {
  const id = String(req.params.id);
  if (id === "new") throw new HttpError(400, SAVE_FIRST);
  const row = await findForUser(ctx(req).db, id, requireUserId(res));
  if (!row) throw new HttpError(404, "Failed to load application");
  if (row.status !== "draft") throw new HttpError(409, NOT_DRAFT);
  res.locals.application = row;
  next();
}

/** Checks the received file and moves it to `key`; any failure discards it. */
async function acceptFile(req: Request, kind: FileKind, keyFor: (ext: string) => string) {
  const file = req.file;
  if (!file) throw new HttpError(400, "Choose a file to upload.");
  const { storage } = ctx(req);
  try {
    const verdict = await checkFile(kind, file.originalname, await storage.readTempHead(file.tempId, HEAD_BYTES));
    if (!verdict.ok) throw new HttpError(415, verdict.message);
    const key = keyFor(verdict.ext);
    await storage.commit(file.tempId, key);
    return { key, mime: verdict.mime, size: file.size, name: displayName(file.originalname) };
  } catch (err) {
    await storage.discardTemp(file.tempId);
    throw err;
  }
}

async function uploadDocumentHandler(req: Request, res: Response): Promise<void> {
  const { db, storage, config } = ctx(req);
  const app = res.locals.application as { id: string; user_id: string };
  const parsedType = checkInput(typeSchema, req.body);
  if (!parsedType.ok) {
    if (req.file) await storage.discardTemp(req.file.tempId);
    throw invalidInput(parsedType.fields);
  }
  const type = parsedType.data.document_type;
  const saved = await acceptFile(req, "document", (ext) => newStorageKey(app.user_id, { document: type }, ext));
  let result: Awaited<ReturnType<typeof putDocument>>;
  try {
    const document = {
      application_id: app.id,
      document_type: type,
      file_name: saved.name,
      file_path: saved.key,
      file_size: saved.size,
      mime_type: saved.mime,
    };
    result = await putDocument(db, document, config.quotas.storageBytes);
  } catch (err) {
    await storage.remove(saved.key);
    throw err;
  }
  if (!result.ok) return refused(req, saved.key, result.reason);
  if (result.replacedPath) await storage.remove(result.replacedPath);
  res.status(201).json({ document: documentView(result.document), replaced: Boolean(result.replacedPath) });
}

async function uploadPassportHandler(req: Request, res: Response): Promise<void> {
  const { db, storage, config } = ctx(req);
  const app = res.locals.application as { id: string; user_id: string };
  const kind = PASSPORT_KINDS.get(String(req.params.kind));
  if (!kind) {
    if (req.file) await storage.discardTemp(req.file.tempId);
    throw new HttpError(404, "Not found");
  }
  const saved = await acceptFile(req, kind, (ext) => newStorageKey(app.user_id, { passport: kind }, ext));
  let result: Awaited<ReturnType<typeof setPassportFile>>;
  try {
    result = await setPassportFile(db, app.id, kind, { path: saved.key, mime: saved.mime, size: saved.size }, config.quotas.storageBytes);
  } catch (err) {
    await storage.remove(saved.key);
    throw err;
  }
  if (!result.ok) return refused(req, saved.key, result.reason);
  if (result.replacedPath && result.replacedPath !== saved.key) await storage.remove(result.replacedPath);
  res.status(201).json({ url: fileUrl({ application: app.id, passport: kind }), fileName: saved.name, size: saved.size, mimeType: saved.mime });
}

/** POST /api/applications/:id/documents — uploads a supporting document (one per type, replacing) */
export const uploadDocument = [ownDraft, singleFile, uploadDocumentHandler];
/** POST /api/applications/:id/passport/:kind — uploads the passport scan or photo */
export const uploadPassport = [ownDraft, singleFile, uploadPassportHandler];

/** DELETE /api/documents/:docId — deletes a draft's document and its file */
export async function removeDocument(req: Request, res: Response): Promise<void> {
  const { db, storage } = ctx(req);
  const doc = await findDocument(db, String(req.params.docId));
  if (!doc || doc.user_id !== requireUserId(res)) throw new HttpError(404, "Document not found");
  if (doc.status !== "draft") throw new HttpError(409, NOT_DRAFT);
  const removed = await deleteDocument(db, doc.id);
  if (removed) await storage.remove(removed.file_path);
  res.json({ deleted: doc.id });
}

/** Streams a private file to its owner or an admin; anyone else gets 404. */
async function sendFile(req: Request, res: Response, file: { path: string; mime: string; name: string }): Promise<void> {
  const stored = await ctx(req).storage.get(file.path);
  if (!stored) throw new HttpError(404, "File not found");
  const inline = file.mime.startsWith("image/");
  const asciiName = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  res.set({
    "Content-Type": file.mime,
    "Content-Length": String(stored.size),
    "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
    "Cross-Origin-Resource-Policy": "same-origin",
  });
  stored.stream.on("error", (err) => res.destroy(err));
  stored.stream.pipe(res);
}

const mayRead = (res: Response, ownerId: string) => {
  const user = currentUser(res);
  return user?.id === ownerId || actsAsStaff(user);
};

/** Staff opening an applicant's file leaves a row in the audit trail (the applicant opening their own does not). */
async function auditStaffRead(
  req: Request,
  res: Response,
  ownerId: string,
  event: { subjectType: "document" | "application"; subjectId: string; details: Record<string, unknown> },
) {
  if (currentUser(res)?.id !== ownerId) await audit(req, { action: "document_downloaded", ...event });
}

/** GET /files/documents/:docId — a document, to its owner or an admin */
export async function downloadDocument(req: Request, res: Response): Promise<void> {
  const doc = await findDocument(ctx(req).db, String(req.params.docId));
  if (!doc || !mayRead(res, doc.user_id)) throw new HttpError(404, "File not found");
  await auditStaffRead(req, res, doc.user_id, {
    subjectType: "document",
    subjectId: doc.id,
    details: { file: doc.file_name, application: doc.application_id },
  });
  await sendFile(req, res, { path: doc.file_path, mime: doc.mime_type, name: doc.file_name });
}

/** GET /files/applications/:id/:kind — a passport file, to its owner or an admin */
export async function downloadPassport(req: Request, res: Response): Promise<void> {
  const kind = PASSPORT_KINDS.get(String(req.params.kind));
  const id = String(req.params.id);
  const row = kind && isUuid(id) ? await passportFile(ctx(req).db, id, kind) : undefined;
  if (!row?.path || !row.mime || !mayRead(res, row.user_id)) throw new HttpError(404, "File not found");
  await auditStaffRead(req, res, row.user_id, { subjectType: "application", subjectId: id, details: { file: kind } });
  const ext = row.path.split(".").pop();
  await sendFile(req, res, { path: row.path, mime: row.mime, name: `${kind}.${ext}` });
}
