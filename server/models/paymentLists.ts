// Staff's lists of payments (the admin Payments pages), an application's fee or a paid consultation's: filtered and
// paged, the transfers waiting for a decision, and one payment with what staff read beside it.
import type { Knex } from "knex";
import { isUuid } from "./ids.ts";
import { numeric, type PaymentRow, type PaymentState, type Provider } from "./payments.ts";

export interface PaymentListFilters {
  state?: PaymentState;
  provider?: Provider;
  /** Inclusive days, YYYY-MM-DD, in Lagos time, of when the attempt started. */
  from?: string;
  to?: string;
}

/**
 * A payment with what staff read beside it, who decided, and what it paid for: an application (its reference and
 * status; the applicant) or a consultation (its type, staff member, time and status; the visitor's name and address).
 */
export type PaymentListRow = PaymentRow & {
  reference_number: string | null;
  application_status: string | null;
  application_payment_status: string | null;
  application_visa_type: string | null;
  /** The applicant, or the visitor who booked the consultation. */
  applicant_name: string | null;
  /** The account's address, or the address the consultation was booked with. */
  account_email: string | null;
  decided_by_name: string | null;
  booking_type: string | null;
  booking_staff_name: string | null;
  booking_starts_at: Date | null;
  booking_status: string | null;
};

function staffView(db: Knex) {
  return db("payments as p")
    .leftJoin("visa_applications as a", "a.id", "p.application_id")
    .leftJoin("bookings as b", "b.id", "p.booking_id")
    .leftJoin("consultation_types as ct", "ct.id", "b.type_id")
    .leftJoin("users as bs", "bs.id", "b.staff_id")
    .leftJoin("users as u", "u.id", "p.user_id")
    .leftJoin("users as d", "d.id", "p.decided_by")
    .select(
      "p.*",
      "a.reference_number",
      "a.status as application_status",
      "a.payment_status as application_payment_status",
      "a.visa_type as application_visa_type",
      db.raw("coalesce(nullif(trim(a.full_name), ''), u.full_name, b.name) as applicant_name"),
      db.raw("coalesce(u.email, b.email) as account_email"),
      "d.full_name as decided_by_name",
      "ct.name as booking_type",
      "bs.full_name as booking_staff_name",
      "b.starts_at as booking_starts_at",
      "b.status as booking_status",
    );
}

const listRow = (row: PaymentListRow): PaymentListRow => ({ ...row, ...(numeric(row) as PaymentRow) });

/** The Payments page counts its matches exactly up to this many; past it, it says "more than". */
export const PAYMENT_COUNT_CAP = 10_000;

/**
 * Every payment matching `f`, newest first, `size` from `offset`, with the number of matches: exact up to
 * PAYMENT_COUNT_CAP, else the cap with `more` (counting half a million payments on every visit took longer than the list).
 */
export async function listPayments(
  db: Knex,
  f: PaymentListFilters,
  size: number,
  offset: number,
): Promise<{ rows: PaymentListRow[]; total: number; more: boolean }> {
  const filtered = (q: Knex.QueryBuilder) => {
    if (f.state) q.where("p.state", f.state);
    if (f.provider) q.where("p.provider", f.provider);
    if (f.from) q.where("p.created_at", ">=", db.raw("(?::date)::timestamp AT TIME ZONE 'Africa/Lagos'", [f.from]));
    if (f.to) q.where("p.created_at", "<", db.raw("((?::date) + 1)::timestamp AT TIME ZONE 'Africa/Lagos'", [f.to]));
    return q;
  };
  const [rows, count] = await Promise.all([
    filtered(staffView(db))
      .orderBy([
        { column: "p.created_at", order: "desc" },
        { column: "p.id", order: "desc" },
      ])
      .limit(size)
      .offset(offset),
    db.count<{ n: string }[]>({ n: "*" }).from(
      filtered(db("payments as p"))
        .select(db.raw("1"))
        .limit(PAYMENT_COUNT_CAP + 1)
        .as("x"),
    ),
  ]);
  const n = Number(count[0]?.n ?? 0);
  return { rows: (rows as PaymentListRow[]).map(listRow), total: Math.min(n, PAYMENT_COUNT_CAP), more: n > PAYMENT_COUNT_CAP };
}

/** Bank transfers whose proof waits for staff, oldest first (the first waited longest). */
export async function transfersToConfirm(db: Knex): Promise<PaymentListRow[]> {
  const rows = await staffView(db)
    .where({ "p.provider": "bank_transfer", "p.state": "awaiting_confirmation" })
    .orderBy([
      { column: "p.proof_uploaded_at", order: "asc" },
      { column: "p.id", order: "asc" },
    ]);
  return (rows as PaymentListRow[]).map(listRow);
}

export async function findPaymentForStaff(db: Knex, id: string): Promise<PaymentListRow | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await staffView(db).where("p.id", id).first();
  return row && listRow(row as PaymentListRow);
}

/** One payment as staff read it (the refund pages use the same view). */
export type StaffPaymentRow = PaymentListRow;
