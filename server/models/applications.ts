// visa_applications and their status history: the only module with SQL for them (applicant side).
import { randomInt } from "node:crypto";
import type { Knex } from "knex";
import type { ApplicationFields } from "../domain/applicationFields.ts";
import { isUuid } from "./ids.ts";

/** A visa_applications row: the application's fields (one list, in domain/applicationFields.ts) and its bookkeeping. */
export interface ApplicationRow extends ApplicationFields {
  id: string;
  user_id: string;
  reference_number: string;
  status: string;
  current_step: number;
  submitted_at: Date | null;
  created_at: Date;
  updated_at: Date;
  payment_status: string;
  /** Changes to the bill's lines so far (models/bills.ts). */
  bill_version: number;
  amount_paid: number | null;
  payment_reference: string | null;
  paid_at: Date | null;
  /** Storage keys of the passport files (their URLs are built when presented). */
  passport_scan_path: string | null;
  passport_scan_mime: string | null;
  photo_path: string | null;
  photo_mime: string | null;
  photo_size: number | null;
  passport_scan_size: number | null;
  /** The rejected application this draft was started from. */
  copied_from_id: string | null;
  /** The staff member whose case it is (null: nobody's yet). */
  assignee_id: string | null;
  /** When the applicant's account was deleted and this application's personal answers erased. */
  anonymised_at: Date | null;
  /** Files waiting for staff's review, and the earliest due date of an open document request (kept by triggers). */
  documents_to_review: number;
  requests_due_on: string | null;
  /** Since when it has had its status (kept by a trigger; an undo puts the earlier time back). */
  status_since: Date;
  /** A family member's: the lead applicant's application, the relation to the lead, and the shared fields answered differently. */
  group_lead_id: string | null;
  group_relation: string | null;
  group_relation_other: string | null;
  group_own_fields: string[];
  /** An adult member's own account, invited by the lead: a second way in to this one application (never its owner). */
  member_user_id: string | null;
}

export interface HistoryRow {
  id: string;
  status: string;
  notes: string | null;
  created_at: Date;
  changed_by_name: string | null;
  /** On an undo's row: the status of the change it undid. */
  undid_status: string | null;
}

export { isUuid };

const REF_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** Human-readable, unambiguous reference, e.g. VA-2026-7KQ4MZ. */
export function newReference(now = new Date()): string {
  let code = "";
  for (let i = 0; i < 6; i++) code += REF_ALPHABET[randomInt(REF_ALPHABET.length)];
  return `VA-${now.getUTCFullYear()}-${code}`;
}

/** Whole rows, newest first: the dashboard decides each one's next step from every answer (is it complete?). */
export async function listForUser(db: Knex, userId: string): Promise<ApplicationRow[]> {
  return db<ApplicationRow>("visa_applications").where({ user_id: userId }).orderBy("created_at", "desc").select("*");
}

export async function findForUser(db: Knex, id: string, userId: string): Promise<ApplicationRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db<ApplicationRow>("visa_applications").where({ id, user_id: userId }).first();
}

/**
 * The application if `userId` owns it, or is the adult family member it belongs to (invited by the lead): for the
 * pages and calls of the member's own part only (its steps, its documents, its page). Paying, submitting, withdrawing,
 * copying and the group's page stay the owner's (findForUser).
 */
export async function findForPerson(db: Knex, id: string, userId: string): Promise<ApplicationRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db<ApplicationRow>("visa_applications")
    .where({ id })
    .andWhere((q) => q.where({ user_id: userId }).orWhere({ member_user_id: userId }))
    .first();
}

/** The applications of family groups whose member this account is (its own part of each), newest first. */
export async function listAsMember(db: Knex, userId: string): Promise<ApplicationRow[]> {
  return db<ApplicationRow>("visa_applications").where({ member_user_id: userId }).orderBy("created_at", "desc").select("*");
}

export async function findById(db: Knex, id: string): Promise<ApplicationRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db<ApplicationRow>("visa_applications").where({ id }).first();
}

/** What a draft save writes: application fields and the step to resume at, nothing else. */
export type DraftFields = Partial<ApplicationFields> & { current_step?: number };

function toDb(fields: DraftFields): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  if (fields.visa_specific_data !== undefined) out.visa_specific_data = JSON.stringify(fields.visa_specific_data);
  return out;
}

/** Serialises one applicant's quota checks with their writes (until the transaction ends). */
export async function lockApplicant(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx.raw("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", [`applicant:${userId}`]);
}

