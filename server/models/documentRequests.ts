// document_requests (staff ask an applicant for a file, with a due date) and the review state of supporting documents.
import type { Knex } from "knex";
import { isUuid } from "./applications.ts";
import type { DocumentRow } from "./documents.ts";

export interface DocumentRequestRow {
  id: string;
  application_id: string;
  label: string;
  document_type: string;
  requirement_key: string | null;
  note: string | null;
  /** "2026-12-03" (a Lagos date). */
  due_on: string;
  status: "open" | "fulfilled";
  sent_back_reason: string | null;
  requested_by: string | null;
  created_at: Date;
  fulfilled_at: Date | null;
}

export type NewRequest = Pick<
  DocumentRequestRow,
  "application_id" | "label" | "document_type" | "requirement_key" | "note" | "due_on" | "requested_by"
>;

export async function insertRequests(trx: Knex.Transaction, rows: NewRequest[]): Promise<DocumentRequestRow[]> {
  return trx<DocumentRequestRow>("document_requests").insert(rows).returning("*");
}

/** An application's requests, oldest first (one batch by label). */
export async function listRequests(db: Knex, applicationId: string): Promise<DocumentRequestRow[]> {
  return db<DocumentRequestRow>("document_requests")
    .where({ application_id: applicationId })
    .orderBy([{ column: "created_at" }, { column: "label" }, { column: "id" }]);
}

/** The open requests of some applications: how many, and the earliest due date, per application. */
export async function openRequestCounts(db: Knex, applicationIds: string[]): Promise<Map<string, { count: number; dueOn: string }>> {
  if (applicationIds.length === 0) return new Map();
  const rows = (await db("document_requests")
    .whereIn("application_id", applicationIds)
    .where({ status: "open" })
    .groupBy("application_id")
    .select("application_id", db.raw("count(*)::int AS count"), db.raw("min(due_on) AS due_on"))) as {
    application_id: string;
    count: number;
    due_on: string;
  }[];
  return new Map(rows.map((r) => [r.application_id, { count: r.count, dueOn: r.due_on }]));
}

/** A request of an application (any status), unlocked: the upload's first look, before the file is stored. */
export async function findRequest(db: Knex, id: string, applicationId: string): Promise<DocumentRequestRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db<DocumentRequestRow>("document_requests").where({ id, application_id: applicationId }).first();
}

/** Inside a transaction: the request, locked until commit. */
export async function lockRequest(trx: Knex.Transaction, id: string): Promise<DocumentRequestRow | undefined> {
  if (!isUuid(id)) return undefined;
  return trx<DocumentRequestRow>("document_requests").where({ id }).forUpdate().first();
}

export async function hasOpenRequest(db: Knex, applicationId: string): Promise<boolean> {
  return Boolean(await db("document_requests").where({ application_id: applicationId, status: "open" }).first("id"));
}

export async function fulfilRequest(trx: Knex.Transaction, id: string): Promise<void> {
  await trx("document_requests").where({ id }).update({ status: "fulfilled", fulfilled_at: trx.fn.now() });
}

/** Sent back: the request is open again with the reason and a new due date. */
export async function reopenRequest(trx: Knex.Transaction, id: string, reason: string, dueOn: string): Promise<DocumentRequestRow> {
  const [row] = await trx<DocumentRequestRow>("document_requests")
    .where({ id })
    .update({ status: "open", sent_back_reason: reason, due_on: dueOn, fulfilled_at: null })
    .returning("*");
  return row;
}

/** The open requests of an application due on a date (what a reminder names). */
export async function openRequestsDueOn(trx: Knex.Transaction, applicationId: string, dueOn: string): Promise<DocumentRequestRow[]> {
  return trx<DocumentRequestRow>("document_requests")
    .where({ application_id: applicationId, status: "open", due_on: dueOn })
    .orderBy([{ column: "created_at" }, { column: "label" }, { column: "id" }]);
}

/**
 * A supporting document with its application's owner, locked for a review decision: the application first, as an
 * upload locks it, so a review and an upload of the same application wait for each other instead of deadlocking.
 */
/** The application a document belongs to (not locked: the caller locks the case first), or undefined. */
export async function documentApplication(db: Knex, id: string): Promise<string | undefined> {
  if (!isUuid(id)) return undefined;
  const found = await db<DocumentRow>("application_documents").where({ id }).first("application_id");
  return found?.application_id;
}

export async function lockDocumentForReview(trx: Knex.Transaction, id: string): Promise<(DocumentRow & { user_id: string }) | undefined> {
  if (!isUuid(id)) return undefined;
  const found = await trx<DocumentRow>("application_documents").where({ id }).first("application_id");
  if (!found) return undefined;
  const app = await trx("visa_applications").where({ id: found.application_id }).forUpdate().first("user_id");
  const doc = await trx<DocumentRow>("application_documents").where({ id }).forUpdate().first();
  return app && doc ? { ...doc, user_id: app.user_id } : undefined;
}

export async function setReview(
  trx: Knex.Transaction,
  id: string,
  review: { state: "accepted" | "sent_back"; reason: string | null; by: string; requestId: string | null },
): Promise<DocumentRow> {
  const [row] = await trx("application_documents")
    .where({ id })
    .update({
      review_state: review.state,
      review_reason: review.reason,
      reviewed_by: review.by,
      reviewed_at: trx.fn.now(),
      request_id: review.requestId,
    })
    .returning("*");
  return row as DocumentRow;
}
