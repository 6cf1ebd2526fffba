// Payments: each payment attempt's row (an application's fee or a consultation's booking) and its guarded state
// changes, the application's fee marked paid (one guarded update, so concurrent payments of one application record
// exactly one), and receipt lookups. Exchange rates: exchangeRates.ts; staff's lists: paymentLists.ts.
import { randomInt } from "node:crypto";
import type { Knex } from "knex";
import type { Currency } from "../domain/money.ts";
import { PAYABLE_STATUSES } from "../domain/status.ts";
import type { ApplicationRow } from "./applications.ts";
import { isUuid } from "./ids.ts";

export type Provider = "demo" | "paystack" | "bank_transfer";
export type PaymentState = "pending" | "awaiting_confirmation" | "paid" | "failed" | "needs_attention" | "refunded" | "returned";

export interface PaymentRow {
  id: string;
  /** Exactly one of the two: an application's fee, or a paid consultation's booking (no account needed). */
  application_id: string | null;
  booking_id: string | null;
  user_id: string | null;
  provider: Provider;
  currency: Currency;
  amount_minor: number;
  fee_usd_cents: number | null;
  rate_kobo_per_usd: number | null;
  rate_set_at: Date | null;
  quote_expires_at: Date;
  reference: string;
  provider_reference: string | null;
  authorization_url: string | null;
  payment_code: string | null;
  state: PaymentState;
  verified_amount_minor: number | null;
  verified_currency: string | null;
  proof_path: string | null;
  proof_mime: string | null;
  proof_size: number | null;
  proof_name: string | null;
  proof_uploaded_at: Date | null;
  received_minor: number | null;
  decision_note: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  receipt_code: string | null;
  paid_at: Date | null;
  refund_minor: number | null;
  refund_reason: string | null;
  provider_refund_id: string | null;
  refunded_by: string | null;
  refunded_at: Date | null;
  /** The bill's version the quote was made at, and the part of the amount collected on the applicant's behalf. */
  bill_version: number;
  pass_through_minor: number;
  /** The instalment this payment pays, when staff split the bill; null: the whole bill. */
  instalment_id: string | null;
  /** A family group's bill: the members' cases it covers (its receipt names them); empty otherwise. */
  covers: string[];
  created_at: Date;
  updated_at: Date;
}

/** An application's payment: it always has the account and the price-list fee (payments_application_fields). */
export type ApplicationPaymentRow = PaymentRow & { application_id: string; user_id: string; fee_usd_cents: number };
export const isApplicationPayment = (p: PaymentRow): p is ApplicationPaymentRow => p.application_id !== null;
/** What a payment is for, as its audit entries name it. */
export const paymentSubject = (p: PaymentRow) =>
  p.booking_id ? { subjectType: "booking" as const, subjectId: p.booking_id } : { subjectType: "application" as const, subjectId: p.application_id };

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** No 0/O, 1/I/L: codes people read aloud or type from paper. */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

const randomFrom = (alphabet: string, length: number) => Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join("");

/** 'PAY-' + timestamp + a random uppercase string (SPEC §9): the demo card's reference. */
export function paymentReference(now = Date.now()): string {
  return `PAY-${now}-${randomFrom(LETTERS, 8)}`;
}

/** Our reference for a provider's transaction: unique, unguessable, safe in a URL. */
export const providerReference = () => `HG-${Date.now().toString(36).toUpperCase()}-${randomFrom(CODE_ALPHABET, 10)}`;
/** The bank-transfer narration code: short enough to type into a banking app. */
export const transferCode = () => `HG${randomFrom(CODE_ALPHABET, 6)}`;
/** The public receipt's code: 32^10 possibilities, checked under a rate limit. */
export const receiptCode = () => randomFrom(CODE_ALPHABET, 10);

// ---- payment rows ----

export const numeric = (row: PaymentRow | undefined): PaymentRow | undefined =>
  row && {
    ...row,
    amount_minor: Number(row.amount_minor),
    verified_amount_minor: row.verified_amount_minor === null ? null : Number(row.verified_amount_minor),
    received_minor: row.received_minor === null ? null : Number(row.received_minor),
    refund_minor: row.refund_minor === null ? null : Number(row.refund_minor),
    pass_through_minor: Number(row.pass_through_minor ?? 0),
  };

export type NewPayment = Pick<
  PaymentRow,
  | "application_id"
  | "user_id"
  | "provider"
  | "currency"
  | "amount_minor"
  | "fee_usd_cents"
  | "rate_kobo_per_usd"
  | "rate_set_at"
  | "quote_expires_at"
  | "reference"
> &
  Partial<Pick<PaymentRow, "bill_version" | "pass_through_minor" | "instalment_id" | "covers">> &
  Partial<Pick<PaymentRow, "payment_code" | "state" | "provider_reference" | "authorization_url">>;

