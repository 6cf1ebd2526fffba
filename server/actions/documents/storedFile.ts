// How the file actions keep storage and rows together: a received file is checked and stored under its key before
// its row is written, and removed again when the row is refused or fails.
import type { AppContext } from "../../context.ts";
import { checkFile, displayName, type FileKind, HEAD_BYTES } from "../../domain/files.ts";
import { storageFull } from "../../domain/quotas.ts";
import type { FileRefusal } from "../../models/documents.ts";
import type { Storage } from "../../storage/storage.ts";
import { type ActionContext, type Outcome, type Refusal, refuse } from "../action.ts";

/** The actions that store or copy files need the app's storage besides the action context. */
export type FileActionContext = ActionContext & Pick<AppContext, "storage">;

/** A file received into temporary storage (middleware/upload.ts), not yet checked. */
export interface Upload {
  tempId: string;
  originalName: string;
  size: number;
}

export interface StoredFile {
  key: string;
  mime: string;
  size: number;
  name: string;
}

export const NOT_DRAFT = "Documents can only be changed while the application is a draft.";
export const REQUEST_CLOSED = "This request is closed: upload into an open request.";
/** A file sent under "Another document" that would take the place of the file an item of the list holds. */
export const itemFileKept = (item: string) =>
  `This would replace the file you uploaded for "${item}". To change that file, replace it under Documents for your application.`;

/** Checks the received file by its first bytes and moves it to its key; any refusal or failure discards it. */
export async function storeUpload(
  storage: Storage,
  kind: FileKind,
  upload: Upload,
  keyFor: (ext: string) => string,
): Promise<Outcome<{ file: StoredFile }>> {
  try {
    const verdict = await checkFile(kind, upload.originalName, await storage.readTempHead(upload.tempId, HEAD_BYTES));
    if (!verdict.ok) {
      await storage.discardTemp(upload.tempId);
      return refuse(415, verdict.message);
    }
    const key = keyFor(verdict.ext);
    await storage.commit(upload.tempId, key);
    return { ok: true, file: { key, mime: verdict.mime, size: upload.size, name: displayName(upload.originalName) } };
  } catch (err) {
    await storage.discardTemp(upload.tempId);
    throw err;
  }
}

/** Why a file's row was not written: a refusal of the model's, or the action's own words under its lock. */
type WriteRefusal = { ok: false; reason: FileRefusal; item?: string } | { ok: false; reason: "refused"; message: string; status?: 400 | 404 | 409 };

/**
 * Writes the stored file's row with `write` (its own transaction); the file is removed when the row is refused or the
 * write fails, and the file it replaces once the row is committed.
 */
export async function recordStored<T extends { ok: true; replacedPath?: string }>(
  { storage, config }: FileActionContext,
  key: string,
  write: () => Promise<T | WriteRefusal>,
): Promise<T | Refusal> {
  let result: T | WriteRefusal;
  try {
    result = await write();
  } catch (err) {
    await storage.remove(key);
    throw err;
  }
  if (!result.ok) {
    await storage.remove(key);
    if (result.reason === "quota") return refuse(413, storageFull(config.quotas));
    if (result.reason === "item_file") return refuse(409, itemFileKept(result.item ?? "an item of the list"));
    if (result.reason === "refused") return refuse(result.status ?? 409, result.message);
    return refuse(409, result.reason === "request_closed" ? REQUEST_CLOSED : NOT_DRAFT);
  }
  if (result.replacedPath && result.replacedPath !== key) await storage.remove(result.replacedPath);
  return result;
}
