// A new draft started from a rejected application: its answers, copies of its files, and a link in both histories.
import type { Knex } from "knex";
import { pickFields } from "../domain/applicationFields.ts";
import type { Quotas } from "../domain/quotas.ts";
import { type ApplicationRow, openDraft, withinStorageQuota } from "./applications.ts";
import type { DocumentRow } from "./documents.ts";

export interface CopiedFiles {
  /** Passport columns of the new draft (keys already copied). */
  passport: Record<string, string | number | null>;
  /** Document rows of the new draft (file_path already copied). */
  documents: Pick<DocumentRow, "document_type" | "requirement_key" | "file_name" | "file_path" | "file_size" | "mime_type">[];
}

export type CopyResult = { ok: true; row: ApplicationRow } | { ok: false; reason: "drafts" | "storage" };

/**
 * Inside the caller's transaction: creates the new draft with its copied files (`bytes` in all), linked to `source` in
 * both histories; refused with "drafts" when the applicant already has as many open drafts as allowed, with "storage"
 * when the files would take them past their storage limit.
 */
export async function createCopy(
  trx: Knex.Transaction,
  source: ApplicationRow,
  files: CopiedFiles,
  bytes: number,
  quotas: Quotas,
): Promise<CopyResult> {
  // Counted under the applicant's lock, held until commit: parallel copies (or uploads) see each other's files.
  if (!(await withinStorageQuota(trx, source.user_id, bytes, quotas.storageBytes))) return { ok: false, reason: "storage" };
  // The applicant's answers, and nothing else: identity, status, payment and the files are the new draft's own.
  const created = await openDraft(trx, source.user_id, pickFields(source), quotas.openDrafts);
  if (!created) return { ok: false, reason: "drafts" };
  const [row] = await trx<ApplicationRow>("visa_applications")
    .where({ id: created.id })
    .update({ ...files.passport, copied_from_id: source.id })
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
  return { ok: true, row };
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
