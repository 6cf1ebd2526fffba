// Bookings of consultations and their single-purpose links (reschedule, cancel; only a SHA-256 of a token is kept).
import { createHash, randomBytes } from "node:crypto";
import type { Knex } from "knex";
import type { TypePlace } from "../domain/consultations.ts";
import { takingConsultations } from "./consultations.ts";

type Db = Knex | Knex.Transaction;

export interface BookingRow {
  id: string;
  type_id: string;
  staff_id: string;
  starts_at: Date;
  ends_at: Date;
  blocked_until: Date;
  name: string;
  email: string;
  phone: string;
  destination: string;
  visa_type: string;
  status: "awaiting_payment" | "confirmed" | "cancelled" | "attended" | "no_show";
  sequence: number;
  uid: string;
  user_id: string | null;
  note: string | null;
  /** A paid type's booking holds its slot until then while it waits for its payment. */
  hold_expires_at: Date | null;
  cancel_reason: "unpaid" | null;
  created_at: Date;
}

export type NewBooking = Pick<
  BookingRow,
  "type_id" | "staff_id" | "starts_at" | "ends_at" | "blocked_until" | "name" | "email" | "phone" | "destination" | "visa_type" | "user_id"
> &
  Partial<Pick<BookingRow, "status" | "hold_expires_at">>;

/** PostgreSQL's exclusion_violation: the staff member already has a booking that overlaps (bookings_no_overlap). */
export const isOverlap = (err: unknown): boolean => (err as { code?: string })?.code === "23P01";

export async function insertBooking(trx: Db, row: NewBooking, uidDomain: string): Promise<BookingRow> {
  const id = (await trx.raw("SELECT gen_random_uuid() AS id")).rows[0].id as string;
  const [created] = await trx("bookings")
    .insert({ ...row, id, uid: `${id}@${uidDomain}` })
    .returning("*");
  return created;
}

export const findBooking = (db: Db, id: string): Promise<BookingRow | undefined> => db("bookings").where({ id }).first();

export const lockBooking = (trx: Knex.Transaction, id: string): Promise<BookingRow | undefined> => trx("bookings").where({ id }).forUpdate().first();

/** Moves a booking (its sequence goes up, so calendars replace the event). */
export async function moveBooking(
  trx: Knex.Transaction,
  id: string,
  times: Pick<BookingRow, "staff_id" | "starts_at" | "ends_at" | "blocked_until">,
) {
  const [row] = await trx("bookings")
    .where({ id })
    .update({ ...times, sequence: trx.raw("sequence + 1"), updated_at: trx.fn.now() })
    .returning("*");
  return row as BookingRow;
}

export async function setBookingStatus(trx: Knex.Transaction, id: string, status: BookingRow["status"], note?: string | null): Promise<BookingRow> {
  const [row] = await trx("bookings")
    .where({ id })
    .update({ status, ...(note !== undefined ? { note } : {}), sequence: trx.raw("sequence + 1"), updated_at: trx.fn.now() })
    .returning("*");
  return row;
}

/** An unpaid booking's hold ended: cancelled as unpaid, which frees its slot. */
export async function releaseUnpaid(trx: Knex.Transaction, id: string): Promise<BookingRow | undefined> {
  const [row] = await trx("bookings")
    .where({ id, status: "awaiting_payment" })
    .update({ status: "cancelled", cancel_reason: "unpaid", updated_at: trx.fn.now() })
    .returning("*");
  return row;
}

/**
 * A paid booking becomes confirmed: from awaiting payment, or back from a lapsed hold (then the exclusion constraint
 * refuses it when the slot was taken meanwhile: run it in a savepoint).
 */
export async function confirmPaid(trx: Knex.Transaction, id: string): Promise<BookingRow> {
  const [row] = await trx("bookings")
    .where({ id })
    .update({ status: "confirmed", hold_expires_at: null, cancel_reason: null, updated_at: trx.fn.now() })
    .returning("*");
  return row;
}

export type BookingLinkPurpose = "reschedule" | "cancel";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** A fresh link token for the booking; returns the token, which is never stored. */
export async function issueBookingToken(db: Db, bookingId: string, purpose: BookingLinkPurpose): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db("booking_tokens").insert({ token_hash: sha256(token), booking_id: bookingId, purpose });
  return token;
}

/**
 * The booking a live link token belongs to: unused, of this purpose, for a confirmed booking that has not started.
 * `lock` takes the booking for update, then reads the token again, so two uses of the booking's links cannot both pass.
 */
export async function findByLinkToken(db: Db, token: string, purpose: BookingLinkPurpose, lock = false): Promise<BookingRow | undefined> {
  if (typeof token !== "string" || token.length < 20 || token.length > 100) return undefined;
  const query = () =>
    db("booking_tokens as t")
      .join("bookings as b", "b.id", "t.booking_id")
      .where({ "t.token_hash": sha256(token), "t.purpose": purpose, "b.status": "confirmed" })
      .whereNull("t.used_at")
      .where("b.starts_at", ">", db.fn.now())
      .first("b.*");
  if (!lock) return query();
  // A use that waited for the lock re-checks the booking row the first use left, but the token row as it was before
  // that use spent it: only a new statement sees the spent token, whichever of the booking's links spent it.
  return (await query().forUpdate("b")) && query();
}

