// An applicant starts again from a rejected application: its answers and copies of its files as a new draft, linked
// in both histories. The limits are looked at before any file is copied and counted again under the applicant's lock.
import { storageFull, tooManyDrafts } from "../../domain/quotas.ts";
import { type CopiedFiles, type CopyResult, createCopy } from "../../models/applicationCopies.ts";
import { type ApplicationRow, findForUser, usageOf } from "../../models/applications.ts";
import { type DocumentRow, listDocuments } from "../../models/documents.ts";
import { keyExtension, newStorageKey } from "../../storage/keys.ts";
import type { Storage } from "../../storage/storage.ts";
import { type Actor, type Outcome, refuse } from "../action.ts";
import type { FileActionContext } from "../documents/storedFile.ts";
import { LOAD_FAILED } from "./refusals.ts";

const PASSPORT_KINDS = ["passport_scan", "photo"] as const;

export const NOT_REJECTED = "Only a rejected application can be started again.";

export async function copyApplication(
  { db, storage, config }: FileActionContext,
  actor: Actor & { userId: string },
  input: { applicationId: string },
): Promise<Outcome<{ row: ApplicationRow }>> {
  const { quotas } = config;
  const source = await findForUser(db, input.applicationId, actor.userId);
  if (!source) return refuse(404, LOAD_FAILED);
  if (source.status !== "rejected") return refuse(409, NOT_REJECTED);
  // A first look before any file is copied; createCopy counts again under the applicant's lock, where it holds.
  const usage = await usageOf(db, actor.userId);
  if (usage.openDrafts >= quotas.openDrafts) return refuse(409, tooManyDrafts(quotas));
  const documents = await listDocuments(db, source.id);
  const bytes = documents.reduce((sum, d) => sum + Number(d.file_size), 0) + Number(source.passport_scan_size ?? 0) + Number(source.photo_size ?? 0);
  if (usage.storedBytes + bytes > quotas.storageBytes) return refuse(413, storageFull(quotas));
  const copied: string[] = [];
  let result: CopyResult | undefined;
  try {
    const files = await copyFiles(storage, source, documents, copied);
    result = await db.transaction((trx) => createCopy(trx, source, files, bytes, quotas));
  } finally {
    // Nothing recorded (a failure, or a limit reached meanwhile): the copies go again.
    if (!result?.ok) await Promise.all(copied.map((key) => storage.remove(key)));
  }
  if (!result.ok) return result.reason === "storage" ? refuse(413, storageFull(quotas)) : refuse(409, tooManyDrafts(quotas));
  return { ok: true, row: result.row };
}

/** Copies every stored file of `source` under new keys of its owner; `copied` collects the keys written so far. */
async function copyFiles(storage: Storage, source: ApplicationRow, documents: DocumentRow[], copied: string[]): Promise<CopiedFiles> {
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
    const { document_type, requirement_key, file_name, file_size, mime_type } = d;
    copies.push({ document_type, requirement_key, file_name, file_path, file_size, mime_type });
  }
  return { passport, documents: copies };
}
