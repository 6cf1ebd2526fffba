// application_documents and the passport files of an application: rows that point at stored files.
import type { Knex } from "knex";
import { isUuid } from "./applications.ts";

export interface DocumentRow {
  id: string;
  application_id: string;
  document_type: string;
  file_name: string;
  file_path: string;
  file_size: number;
  mime_type: string;
  uploaded_at: Date;
}

export async function listDocuments(db: Knex, applicationId: string): Promise<DocumentRow[]> {
  return db<DocumentRow>("application_documents").where({ application_id: applicationId }).orderBy("uploaded_at", "desc");
}

/** A document with the owner of its application (for authorising downloads and deletes). */
export async function findDocument(db: Knex, id: string): Promise<(DocumentRow & { user_id: string; status: string }) | undefined> {
  if (!isUuid(id)) return undefined;
  return db("application_documents as d")
    .join("visa_applications as a", "a.id", "d.application_id")
    .where("d.id", id)
    .first("d.*", "a.user_id", "a.status");
}

/** Records a document of a type, replacing the one before it; returns the new row and the replaced file's key. */
export async function putDocument(db: Knex, row: Omit<DocumentRow, "id" | "uploaded_at">): Promise<{ document: DocumentRow; replacedPath?: string }> {
  return db.transaction(async (trx) => {
    const old = await trx<DocumentRow>("application_documents")
      .where({ application_id: row.application_id, document_type: row.document_type })
      .forUpdate()
      .first();
    if (old) await trx("application_documents").where({ id: old.id }).delete();
    const [document] = await trx<DocumentRow>("application_documents").insert(row).returning("*");
    return { document, replacedPath: old?.file_path };
  });
}

export async function deleteDocument(db: Knex, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db<DocumentRow>("application_documents").where({ id }).delete().returning("*");
  return row;
}

export type PassportKind = "passport_scan" | "photo";
const COLUMNS: Record<PassportKind, { path: string; mime: string }> = {
  passport_scan: { path: "passport_scan_path", mime: "passport_scan_mime" },
  photo: { path: "photo_path", mime: "photo_mime" },
};

/** Points a draft's passport scan or photo at a new file; returns the replaced file's key (or undefined if not a draft). */
export async function setPassportFile(
  db: Knex,
  applicationId: string,
  kind: PassportKind,
  file: { path: string; mime: string },
): Promise<{ updated: boolean; replacedPath?: string }> {
  const c = COLUMNS[kind];
  return db.transaction(async (trx) => {
    const row = await trx("visa_applications").where({ id: applicationId, status: "draft" }).forUpdate().first(c.path);
    if (!row) return { updated: false };
    await trx("visa_applications")
      .where({ id: applicationId })
      .update({ [c.path]: file.path, [c.mime]: file.mime, updated_at: trx.fn.now() });
    return { updated: true, replacedPath: (row[c.path] as string | null) ?? undefined };
  });
}

export async function passportFile(
  db: Knex,
  applicationId: string,
  kind: PassportKind,
): Promise<{ user_id: string; path: string | null; mime: string | null } | undefined> {
  if (!isUuid(applicationId)) return undefined;
  const c = COLUMNS[kind];
  return db("visa_applications").where({ id: applicationId }).first("user_id", `${c.path} as path`, `${c.mime} as mime`);
}
