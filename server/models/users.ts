// Users and their roles: the only module that reads or writes users and user_roles.
import type { Knex } from "knex";
import type { SessionUser } from "../../views/types.ts";
import type { StaffRole } from "../domain/staff.ts";
import { isUuid } from "./ids.ts";

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  full_name: string;
  created_at: Date;
  /** Set when a manager deactivated the account: it cannot sign in, and its history stays. */
  deactivated_at: Date | null;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Knex, email: string): Promise<UserRow | undefined> {
  return db<UserRow>("users")
    .whereRaw("lower(email) = ?", [normalizeEmail(email)])
    .first();
}

interface SessionUserRow {
  id: string;
  full_name: string;
  email: string;
  staff_role: StaffRole | null;
  two_factor: boolean;
}

const toSessionUser = (row: SessionUserRow): SessionUser => ({
  id: row.id,
  fullName: row.full_name,
  email: row.email,
  isAdmin: row.staff_role !== null,
  staffRole: row.staff_role,
  twoFactor: row.two_factor,
});

/**
 * A stored session and its signed-in user in one round trip, for the session store's read (middleware/session.ts):
 * `user` is null when the session has no user or the account is gone; undefined when no live session has that id.
 */
export async function findSessionWithUser(
  db: Knex,
  sid: string,
  nowSeconds: number,
): Promise<{ sess: unknown; user: SessionUser | null } | undefined> {
  const { rows } = (await db.raw(
    `SELECT s.sess, u.id, u.full_name, u.email, r.role AS staff_role, (u.totp_enabled_at IS NOT NULL) AS two_factor
       FROM user_sessions s
       LEFT JOIN users u
         ON u.id = CASE WHEN s.sess #>> '{passport,user}' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                        THEN (s.sess #>> '{passport,user}')::uuid END
                   AND u.deactivated_at IS NULL
       LEFT JOIN user_roles r ON r.user_id = u.id
      WHERE s.sid = ? AND s.expire >= to_timestamp(?)`,
    [sid, nowSeconds],
  )) as { rows: (Partial<SessionUserRow> & { sess: unknown })[] };
  const row = rows[0];
  if (!row) return undefined;
  return { sess: row.sess, user: row.id ? toSessionUser(row as SessionUserRow) : null };
}

/** The signed-in person as the session sees them; a deactivated account is nobody. */
export async function findSessionUser(db: Knex, id: string): Promise<SessionUser | undefined> {
  const row = await db("users as u")
    .leftJoin("user_roles as r", "r.user_id", "u.id")
    .where("u.id", id)
    .whereNull("u.deactivated_at")
    .first("u.id", "u.full_name", "u.email", "r.role as staff_role", db.raw("(u.totp_enabled_at IS NOT NULL) AS two_factor"));
  return row ? toSessionUser(row) : undefined;
}

export async function createUser(db: Knex, input: { email: string; passwordHash: string; fullName: string }): Promise<UserRow> {
  const [row] = await db<UserRow>("users")
    .insert({ email: normalizeEmail(input.email), password_hash: input.passwordHash, full_name: input.fullName.trim() })
    .returning("*");
  return row;
}

/**
 * Creates the account unless its address is taken (then undefined): no unique violation, so the caller's transaction
 * goes on (a sign-up racing another for one address).
 */
export async function createUserUnlessTaken(
  db: Knex,
  input: { email: string; passwordHash: string; fullName: string },
): Promise<UserRow | undefined> {
  const [row] = await db<UserRow>("users")
    .insert({ email: normalizeEmail(input.email), password_hash: input.passwordHash, full_name: input.fullName.trim() })
    .onConflict()
    .ignore()
    .returning("*");
  return row;
}

/** The account's own details, for a change its owner makes (password check, confirmation state). */
export async function findUserById(db: Knex, id: string): Promise<(UserRow & { email_confirmed_at: Date | null }) | undefined> {
  return db("users").where({ id }).first("id", "email", "full_name", "password_hash", "created_at", "email_confirmed_at");
}

export async function setPasswordHash(db: Knex, userId: string, passwordHash: string): Promise<void> {
  await db("users").where({ id: userId }).update({ password_hash: passwordHash, updated_at: db.fn.now() });
}

/** Gives the account its one staff role (replacing another it had). */
export async function grantRole(db: Knex, userId: string, role: StaffRole): Promise<void> {
  await db("user_roles").insert({ user_id: userId, role }).onConflict(["user_id"]).merge(["role"]);
}

/** Takes the account's staff role away; the number of roles removed. */
export async function revokeRole(db: Knex, userId: string): Promise<number> {
  return db("user_roles").where({ user_id: userId }).delete();
}

/** The account's staff role, if it has one. */
export async function roleOf(db: Knex, userId: string): Promise<StaffRole | undefined> {
  if (!isUuid(userId)) return undefined;
  const row = await db("user_roles").where({ user_id: userId }).first("role");
  return row?.role;
}

