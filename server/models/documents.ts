// application_documents and the passport files of an application: rows that point at stored files.
import type { Knex } from "knex";
import { filedAs, fills, type RequirementItem, requirementsFor } from "../domain/requirements.ts";
import { isUuid, withinStorageQuota } from "./applications.ts";

export interface DocumentRow {
  id: string;
  application_id: string;
  document_type: string;
  /** The `other` item of "Documents for your application" the file is filed under; null for one file per type. */
  requirement_key: string | null;
  file_name: string;
  file_path: string;
  file_size: number;
  mime_type: string;
  uploaded_at: Date;
  /** The request this file answers (uploads after submission always have one). */
  request_id: string | null;
  review_state: "to_review" | "accepted" | "sent_back";
  /** Why staff sent it back: the applicant reads it. */
  review_reason: string | null;
}

export async function listDocuments(db: Knex, applicationId: string): Promise<DocumentRow[]> {
  return db<DocumentRow>("application_documents").where({ application_id: applicationId }).orderBy("uploaded_at", "desc");
}

/** A document with the owner of its application (for authorising downloads and deletes). */
export async function findDocument(
  db: Knex,
  id: string,
): Promise<(DocumentRow & { user_id: string; member_user_id: string | null; assignee_id: string | null; status: string }) | undefined> {
  if (!isUuid(id)) return undefined;
  return db("application_documents as d")
    .join("visa_applications as a", "a.id", "d.application_id")
    .where("d.id", id)
    .first("d.*", "a.user_id", "a.member_user_id", "a.assignee_id", "a.status");
}

export type FileRefusal = "not_draft" | "quota" | "request_closed" | "item_file";

/**
 * Inside a recording transaction: locks the application while it is still a draft (an upload that began before a
 * submission must not attach to the submitted application); undefined when it no longer is one.
 */
async function lockDraft(trx: Knex.Transaction, applicationId: string, columns: string[] = []): Promise<Record<string, unknown> | undefined> {
  return trx("visa_applications")
    .where({ id: applicationId, status: "draft" })
    .forUpdate()
    .first("user_id", ...columns);
}

/**
 * Inside a recording transaction: locks the application (any status) and the request the upload answers, which
 * must still be open and of this application; undefined when it is not (closed, or fulfilled meanwhile).
 */
async function lockForRequest(
  trx: Knex.Transaction,
  applicationId: string,
  requestId: string,
  columns: string[] = [],
): Promise<Record<string, unknown> | undefined> {
  const app = await trx("visa_applications")
    .where({ id: applicationId })
    .forUpdate()
    .first("user_id", ...columns);
  const open = await trx("document_requests").where({ id: requestId, application_id: applicationId, status: "open" }).forUpdate().first("id");
  return app && open ? app : undefined;
}

/** Where an upload lands: a draft's slot, or an open request (any status). */
export interface UploadTarget {
  requestId: string | null;
}

const lockTarget = (trx: Knex.Transaction, applicationId: string, target: UploadTarget, columns: string[] = []) =>
  target.requestId ? lockForRequest(trx, applicationId, target.requestId, columns) : lockDraft(trx, applicationId, columns);

const refusedTarget = (target: UploadTarget) => ({ ok: false as const, reason: (target.requestId ? "request_closed" : "not_draft") as FileRefusal });

/**
 * Inside the caller's transaction: records a document on a draft or into an open request, replacing the one before
 * it (of its catalogue item, of its request, else of its type); returns the new row and the
 * replaced file's key. With `byTypeOnly` (a file sent under "Another document", naming only its type) it never
 * replaces the file an item of the application's list holds (a bank statement sent that way must not take the place
 * of the "Proof of funds" uploaded for the list, though both are stored as bank statements): refused with `item_file`
 * and the item's label, decided on the application as it is locked, so a visa type changed meanwhile counts.
 */