export async function insertPayment(db: Knex, payment: NewPayment): Promise<PaymentRow> {
  const [row] = await db<PaymentRow>("payments").insert(payment).returning("*");
  return numeric(row) as PaymentRow;
}

export async function findPayment(db: Knex, id: string): Promise<PaymentRow | undefined> {
  if (!isUuid(id)) return undefined;
  return numeric(await db<PaymentRow>("payments").where({ id }).first());
}

export async function findPaymentByReference(db: Knex, reference: string): Promise<PaymentRow | undefined> {
  return numeric(await db<PaymentRow>("payments").where({ reference }).first());
}

/** The open (pending or awaiting confirmation) attempt of this provider for the application. */
export async function findOpenPayment(db: Knex, applicationId: string, provider: Provider): Promise<ApplicationPaymentRow | undefined> {
  return numeric(
    await db<PaymentRow>("payments")
      .where({ application_id: applicationId, provider })
      .whereIn("state", ["pending", "awaiting_confirmation"])
      .first(),
  ) as ApplicationPaymentRow | undefined;
}

/** What an attempt closed because what is owed changed says (the applicant's payment page shows it). */
export const QUOTE_NO_LONGER_VALID = "Quote no longer valid";

/**
 * Closes the application's attempts that no money is known to be on (pending: a checkout not paid, a transfer with no
 * proof) because what is owed has changed: the caller's transaction. A transfer whose proof waits stays for staff.
 * Money that still arrives on a closed attempt is verified and held for staff (settlePayment), never taken as the fee.
 */
export async function closeOpenQuotes(db: Knex, applicationId: string): Promise<number> {
  // The caller holds the application's lock. An attempt another transaction is updating right now is skipped, not
  // waited for: a settlement takes the application first (lockPayment), so it waits for this change and then settles
  // or holds the money by what the application owes after it.
  const settling = db("payments").select("id").where({ application_id: applicationId, state: "pending" }).forUpdate().skipLocked();
  return db("payments").whereIn("id", settling).update({ state: "failed", decision_note: QUOTE_NO_LONGER_VALID, updated_at: db.fn.now() });
}

/**
 * Before another way to pay opens, under the application's lock: the attempts still waiting for money close (the
 * database keeps one open attempt per application, `payments_one_open`). Unlike closeOpenQuotes this waits for an
 * attempt being updated; none of those updates waits for the application, so no circle of waits forms.
 */
export async function closePendingAttempts(db: Knex, applicationId: string, opening: Provider): Promise<PaymentRow[]> {
  const rows = await db<PaymentRow>("payments")
    .where({ application_id: applicationId, state: "pending" })
    .update({ state: "failed", decision_note: CLOSED_FOR[opening], updated_at: db.fn.now() })
    .returning("*");
  return rows.map((r) => numeric(r) as PaymentRow);
}

/** Why an attempt closed when the applicant chose another way to pay (one open attempt per application). */
export const CLOSED_FOR: Record<Provider, string> = {
  paystack: "Closed: the applicant chose to pay with Paystack",
  bank_transfer: "Closed: the applicant chose to pay by bank transfer",
  demo: "Closed: the applicant paid by card",
};

/** The application's transfer whose proof waits for staff, if any: while it waits, no other payment is opened. */
export async function transferAwaitingStaff(db: Knex, applicationId: string): Promise<ApplicationPaymentRow | undefined> {
  const open = await findOpenPayment(db, applicationId, "bank_transfer");
  return open?.state === "awaiting_confirmation" ? open : undefined;
}

/** The transfers whose proof waits for staff among these applications, by application (the applicant's dashboard). */
export async function transfersAwaitingStaff(db: Knex, applicationIds: string[]): Promise<Map<string, ApplicationPaymentRow>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await db<PaymentRow>("payments")
    .whereIn("application_id", applicationIds)
    .where({ provider: "bank_transfer", state: "awaiting_confirmation" });
  return new Map(rows.map((r) => [String(r.application_id), numeric(r) as ApplicationPaymentRow]));
}

export async function paymentsOfApplication(db: Knex, applicationId: string): Promise<ApplicationPaymentRow[]> {
  const rows = await db<PaymentRow>("payments").where({ application_id: applicationId }).orderBy("created_at", "desc");
  return rows.map((r) => numeric(r) as ApplicationPaymentRow);
}

/**
 * The payment row, locked for the caller's transaction (settling it twice at once serialises here), and before it its
 * application when it has one. Every path that holds both takes the application first (status changes, a transfer's
 * proof, its withdrawal, confirming, a webhook's settlement), so two of them never wait on each other in a circle. A
 * payment's application never changes, so reading it unlocked is safe.
 */