/** Whether the account has a staff role (either): staff passwords, two-factor only from a set-up link. */
export async function isStaff(db: Knex, userId: string): Promise<boolean> {
  return (await roleOf(db, userId)) !== undefined;
}

/** Ends every session signed in as `userId` (but `exceptSid`, the one making the change, when given). */
export async function endSessions(db: Knex | Knex.Transaction, userId: string, exceptSid?: string): Promise<number> {
  const qb = db("user_sessions").whereRaw("sess #>> '{passport,user}' = ?", [userId]);
  if (exceptSid) qb.whereNot("sid", exceptSid);
  return qb.delete();
}

/** Whether the user followed the link of a confirmation e-mail (shown to the applicant and to staff). */
export async function emailConfirmed(db: Knex, userId: string): Promise<boolean> {
  const row = await db("users").where({ id: userId }).first("email_confirmed_at");
  return Boolean(row?.email_confirmed_at);
}

/** What the account page shows of the account itself. */
export interface AccountProfileRow {
  full_name: string;
  email: string;
  phone: string | null;
  email_confirmed_at: Date | null;
  totp_enabled_at: Date | null;
}

export async function findAccountProfile(db: Knex, userId: string): Promise<AccountProfileRow | undefined> {
  return db("users").where({ id: userId }).first("full_name", "email", "phone", "email_confirmed_at", "totp_enabled_at");
}

/** The stored password hash, to check a password the person types to prove it is them. */
export async function findPasswordHash(db: Knex, userId: string): Promise<string | undefined> {
  const row = await db("users").where({ id: userId }).first("password_hash");
  return row?.password_hash;
}

/** The name and phone the person keeps on their account page. */
export async function saveProfile(db: Knex, userId: string, profile: { fullName: string; phone: string | null }): Promise<void> {
  await db("users").where({ id: userId }).update({ full_name: profile.fullName, phone: profile.phone, updated_at: db.fn.now() });
}

/** The account's phone, when it has none yet (inside the caller's transaction); one the person set is kept. */
export async function setPhoneIfMissing(db: Knex, userId: string, phone: string): Promise<void> {
  await db("users")
    .where({ id: userId })
    .where((q) => q.whereNull("phone").orWhere("phone", ""))
    .update({ phone, updated_at: db.fn.now() });
}

/** Where a message to the account goes: its address and name (nothing when the account is gone). */
export async function findUserContact(db: Knex, userId: string): Promise<Pick<UserRow, "id" | "email" | "full_name"> | undefined> {
  return db<UserRow>("users").where({ id: userId }).first("id", "email", "full_name");
}

/** An invitation is accepted: the address is the person's (the link reached it), and nothing waits any more. */
export async function acceptedInvitation(db: Knex, userId: string): Promise<void> {
  await db("users")
    .where({ id: userId })
    .update({ email_confirmed_at: db.raw("coalesce(email_confirmed_at, now())"), invited_at: null });
}

export async function markInvited(db: Knex, userId: string): Promise<void> {
  await db("users").where({ id: userId }).update({ invited_at: db.fn.now() });
}

/** Marks the account deactivated; false when it already was. */
export async function deactivateUser(db: Knex, userId: string): Promise<boolean> {
  return (await db("users").where({ id: userId }).whereNull("deactivated_at").update({ deactivated_at: db.fn.now() })) > 0;
}

export interface StaffRow {
  id: string;
  full_name: string;
  email: string;
  role: StaffRole;
  created_at: Date;
  deactivated_at: Date | null;
  two_factor: boolean;
  /** Invited and not yet accepted: no password chosen, so nothing can sign in. */
  invited: boolean;
  open_cases: number;
  /** A calendar feed address is live. */
  has_feed: boolean;
}

/** Everyone with a staff role, active first, with their open cases (not decided) for the Staff page. */
export async function listStaff(db: Knex): Promise<StaffRow[]> {
  return db("users as u")
    .join("user_roles as r", "r.user_id", "u.id")
    .select(
      "u.id",
      "u.full_name",
      "u.email",
      "r.role",
      "u.created_at",
      "u.deactivated_at",
      db.raw("(u.totp_enabled_at IS NOT NULL) AS two_factor"),
      db.raw("(u.invited_at IS NOT NULL) AS invited"),
      db.raw(
        "(SELECT count(*) FROM assignee_stats s WHERE s.assignee_id = u.id AND s.status IN ('submitted', 'under_review', 'draft'))::int AS open_cases",
      ),
      db.raw("EXISTS (SELECT 1 FROM consultation_staff c WHERE c.user_id = u.id AND c.feed_token_hash IS NOT NULL) AS has_feed"),
    )
    .orderByRaw("u.deactivated_at IS NOT NULL, u.full_name");
}
