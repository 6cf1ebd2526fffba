// Users and their roles: the only module that reads or writes users and user_roles.
import type { Knex } from "knex";
import type { SessionUser } from "../../views/types.ts";

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  full_name: string;
  created_at: Date;
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
  is_admin: boolean;
  two_factor: boolean;
}

const toSessionUser = (row: SessionUserRow): SessionUser => ({
  id: row.id,
  fullName: row.full_name,
  email: row.email,
  isAdmin: row.is_admin,
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
    `SELECT s.sess, u.id, u.full_name, u.email, (r.user_id IS NOT NULL) AS is_admin, (u.totp_enabled_at IS NOT NULL) AS two_factor
       FROM user_sessions s
       LEFT JOIN users u
         ON u.id = CASE WHEN s.sess #>> '{passport,user}' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                        THEN (s.sess #>> '{passport,user}')::uuid END
       LEFT JOIN user_roles r ON r.user_id = u.id AND r.role = 'admin'
      WHERE s.sid = ? AND s.expire >= to_timestamp(?)`,
    [sid, nowSeconds],
  )) as { rows: (Partial<SessionUserRow> & { sess: unknown })[] };
  const row = rows[0];
  if (!row) return undefined;
  return { sess: row.sess, user: row.id ? toSessionUser(row as SessionUserRow) : null };
}

export async function findSessionUser(db: Knex, id: string): Promise<SessionUser | undefined> {
  const row = await db("users as u")
    .leftJoin("user_roles as r", function () {
      this.on("r.user_id", "u.id").andOnVal("r.role", "admin");
    })
    .where("u.id", id)
    .first("u.id", "u.full_name", "u.email", db.raw("(r.user_id IS NOT NULL) AS is_admin"), db.raw("(u.totp_enabled_at IS NOT NULL) AS two_factor"));
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

export async function grantAdmin(db: Knex, userId: string): Promise<void> {
  await db("user_roles").insert({ user_id: userId, role: "admin" }).onConflict(["user_id", "role"]).ignore();
}

export async function revokeAdmin(db: Knex, userId: string): Promise<number> {
  return db("user_roles").where({ user_id: userId, role: "admin" }).delete();
}

export async function isAdmin(db: Knex, userId: string): Promise<boolean> {
  return Boolean(await db("user_roles").where({ user_id: userId, role: "admin" }).first("user_id"));
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

/** Where a message to the account goes: its address and name (nothing when the account is gone). */
export async function findUserContact(db: Knex, userId: string): Promise<Pick<UserRow, "id" | "email" | "full_name"> | undefined> {
  return db<UserRow>("users").where({ id: userId }).first("id", "email", "full_name");
}
