// A new draft started from a rejected application: its answers, copies of its files, and a link in both histories.
import type { Knex } from "knex";
import { type ApplicationRow, type DraftFields, openDraft } from "./applications.ts";
import type { DocumentRow } from "./documents.ts";

/** What a copy does not take over: identity, status, payment and the stored files (copied under new keys). */
const NOT_COPIED = new Set([
  "id",
  "user_id",
  "reference_number",
  "status",
  "current_step",
  "submitted_at",
  "created_at",
  "updated_at",
  "payment_status",
  "amount_paid",
  "payment_reference",
  "paid_at",
  "copied_from_id",
  "passport_scan_path",
  "passport_scan_mime",
  "passport_scan_url",
  "passport_scan_size",
  "photo_path",
  "photo_mime",
  "photo_url",
  "photo_size",
]);

/** The applicant's answers of an application, as draft fields. */
export function answersOf(row: ApplicationRow): DraftFields {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !NOT_COPIED.has(key))) as DraftFields;
}

export interface CopiedFiles {
  /** Passport columns of the new draft (keys already copied). */
  passport: Record<string, string | number | null>;
  /** Document rows of the new draft (file_path already copied). */
  documents: Omit<DocumentRow, "id" | "uploaded_at" | "application_id">[];
}

/**
 * Creates the new draft with its copied files, linked to `source` in both histories, in one transaction; undefined
 * when the applicant already has `maxOpenDrafts` open drafts.
 */
export async function createCopy(db: Knex, source: ApplicationRow, files: CopiedFiles, maxOpenDrafts: number): Promise<ApplicationRow | undefined> {
  return db.transaction(async (trx) => {
    const created = await openDraft(trx, source.user_id, answersOf(source), maxOpenDrafts);
    if (!created) return undefined;
    // The download routes of passport files name the application they belong to.
    const urls = {
      passport_scan_url: files.passport.passport_scan_path ? `/files/applications/${created.id}/passport-scan` : null,
      photo_url: files.passport.photo_path ? `/files/applications/${created.id}/photo` : null,
    };
    const [row] = await trx<ApplicationRow>("visa_applications")
      .where({ id: created.id })
      .update({ ...files.passport, ...urls, copied_from_id: source.id })
      .returning("*");
    if (files.documents.length) await trx("application_documents").insert(files.documents.map((d) => ({ ...d, application_id: row.id })));
    await trx("application_status_history").insert([
      {
        application_id: source.id,
        status: source.status,
        changed_by: source.user_id,
        notes: `A new application, ${row.reference_number}, was started from this one.`,
      },
      { application_id: row.id, status: "draft", changed_by: source.user_id, notes: `Started from ${source.reference_number}, which was rejected.` },
    ]);
    return row;
  });
}

/** The applications started from `id`, and the one it was started from. */
export async function relatedApplications(
  db: Knex,
  row: Pick<ApplicationRow, "id"> & { copied_from_id?: string | null },
): Promise<{ startedFrom?: { id: string; reference_number: string }; startedAgainAs: { id: string; reference_number: string }[] }> {
  const [from, again] = await Promise.all([
    row.copied_from_id ? db("visa_applications").where({ id: row.copied_from_id }).first("id", "reference_number") : undefined,
    db("visa_applications").where({ copied_from_id: row.id }).orderBy("created_at").select("id", "reference_number"),
  ]);
  return { startedFrom: from, startedAgainAs: again };
}
