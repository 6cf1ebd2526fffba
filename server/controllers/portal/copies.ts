// "Start a new application from this one": a rejected application's answers and files, as a new draft.
import type { Request, Response } from "express";
import { ctx } from "../../context.ts";
import { storageFull, tooManyDrafts } from "../../domain/quotas.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { HttpError } from "../../middleware/errors.ts";
import { type CopiedFiles, type CopyResult, createCopy } from "../../models/applicationCopies.ts";
import { type ApplicationRow, findForUser, usageOf } from "../../models/applications.ts";
import { type DocumentRow, listDocuments } from "../../models/documents.ts";
import { keyExtension, newStorageKey } from "../../storage/keys.ts";

const PASSPORT_KINDS = ["passport_scan", "photo"] as const;

/** Copies every stored file of `source` under new keys of its owner; `copied` collects the keys written so far. */
async function copyFiles(req: Request, source: ApplicationRow, documents: DocumentRow[], copied: string[]): Promise<CopiedFiles> {
  const { storage } = ctx(req);
  const copy = async (from: string, to: string) => {
    await storage.copy(from, to);
    copied.push(to);
    return to;
  };
  const passport: CopiedFiles["passport"] = {};
  for (const kind of PASSPORT_KINDS) {
    const key = source[`${kind}_path`];
    if (!key) continue;
    passport[`${kind}_path`] = await copy(key, newStorageKey(source.user_id, { passport: kind }, keyExtension(key)));
    passport[`${kind}_mime`] = source[`${kind}_mime`];
    passport[`${kind}_size`] = source[`${kind}_size`];
  }
  const copies: CopiedFiles["documents"] = [];
  for (const d of documents) {
    const file_path = await copy(d.file_path, newStorageKey(source.user_id, { document: d.document_type }, keyExtension(d.file_path)));
    copies.push({ document_type: d.document_type, file_name: d.file_name, file_path, file_size: d.file_size, mime_type: d.mime_type });
  }
  return { passport, documents: copies };
}

/** POST /api/applications/:id/copy — a new draft from a rejected application, with its own copies of the files */
export async function copyApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const { db, storage, config } = ctx(req);
  const source = await findForUser(db, String(req.params.id), userId);
  if (!source) throw new HttpError(404, "Failed to load application");
  if (source.status !== "rejected") throw new HttpError(409, "Only a rejected application can be started again.");
  // A first look before any file is copied; createCopy counts again under the applicant's lock, where it holds.
  const usage = await usageOf(db, userId);
  if (usage.openDrafts >= config.quotas.openDrafts) throw new HttpError(409, tooManyDrafts(config.quotas));
  const documents = await listDocuments(db, source.id);
  const bytes = documents.reduce((sum, d) => sum + Number(d.file_size), 0) + Number(source.passport_scan_size ?? 0) + Number(source.photo_size ?? 0);
  if (usage.storedBytes + bytes > config.quotas.storageBytes) throw new HttpError(413, storageFull(config.quotas));
  const copied: string[] = [];
  let result: CopyResult | undefined;
  try {
    result = await createCopy(db, source, await copyFiles(req, source, documents, copied), bytes, config.quotas);
  } finally {
    // Nothing recorded (a failure, or a limit reached meanwhile): the copies go again.
    if (!result?.ok) await Promise.all(copied.map((key) => storage.remove(key)));
  }
  if (!result.ok)
    throw result.reason === "storage" ? new HttpError(413, storageFull(config.quotas)) : new HttpError(409, tooManyDrafts(config.quotas));
  const { row } = result;
  res.status(201).json({ application: { id: row.id, reference: row.reference_number }, redirect: `/visa-application/${row.id}` });
}
