// Each applicant's own account number at Paystack (a dedicated virtual account: one per person, keyed by the user) and
// the transfers that arrived on one, each recorded once under Paystack's reference.
import type { Knex } from "knex";
import { PAYABLE_STATUSES } from "../domain/status.ts";
import type { ApplicationRow } from "./applications.ts";
import { isUuid } from "./ids.ts";

export type DedicatedAccountState = "requested" | "assigned" | "failed";

export interface DedicatedAccountRow {
  user_id: string;
  state: DedicatedAccountState;
  preferred_bank: string;
  customer_code: string | null;
  customer_id: string | null;
  provider_account_id: string | null;
  bank_name: string | null;
  bank_slug: string | null;
  account_number: string | null;
  account_name: string | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

export type TransferOutcome = "settled" | "held" | "closed";

export interface DedicatedTransferRow {
  id: string;
  reference: string;
  provider_id: string;
  user_id: string | null;
  customer_code: string | null;
  account_number: string | null;
  amount_minor: number;
  currency: string;
  paid_at: Date | null;
  outcome: TransferOutcome;
  payment_id: string | null;
  reason: string | null;
  closed_by: string | null;
  closed_at: Date | null;
  close_note: string | null;
  created_at: Date;
}

export async function findDedicatedAccount(db: Knex, userId: string): Promise<DedicatedAccountRow | undefined> {
  return db<DedicatedAccountRow>("dedicated_accounts").where({ user_id: userId }).first();
}

/**
 * Asks for the person's account once: true when this call made the request (the caller queues Paystack's side). Two
 * page loads at once insert one row; a failed request is asked again once `retryAfterMs` has passed since it failed.
 */
export async function requestDedicatedAccount(db: Knex, userId: string, preferredBank: string, retryAfterMs: number): Promise<boolean> {
  const inserted = await db("dedicated_accounts")
    .insert({ user_id: userId, preferred_bank: preferredBank })
    .onConflict("user_id")
    .ignore()
    .returning("user_id");
  if (inserted.length) return true;
  const retried = await db("dedicated_accounts")
    .where({ user_id: userId, state: "failed" })
    .where("updated_at", "<", new Date(Date.now() - retryAfterMs))
    .update({ state: "requested", preferred_bank: preferredBank, updated_at: db.fn.now() })
    .returning("user_id");
  return retried.length > 0;
}

export async function updateDedicatedAccount(db: Knex, userId: string, fields: Partial<DedicatedAccountRow>): Promise<void> {
  await db("dedicated_accounts")
    .where({ user_id: userId })
    .update({ ...fields, updated_at: db.fn.now() });
}

/** The account Paystack filed a charge under: by its customer code, or by the number the money was sent to. */
export async function findAccountOf(db: Knex, by: { customerCode: string | null; accountNumber: string | null }) {
  const byCustomer = by.customerCode
    ? await db<DedicatedAccountRow>("dedicated_accounts").where({ customer_code: by.customerCode, state: "assigned" }).first()
    : undefined;
  const byNumber = by.accountNumber
    ? await db<DedicatedAccountRow>("dedicated_accounts").where({ account_number: by.accountNumber, state: "assigned" }).first()
    : undefined;
  return { byCustomer, byNumber };
}

/** Records a transfer once: undefined when its reference was recorded already (a repeated event). */
export async function recordTransfer(
  trx: Knex.Transaction,
  row: Pick<
    DedicatedTransferRow,
    "reference" | "provider_id" | "user_id" | "customer_code" | "account_number" | "amount_minor" | "currency" | "paid_at"
  > &
    Pick<DedicatedTransferRow, "outcome" | "reason">,
): Promise<DedicatedTransferRow | undefined> {
  const [inserted] = await trx("dedicated_transfers").insert(row).onConflict("reference").ignore().returning("*");
  return inserted ? numeric(inserted) : undefined;
}

export async function updateTransfer(trx: Knex.Transaction, id: string, fields: Partial<DedicatedTransferRow>): Promise<DedicatedTransferRow> {
  const [row] = await trx("dedicated_transfers").where({ id }).update(fields).returning("*");
  return numeric(row);
}

export async function findTransferByReference(db: Knex, reference: string): Promise<DedicatedTransferRow | undefined> {
  const row = await db<DedicatedTransferRow>("dedicated_transfers").where({ reference }).first();
  return row && numeric(row);
}

/** `lock`: for the caller's transaction (two staff closing one at once serialise). */
export async function findTransfer(db: Knex, id: string, opts: { lock?: boolean } = {}): Promise<DedicatedTransferRow | undefined> {
  if (!isUuid(id)) return undefined;
  const query = db<DedicatedTransferRow>("dedicated_transfers").where({ id });
  const row = await (opts.lock ? query.forUpdate() : query).first();
  return row && numeric(row);
}

/** Held transfers that no application's payment carries (no fee owed, several owed): staff's Needs attention list. */
export async function heldUnattached(db: Knex): Promise<Array<DedicatedTransferRow & { full_name: string | null; email: string | null }>> {
  const rows = await db("dedicated_transfers as t")
    .leftJoin("users as u", "u.id", "t.user_id")
    .where("t.outcome", "held")
    .whereNull("t.payment_id")
    .orderBy("t.created_at", "asc")
    .select("t.*", "u.full_name", "u.email");
  return rows.map((r) => ({ ...numeric(r), full_name: r.full_name ?? null, email: r.email ?? null }));
}

/** The person's applications with a fee owed now, locked for the caller's transaction (in one order: no circle of waits). */
export async function lockPayableApplications(trx: Knex.Transaction, userId: string): Promise<ApplicationRow[]> {
  return trx<ApplicationRow>("visa_applications")
    .where({ user_id: userId, payment_status: "pending" })
    .whereIn("status", PAYABLE_STATUSES)
    .orderBy("id")
    .forUpdate();
}

function numeric<T extends { amount_minor: number | string }>(row: T): T {
  return { ...row, amount_minor: Number(row.amount_minor) };
}