/** Every link of the booking stops working (it was moved or cancelled: the new e-mail carries new ones). */
export async function spendBookingTokens(db: Db, bookingId: string): Promise<void> {
  await db("booking_tokens").where({ booking_id: bookingId }).whereNull("used_at").update({ used_at: db.fn.now() });
}

/** A booking with its type (name, length, and how its meetings happen) and its staff member's name. */
export interface AgendaRow extends BookingRow, TypePlace {
  type_name: string;
  minutes: number;
  staff_name: string;
}

/** A meeting on the agenda, with the lead of its address (by `leads_email_lower_unique`) when there is one. */
export type AgendaListRow = AgendaRow & { lead_id: string | null; payment_state: string | null };

/** Bookings with their type's name, length and mode and their staff member's name (an AgendaRow each). */
const withTypeAndStaff = (db: Db) =>
  db("bookings as b")
    .join("consultation_types as t", "t.id", "b.type_id")
    .join("users as u", "u.id", "b.staff_id")
    .select(
      "b.*",
      "t.name as type_name",
      "t.minutes",
      "t.mode",
      "t.video_url",
      "t.office_address",
      "t.phone_caller",
      "t.phone_number",
      "u.full_name as staff_name",
    );

/** Non-cancelled bookings starting in [from, to), for one staff member or everyone, earliest first. */
export function agenda(db: Db, range: { from: Date; to: Date; staffId?: string }): Promise<AgendaListRow[]> {
  return withTypeAndStaff(db)
    .leftJoin("leads as l", (j) => j.on(db.raw("lower(l.email) = lower(b.email)")))
    .whereNot("b.status", "cancelled")
    .where("b.starts_at", ">=", range.from)
    .where("b.starts_at", "<", range.to)
    .modify((q) => (range.staffId ? q.where("b.staff_id", range.staffId) : q))
    .orderBy("b.starts_at")
    .select(
      "l.id as lead_id",
      db.raw("(SELECT p.state FROM payments p WHERE p.booking_id = b.id ORDER BY p.created_at DESC LIMIT 1) AS payment_state"),
    );
}

/** The next meetings starting at `after` or later (booked or held for payment), for one staff member or everyone. */
export const comingUp = (db: Db, range: { after: Date; staffId?: string; limit: number }): Promise<AgendaRow[]> =>
  withTypeAndStaff(db)
    .whereIn("b.status", ["confirmed", "awaiting_payment"])
    .where("b.starts_at", ">=", range.after)
    .modify((q) => (range.staffId ? q.where("b.staff_id", range.staffId) : q))
    .orderBy("b.starts_at")
    .limit(range.limit);

/**
 * A staff member's bookings for their calendar feed: from 30 days ago on, cancelled ones included (as cancelled); a
 * paid one only once it is paid (never one held for payment, nor one released unpaid).
 */
export const feedBookings = (db: Db, staffId: string): Promise<AgendaRow[]> =>
  withTypeAndStaff(db)
    .where("b.staff_id", staffId)
    .where("b.starts_at", ">=", db.raw("now() - interval '30 days'"))
    .whereNot("b.status", "awaiting_payment")
    .whereNull("b.cancel_reason")
    .orderBy("b.starts_at");

/** Not started, not cancelled and not marked: a meeting someone must still hold (or one held for its payment). */
const COMING = ["confirmed", "awaiting_payment"] as const;

/** The staff member's coming meetings, locked until the caller's transaction ends, earliest first. */
export const comingBookingsOf = (trx: Knex.Transaction, staffId: string, now: Date): Promise<BookingRow[]> =>
  trx("bookings").where({ staff_id: staffId }).whereIn("status", COMING).where("starts_at", ">", now).orderBy("starts_at").forUpdate();

/** Coming meetings whose staff member no longer takes consultations (they left): a manager gives them to someone. */
export const bookingsToReassign = (db: Db, now: Date): Promise<AgendaRow[]> =>
  withTypeAndStaff(db)
    .whereIn("b.status", COMING)
    .where("b.starts_at", ">", now)
    .whereNotIn("b.staff_id", takingConsultations(db).select("s.user_id"))
    .orderBy("b.starts_at");

/** Every booking made with this address (the lead's consultations), cancelled ones included, latest first. */
export const bookingsFrom = (db: Db, email: string): Promise<AgendaRow[]> =>
  withTypeAndStaff(db).whereRaw("lower(b.email) = lower(?)", [email]).orderBy("b.starts_at", "desc");

/** Makes the bookings made with this address the account's (once the address is proven to be the account's). */
/** The bookings made with the address and no account yet become the account's: their ids. */
export async function linkBookingsToUser(trx: Knex.Transaction, userId: string, email: string): Promise<string[]> {
  const linked: { id: string }[] = await trx("bookings")
    .whereNull("user_id")
    .whereRaw("lower(email) = lower(?)", [email])
    .update({ user_id: userId, updated_at: trx.fn.now() })
    .returning("id");
  return linked.map((b) => b.id);
}