export async function putDocument(
  trx: Knex.Transaction,
  row: Omit<DocumentRow, "id" | "uploaded_at" | "review_state" | "review_reason">,
  maxBytes: number,
  { byTypeOnly = false }: { byTypeOnly?: boolean } = {},
): Promise<{ ok: true; document: DocumentRow; replacedPath?: string } | { ok: false; reason: FileRefusal; item?: string }> {
  const target = { requestId: row.request_id };
  const app = await lockTarget(trx, row.application_id, target, byTypeOnly ? ["visa_type", "destination_country", "group_relation"] : []);
  if (!app) return refusedTarget(target);
  // The file it replaces: the one of its catalogue item, the one sent back into this request (any type: a sponsor's
  // bank statement asked for by a request never takes the place of the "Proof of funds" the list holds, nor the other
  // way round), else the one of its type outside any request (or sent back).
  const replaced = trx<DocumentRow>("application_documents").where({ application_id: row.application_id }).forUpdate();
  if (row.requirement_key) replaced.where({ requirement_key: row.requirement_key });
  else if (row.request_id) replaced.where({ request_id: row.request_id, requirement_key: null });
  else if (row.document_type === "other") replaced.where({ document_type: "other", request_id: null, requirement_key: null });
  else
    replaced
      .where({ document_type: row.document_type, requirement_key: null })
      .andWhere((q) => q.whereNull("request_id").orWhere("review_state", "sent_back"))
      .orderByRaw("request_id IS NOT NULL");
  const old = await replaced.first();
  if (old && byTypeOnly) {
    const item = requirementsFor(String(app.visa_type ?? ""), app.destination_country as string | null, app.group_relation as string | null).find(
      (i) => fills(i, old),
    );
    if (item) return { ok: false, reason: "item_file", item: item.label };
  }
  if (!(await withinStorageQuota(trx, String(app.user_id), row.file_size - Number(old?.file_size ?? 0), maxBytes)))
    return { ok: false, reason: "quota" };
  if (old) await trx("application_documents").where({ id: old.id }).delete();
  const [document] = await trx<DocumentRow>("application_documents").insert(row).returning("*");
  return { ok: true, document, replacedPath: old?.file_path };
}

/**
 * Inside the caller's transaction, the application locked: records the file of a required item the application was
 * submitted without (outside any request, "to review"). Refused with `item_file` when the item has a file by now (the
 * applicant's file is never replaced this way), or `quota`.
 */
export async function insertMissingDocument(
  trx: Knex.Transaction,
  app: { id: string; user_id: string },
  item: RequirementItem,
  file: Pick<DocumentRow, "file_name" | "file_path" | "file_size" | "mime_type">,
  maxBytes: number,
): Promise<{ ok: true; document: DocumentRow } | { ok: false; reason: FileRefusal; item?: string }> {
  const held = await trx<DocumentRow>("application_documents").where({ application_id: app.id }).forUpdate();
  if (held.some((d) => fills(item, d))) return { ok: false, reason: "item_file", item: item.label };
  if (!(await withinStorageQuota(trx, app.user_id, file.file_size, maxBytes))) return { ok: false, reason: "quota" };
  const { documentType, requirementKey } = filedAs(item);
  const [document] = await trx<DocumentRow>("application_documents")
    .insert({ ...file, application_id: app.id, document_type: documentType, requirement_key: requirementKey, request_id: null })
    .returning("*");
  return { ok: true, document };
}

export async function deleteDocument(db: Knex, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db<DocumentRow>("application_documents").where({ id }).delete().returning("*");
  return row;
}

export type PassportKind = "passport_scan" | "photo";
const COLUMNS: Record<PassportKind, { path: string; mime: string; size: string }> = {
  passport_scan: { path: "passport_scan_path", mime: "passport_scan_mime", size: "passport_scan_size" },
  photo: { path: "photo_path", mime: "photo_mime", size: "photo_size" },
};

/** Inside the caller's transaction: points a draft's passport scan or photo at a new file; returns the replaced file's key. */
export async function setPassportFile(
  trx: Knex.Transaction,
  applicationId: string,
  kind: PassportKind,
  file: { path: string; mime: string; size: number },
  maxBytes: number,
  target: UploadTarget = { requestId: null },
): Promise<{ ok: true; replacedPath?: string } | { ok: false; reason: FileRefusal }> {
  const c = COLUMNS[kind];
  const current = await lockTarget(trx, applicationId, target, [c.path, c.size]);
  if (!current) return refusedTarget(target);
  if (!(await withinStorageQuota(trx, String(current.user_id), file.size - Number(current[c.size] ?? 0), maxBytes)))
    return { ok: false, reason: "quota" };
  await trx("visa_applications")
    .where({ id: applicationId })
    .update({ [c.path]: file.path, [c.mime]: file.mime, [c.size]: file.size, updated_at: trx.fn.now() });
  return { ok: true, replacedPath: (current[c.path] as string | null) ?? undefined };
}

export async function passportFile(
  db: Knex,
  applicationId: string,
  kind: PassportKind,
): Promise<{ user_id: string; member_user_id: string | null; assignee_id: string | null; path: string | null; mime: string | null } | undefined> {
  if (!isUuid(applicationId)) return undefined;
  const c = COLUMNS[kind];
  return db("visa_applications")
    .where({ id: applicationId })
    .first("user_id", "member_user_id", "assignee_id", `${c.path} as path`, `${c.mime} as mime`);
}
