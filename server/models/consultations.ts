// Consultation types, the calendars of the staff who take consultations, and the booking settings.
import type { Knex } from "knex";
import type { BookingRules, StaffCalendar } from "../domain/consultationSlots.ts";
import type { TypePlace } from "../domain/consultations.ts";

type Db = Knex | Knex.Transaction;

/** A consultation type; how its meetings happen is its `TypePlace` (the mode and that mode's detail). */
export interface ConsultationTypeRow extends TypePlace {
  id: string;
  name: string;
  minutes: number;
  price_kobo: number;
  active: boolean;
}

export const listActiveTypes = (db: Db): Promise<ConsultationTypeRow[]> => db("consultation_types").where({ active: true }).orderBy("name");

/** A booking's type (it may have been retired since). */
export async function findType(db: Db, id: string): Promise<ConsultationTypeRow> {
  return db("consultation_types").where({ id }).first();
}

export const findActiveType = (db: Db, id: string): Promise<ConsultationTypeRow | undefined> =>
  db("consultation_types").where({ id, active: true }).first();

export async function bookingRules(db: Db): Promise<BookingRules> {
  const row = await db("booking_settings").first("notice_hours", "horizon_weeks");
  return { noticeHours: row?.notice_hours ?? 12, horizonWeeks: row?.horizon_weeks ?? 4 };
}

/** The staff who take consultations (`s`): active accounts that still hold a staff role. */
export const takingConsultations = (db: Db) =>
  db("consultation_staff as s")
    .whereExists((q) => q.select(db.raw("1")).from("user_roles as r").whereRaw("r.user_id = s.user_id"))
    .whereExists((q) => q.select(db.raw("1")).from("users as u").whereRaw("u.id = s.user_id AND u.deactivated_at IS NULL"));

/**
 * Every consultation staff member's hours, days off and non-cancelled bookings from `from` on (optionally leaving one
 * booking out: the one being moved). Only active accounts that still hold a staff role take bookings.
 */
export async function staffCalendars(db: Db, from: Date, exceptBookingId?: string): Promise<StaffCalendar[]> {
  const staff = await takingConsultations(db).orderBy("s.user_id").select("s.user_id", "s.buffer_minutes");
  if (staff.length === 0) return [];
  const ids = staff.map((s) => s.user_id);
  // One after another: inside a transaction the three share one connection.
  const hours = await db("staff_hours").whereIn("user_id", ids).select("user_id", "weekday", "start_minute", "end_minute");
  const daysOff = await db("staff_days_off").whereIn("user_id", ids).select("user_id", db.raw("to_char(day, 'YYYY-MM-DD') AS day"));
  const busy = await db("bookings")
    .whereIn("staff_id", ids)
    .whereNot({ status: "cancelled" })
    .where("blocked_until", ">", from)
    .modify((q) => (exceptBookingId ? q.whereNot({ id: exceptBookingId }) : q))
    .select<{ staff_id: string; starts_at: Date; blocked_until: Date }[]>("staff_id", "starts_at", "blocked_until");
  return staff.map((s) => ({
    staffId: s.user_id,
    bufferMinutes: s.buffer_minutes,
    hours: hours.filter((h) => h.user_id === s.user_id).map((h) => ({ weekday: h.weekday, startMinute: h.start_minute, endMinute: h.end_minute })),
    daysOff: daysOff.filter((d) => d.user_id === s.user_id).map((d) => d.day),
    busy: busy.filter((b) => b.staff_id === s.user_id).map((b) => ({ startsAt: new Date(b.starts_at), blockedUntil: new Date(b.blocked_until) })),
  }));
}

export const listTypes = (db: Db): Promise<ConsultationTypeRow[]> => db("consultation_types").orderBy([{ column: "active", order: "desc" }, "name"]);

export async function insertType(trx: Knex.Transaction, t: Omit<ConsultationTypeRow, "id" | "active">): Promise<ConsultationTypeRow> {
  const [row] = await trx("consultation_types").insert(t).returning("*");
  return row;
}

/** Offers or retires a type (a retired one keeps its bookings); undefined when there is no such type. */
export async function setTypeActive(trx: Knex.Transaction, id: string, active: boolean): Promise<ConsultationTypeRow | undefined> {
  const [row] = await trx("consultation_types").where({ id }).update({ active }).returning("*");
  return row;
}

/** Sets how a type's meetings happen (its mode stays); undefined when there is no such type. */
export async function setTypePlace(trx: Knex.Transaction, id: string, place: Omit<TypePlace, "mode">): Promise<ConsultationTypeRow | undefined> {
  const [row] = await trx("consultation_types").where({ id }).update(place).returning("*");
  return row;
}

export async function saveBookingRules(trx: Knex.Transaction, rules: BookingRules): Promise<void> {
  await trx("booking_settings").where({ id: true }).update({ notice_hours: rules.noticeHours, horizon_weeks: rules.horizonWeeks });
}