export async function lockPayment(db: Knex, id: string): Promise<PaymentRow | undefined> {
  const owner = await db<PaymentRow>("payments").where({ id }).first("application_id");
  if (!owner) return undefined;
  if (owner.application_id) await db("visa_applications").where({ id: owner.application_id }).forUpdate().first("id");
  return numeric(await db<PaymentRow>("payments").where({ id }).forUpdate().first());
}

/** Moves a payment from one of `from` to `to` with `fields`; undefined when it was no longer in one of `from`. */
export async function movePayment(
  db: Knex,
  id: string,
  from: readonly PaymentState[],
  to: PaymentState,
  fields: Partial<PaymentRow> = {},
): Promise<PaymentRow | undefined> {
  const [row] = await db<PaymentRow>("payments")
    .where({ id })
    .whereIn("state", from)
    .update({ ...fields, state: to, updated_at: db.fn.now() })
    .returning("*");
  return numeric(row);
}

/**
 * A checkout closed without anyone asking Paystack about it: the applicant chose another way to pay, or what is owed
 * changed. They may have paid it in a tab left open, so the reconcile job still asks Paystack (a failed charge, or one
 * that ran out of time, was asked already and is not).
 */
export const closedUnverified = (p: Pick<PaymentRow, "provider" | "state" | "decision_note">): boolean =>
  p.provider === "paystack" &&
  p.state === "failed" &&
  (p.decision_note === QUOTE_NO_LONGER_VALID || Object.values(CLOSED_FOR).includes(p.decision_note ?? ""));

/**
 * The money that actually arrived on an attempt: what staff counted on a transfer, else what the provider verified
 * (in the currency it verified: a held Paystack payment may have come in another). Null when nothing is known to
 * have arrived. Staff's lists, the CSV's Received column and a held payment's apply and refund all read it.
 */
export function moneyReceived(row: PaymentRow): { minor: number; currency: PaymentRow["currency"] } | null {
  if (row.received_minor !== null) return { minor: row.received_minor, currency: row.currency };
  if (row.verified_amount_minor !== null)
    return { minor: row.verified_amount_minor, currency: (row.verified_currency ?? row.currency) as PaymentRow["currency"] };
  return null;
}

// ---- the application's fee ----

/** The applicant's application, locked for the caller's transaction: two payments of one fee at once serialise here. */
export async function lockOwnApplication(db: Knex, id: string, userId: string): Promise<ApplicationRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db<ApplicationRow>("visa_applications").where({ id, user_id: userId }).forUpdate().first();
}

/**
 * Marks a payable (domain/status.ts), unpaid application as paid with the price-list fee in dollars (SPEC's
 * amount_paid) and the payment's reference; undefined when that no longer holds.
 */
export async function markApplicationPaid(
  db: Knex,
  id: string,
  amountUsd: number,
  reference: string,
  paidAt: Date | null = null,
): Promise<ApplicationRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db<ApplicationRow>("visa_applications")
    .where({ id, payment_status: "pending" })
    .whereIn("status", PAYABLE_STATUSES)
    .update({
      payment_status: "paid",
      amount_paid: amountUsd,
      payment_reference: reference,
      paid_at: paidAt ?? db.fn.now(),
      updated_at: db.fn.now(),
    })
    .returning("*");
  return row;
}

export async function markApplicationRefunded(db: Knex, id: string): Promise<void> {
  await db("visa_applications").where({ id, payment_status: "paid" }).update({ payment_status: "refunded", updated_at: db.fn.now() });
}

// ---- receipts ----

export interface ReceiptRow {
  receipt_code: string;
  reference_number: string;
  full_name: string | null;
  currency: Currency;
  amount_minor: number;
  paid_at: Date;
  state: PaymentState;
  refund_minor: number | null;
  refunded_at: Date | null;
  /** A family group's payment: the members' cases it covers. */
  covers: string[];
}

export async function findReceipt(db: Knex, code: string): Promise<ReceiptRow | undefined> {
  const row = await db("payments as p")
    .join("visa_applications as a", "a.id", "p.application_id")
    .where("p.receipt_code", code)
    .whereIn("p.state", ["paid", "refunded"])
    .first(
      "p.receipt_code",
      "a.reference_number",
      "a.full_name",
      "p.currency",
      "p.amount_minor",
      "p.paid_at",
      "p.state",
      "p.refund_minor",
      "p.refunded_at",
      "p.covers",
    );
  return row && { ...row, amount_minor: Number(row.amount_minor), refund_minor: row.refund_minor === null ? null : Number(row.refund_minor) };
}

/** The paid (or since refunded) payment of an application: its receipt. */
export async function settledPayment(db: Knex, applicationId: string): Promise<ApplicationPaymentRow | undefined> {
  return numeric(await db<PaymentRow>("payments").where({ application_id: applicationId }).whereIn("state", ["paid", "refunded"]).first()) as
    | ApplicationPaymentRow
    | undefined;
}