/** Inside the caller's transaction: whether the applicant's stored bytes, changed by `delta`, stay within `maxBytes`. */
export async function withinStorageQuota(trx: Knex.Transaction, userId: string, delta: number, maxBytes: number): Promise<boolean> {
  // Taken before counting, so that a parallel write of this applicant waits until this transaction has committed.
  await lockApplicant(trx, userId);
  const { storedBytes } = await usageOf(trx, userId);
  return storedBytes + delta <= maxBytes;
}

/** A new draft of this applicant; `member` makes it a family member of a lead's application (models/familyGroups.ts). */
export async function insertDraft(
  db: Knex,
  userId: string,
  fields: DraftFields,
  member: { group_lead_id: string; group_relation: string; group_relation_other: string | null } | Record<string, never> = {},
): Promise<ApplicationRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db<ApplicationRow>("visa_applications")
        .insert({ ...toDb(fields), ...member, user_id: userId, reference_number: newReference(), status: "draft" })
        .returning("*");
      return row;
    } catch (err) {
      const e = err as { code?: string; constraint?: string };
      if (attempt < 5 && e.code === "23505" && e.constraint?.includes("reference_number")) continue;
      throw err;
    }
  }
}

/** Inside the caller's transaction: a new draft, unless the applicant already has `maxOpenDrafts` open (undefined). */
export async function openDraft(
  trx: Knex.Transaction,
  userId: string,
  fields: DraftFields,
  maxOpenDrafts: number,
): Promise<ApplicationRow | undefined> {
  await lockApplicant(trx, userId);
  // A family's members are drafts of the lead's group, counted by the group's own limit (domain/family.ts).
  const [{ n }] = await trx("visa_applications").where({ user_id: userId, status: "draft" }).whereNull("group_lead_id").count({ n: "*" });
  if (Number(n) >= maxOpenDrafts) return undefined;
  return insertDraft(trx, userId, fields);
}

export type UpdateResult = { ok: true; row: ApplicationRow } | { ok: false; reason: "not_found" | "not_draft" };

/** Updates a draft of this user (inside the caller's transaction); a submitted one is refused (only drafts are editable). */
export async function updateDraft(db: Knex, id: string, userId: string, fields: DraftFields): Promise<UpdateResult> {
  if (!isUuid(id)) return { ok: false, reason: "not_found" };
  const [row] = await db<ApplicationRow>("visa_applications")
    .where({ id, user_id: userId, status: "draft" })
    .update({ ...toDb(fields), updated_at: db.fn.now() })
    .returning("*");
  if (row) return { ok: true, row };
  const exists = await db("visa_applications").where({ id, user_id: userId }).first("status");
  return { ok: false, reason: exists ? "not_draft" : "not_found" };
}

/**
 * An application's history, newest first. Staff see every row, an undo beside the change it undid; the applicant
 * (`undone: "hidden"`) sees neither: the change was never announced to them.
 */
export async function historyFor(db: Knex, applicationId: string, undone: "shown" | "hidden" = "shown"): Promise<HistoryRow[]> {
  const q = db("application_status_history as h")
    .leftJoin("users as u", "u.id", "h.changed_by")
    .leftJoin("application_status_history as c", "c.id", "h.undoes")
    .where("h.application_id", applicationId)
    .orderBy("h.created_at", "desc")
    .select("h.id", "h.status", "h.notes", "h.created_at", "u.full_name as changed_by_name", "c.status as undid_status");
  if (undone === "hidden") {
    q.whereNull("h.undoes").whereNotExists(db("application_status_history as x").whereRaw("x.undoes = h.id").select(db.raw("1")));
  }
  return q;
}

/** What an applicant holds: open drafts, and bytes of stored files (documents and passport files). */
export async function usageOf(db: Knex, userId: string): Promise<{ openDrafts: number; storedBytes: number }> {
  const [row] = (await db.select(
    db.raw("(SELECT count(*) FROM visa_applications WHERE user_id = ? AND status = 'draft')::int AS open_drafts", [userId]),
    db.raw(
      `((SELECT coalesce(sum(d.file_size), 0) FROM application_documents d JOIN visa_applications a ON a.id = d.application_id
            WHERE a.user_id = ?)
          + (SELECT coalesce(sum(coalesce(passport_scan_size, 0) + coalesce(photo_size, 0)), 0) FROM visa_applications WHERE user_id = ?))::bigint AS stored_bytes`,
      [userId, userId],
    ),
  )) as { open_drafts: number; stored_bytes: string }[];
  return { openDrafts: row.open_drafts, storedBytes: Number(row.stored_bytes) };
}
