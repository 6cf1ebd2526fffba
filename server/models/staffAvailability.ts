// Who takes consultations and when: each staff member's buffer, weekly hours and days off, and their calendar feed's
// secret (only its SHA-256 is kept).
import { createHash, randomBytes } from "node:crypto";
import type { Knex } from "knex";
import type { WeeklyHours } from "../domain/consultationSlots.ts";

type Db = Knex | Knex.Transaction;

export interface StaffMember {
  id: string;
  full_name: string;
  email: string;
  /** null: takes no consultations yet. */
  buffer_minutes: number | null;
}

/** Every staff account, with its consultation settings when it has any. */
export const listStaff = (db: Db): Promise<StaffMember[]> =>
  db("users as u")
    .join("user_roles as r", "r.user_id", "u.id")
    .leftJoin("consultation_staff as s", "s.user_id", "u.id")
    .whereNull("u.deactivated_at")
    .distinct("u.id", "u.full_name", "u.email", "s.buffer_minutes")
    .orderBy("u.full_name");

export interface Availability {
  bufferMinutes: number;
  hours: WeeklyHours[];
  daysOff: string[];
}

export async function availabilityOf(db: Db, userId: string): Promise<Availability | undefined> {
  const staff = await db("consultation_staff").where({ user_id: userId }).first("buffer_minutes");
  if (!staff) return undefined;
  const hours = await db("staff_hours").where({ user_id: userId }).orderBy(["weekday", "start_minute"]);
  const daysOff = await db("staff_days_off")
    .where({ user_id: userId })
    .where("day", ">=", db.raw("(now() AT TIME ZONE 'Africa/Lagos')::date"))
    .orderBy("day")
    .select(db.raw("to_char(day, 'YYYY-MM-DD') AS day"));
  return {
    bufferMinutes: staff.buffer_minutes,
    hours: hours.map((h) => ({ weekday: h.weekday, startMinute: h.start_minute, endMinute: h.end_minute })),
    daysOff: daysOff.map((d) => d.day),
  };
}

/** Replaces the staff member's buffer, weekly hours and coming days off. */
export async function saveAvailability(trx: Knex.Transaction, userId: string, a: Availability): Promise<void> {
  // First, because it locks the person's row until the save commits: a second save at the same moment waits, then
  // replaces these hours whole, instead of inserting beside them into staff_hours_no_overlap's refusal.
  await trx("consultation_staff").insert({ user_id: userId, buffer_minutes: a.bufferMinutes }).onConflict("user_id").merge(["buffer_minutes"]);
  await trx("staff_hours").where({ user_id: userId }).delete();
  if (a.hours.length)
    await trx("staff_hours").insert(
      a.hours.map((h) => ({ user_id: userId, weekday: h.weekday, start_minute: h.startMinute, end_minute: h.endMinute })),
    );
  await trx("staff_days_off").where({ user_id: userId }).delete();
  if (a.daysOff.length) await trx("staff_days_off").insert(a.daysOff.map((day) => ({ user_id: userId, day })));
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** A new secret for the staff member's calendar feed (the old address stops working); returns it, never stored. */
export async function resetFeedToken(trx: Knex.Transaction, userId: string): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await trx("consultation_staff")
    .insert({ user_id: userId, feed_token_hash: sha256(token) })
    .onConflict("user_id")
    .merge(["feed_token_hash"]);
  return token;
}

/** The feed stops: its address answers 404 from now on (a new one can be made); whether there was one. */
export async function clearFeedToken(trx: Knex.Transaction, userId: string): Promise<boolean> {
  return (await trx("consultation_staff").where({ user_id: userId }).whereNotNull("feed_token_hash").update({ feed_token_hash: null })) > 0;
}

/**
 * The staff member whose feed this secret opens (still staff, not deactivated), if any. Leaving clears the secret
 * (clearFeedToken); this refuses a leaver's feed even if it had not.
 */
export async function findFeedOwner(db: Db, token: string): Promise<{ id: string; full_name: string; email: string } | undefined> {
  if (token.length < 20 || token.length > 100) return undefined;
  return db("consultation_staff as s")
    .join("users as u", "u.id", "s.user_id")
    .whereExists((q) => q.select(db.raw("1")).from("user_roles as r").whereRaw("r.user_id = s.user_id"))
    .whereNull("u.deactivated_at")
    .where("s.feed_token_hash", sha256(token))
    .first("u.id", "u.full_name", "u.email");
}

export const hasFeed = async (db: Db, userId: string): Promise<boolean> =>
  Boolean(await db("consultation_staff").where({ user_id: userId }).whereNotNull("feed_token_hash").first("user_id"));
