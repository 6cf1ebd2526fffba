// Internal notes of the admin panel on an application (never shown to the applicant).
import type { Knex } from "knex";
import { isUuid } from "./applications.ts";

export interface NoteRow {
  id: string;
  note: string;
  created_at: Date;
  author_name: string | null;
}

export async function listNotes(db: Knex, applicationId: string): Promise<NoteRow[]> {
  return db("admin_notes as n")
    .leftJoin("users as u", "u.id", "n.admin_id")
    .where("n.application_id", applicationId)
    .orderBy("n.created_at", "desc")
    .select("n.id", "n.note", "n.created_at", "u.full_name as author_name");
}

/** Adds an internal note; undefined when the application does not exist (or vanished meanwhile). */
export async function addNote(db: Knex, input: { applicationId: string; adminId: string; note: string }): Promise<NoteRow | undefined> {
  if (!isUuid(input.applicationId)) return undefined;
  try {
    const [row] = await db("admin_notes")
      .insert({ application_id: input.applicationId, admin_id: input.adminId, note: input.note })
      .returning(["id", "note", "created_at"]);
    const author = await db("users").where({ id: input.adminId }).first("full_name");
    return { ...row, author_name: author?.full_name ?? null };
  } catch (err) {
    if ((err as { code?: string }).code === "23503") return undefined;
    throw err;
  }
}
