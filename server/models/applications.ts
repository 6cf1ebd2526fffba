// visa_applications and their status history: the only module with SQL for them (applicant side).
import { randomInt } from "node:crypto";
import type { Knex } from "knex";

export interface ApplicationRow {
  id: string;
  user_id: string;
  reference_number: string;
  visa_type: string | null;
  status: string;
  current_step: number;
  submitted_at: Date | null;
  created_at: Date;
  updated_at: Date;
  payment_status: string;
  amount_paid: number | null;
  payment_reference: string | null;
  paid_at: Date | null;
  full_name: string | null;
  date_of_birth: string | null;
  gender: string | null;
  marital_status: string | null;
  nationality: string | null;
  passport_number: string | null;
  passport_issuing_country: string | null;
  passport_issue_date: string | null;
  passport_expiry_date: string | null;
  passport_scan_url: string | null;
  passport_scan_path: string | null;
  passport_scan_mime: string | null;
  photo_url: string | null;
  photo_path: string | null;
  photo_mime: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  emergency_contact_name: string | null;
  emergency_contact_phone: string | null;
  destination_country: string | null;
  arrival_date: string | null;
  departure_date: string | null;
  travel_purpose: string | null;
  itinerary: string | null;
  visa_specific_data: Record<string, string>;
  criminal_history: boolean;
  criminal_history_details: string | null;
  prior_visa_refusals: boolean;
  prior_visa_refusal_details: string | null;
  medical_conditions: string | null;
}

export interface HistoryRow {
  id: string;
  status: string;
  notes: string | null;
  created_at: Date;
  changed_by_name: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: unknown): v is string => typeof v === "string" && UUID.test(v);

const REF_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** Human-readable, unambiguous reference, e.g. VA-2026-7KQ4MZ. */
export function newReference(now = new Date()): string {
  let code = "";
  for (let i = 0; i < 6; i++) code += REF_ALPHABET[randomInt(REF_ALPHABET.length)];
  return `VA-${now.getUTCFullYear()}-${code}`;
}

export async function listForUser(db: Knex, userId: string) {
  return db<ApplicationRow>("visa_applications")
    .where({ user_id: userId })
    .orderBy("created_at", "desc")
    .select("id", "reference_number", "visa_type", "destination_country", "status", "payment_status", "created_at", "submitted_at", "current_step");
}

export async function findForUser(db: Knex, id: string, userId: string): Promise<ApplicationRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db<ApplicationRow>("visa_applications").where({ id, user_id: userId }).first();
}

export async function findById(db: Knex, id: string): Promise<ApplicationRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db<ApplicationRow>("visa_applications").where({ id }).first();
}

export type DraftFields = Partial<
  Omit<ApplicationRow, "id" | "user_id" | "reference_number" | "status" | "payment_status" | "amount_paid" | "payment_reference">
>;

function toDb(fields: DraftFields): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  if (fields.visa_specific_data !== undefined) out.visa_specific_data = JSON.stringify(fields.visa_specific_data);
  return out;
}

export async function createDraft(db: Knex, userId: string, fields: DraftFields): Promise<ApplicationRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db<ApplicationRow>("visa_applications")
        .insert({ ...toDb(fields), user_id: userId, reference_number: newReference(), status: "draft" })
        .returning("*");
      return row;
    } catch (err) {
      const e = err as { code?: string; constraint?: string };
      if (attempt < 5 && e.code === "23505" && e.constraint?.includes("reference_number")) continue;
      throw err;
    }
  }
}

export type UpdateResult = { ok: true; row: ApplicationRow } | { ok: false; reason: "not_found" | "not_draft" };

/** Updates a draft of this user; a submitted one is refused (only drafts are editable). */
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

export type SubmitResult = { ok: true; row: ApplicationRow } | { ok: false; reason: "not_found" | "not_draft" | "incomplete"; missing?: unknown };

/** Submits a complete draft: status, submitted_at and a history row in one transaction. */
export async function submitDraft(
  db: Knex,
  id: string,
  userId: string,
  check: (row: ApplicationRow) => { ok: boolean; missing?: unknown },
  /** Runs inside the transaction after the submission (queues its messages: they commit or roll back with it). */
  after?: (trx: Knex.Transaction, row: ApplicationRow) => Promise<void>,
): Promise<SubmitResult> {
  if (!isUuid(id)) return { ok: false, reason: "not_found" };
  return db.transaction(async (trx) => {
    const row = await trx<ApplicationRow>("visa_applications").where({ id, user_id: userId }).forUpdate().first();
    if (!row) return { ok: false, reason: "not_found" } as const;
    if (row.status !== "draft") return { ok: false, reason: "not_draft" } as const;
    const verdict = check(row);
    if (!verdict.ok) return { ok: false, reason: "incomplete", missing: verdict.missing } as const;
    const [updated] = await trx<ApplicationRow>("visa_applications")
      .where({ id })
      .update({ status: "submitted", submitted_at: trx.fn.now(), updated_at: trx.fn.now() })
      .returning("*");
    await trx("application_status_history").insert({ application_id: id, status: "submitted", changed_by: userId, notes: null });
    await after?.(trx, updated);
    return { ok: true, row: updated } as const;
  });
}

export async function historyFor(db: Knex, applicationId: string): Promise<HistoryRow[]> {
  return db("application_status_history as h")
    .leftJoin("users as u", "u.id", "h.changed_by")
    .where("h.application_id", applicationId)
    .orderBy("h.created_at", "desc")
    .select("h.id", "h.status", "h.notes", "h.created_at", "u.full_name as changed_by_name");
}
