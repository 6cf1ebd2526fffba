// An applicant deletes a document of their draft (an adult family member, of their own part): the row, then (once
// that is committed) its file.
import { deleteDocument as deleteRow, findDocument } from "../../models/documents.ts";
import { type Actor, type Outcome, refuse } from "../action.ts";
import { type FileActionContext, NOT_DRAFT } from "./storedFile.ts";

export async function deleteDocument(
  { db, storage }: FileActionContext,
  actor: Actor & { userId: string },
  input: { documentId: string },
): Promise<Outcome<{ deleted: string }>> {
  const outcome = await db.transaction(async (trx) => {
    const doc = await findDocument(trx, input.documentId);
    if (!doc || (doc.user_id !== actor.userId && doc.member_user_id !== actor.userId)) return refuse(404, "Document not found");
    if (doc.status !== "draft") return refuse(409, NOT_DRAFT);
    const removed = await deleteRow(trx, doc.id);
    return { ok: true as const, deleted: doc.id, path: removed?.file_path };
  });
  if (!outcome.ok) return outcome;
  if (outcome.path) await storage.remove(outcome.path);
  return { ok: true, deleted: outcome.deleted };
}
