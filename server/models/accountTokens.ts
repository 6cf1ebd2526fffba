// Single-use account tokens (password reset, e-mail confirmation and change, staff two-factor enrolment): only their
// SHA-256 is stored. Every credential event voids them all (voidCredentials).
import { createHash, randomBytes } from "node:crypto";
import type { Knex } from "knex";
import { endSessions, setPasswordHash } from "./users.ts";

export type TokenPurpose = "password_reset" | "email_confirm" | "email_change" | "staff_enrol" | "staff_invite";

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  password_reset: 60 * 60_000,
  email_confirm: 7 * 24 * 60 * 60_000,
  email_change: 24 * 60 * 60_000,
  staff_enrol: 24 * 60 * 60_000,
  staff_invite: 24 * 60 * 60_000,
};

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Ties a reset token to the password it was issued against: any later password change makes the token useless. */
export const passwordFingerprint = (passwordHash: string) => sha256(`pw:${passwordHash}`);

/**
 * Issues a token for the user's current e-mail (and password; for a change of e-mail, the address it changes to);
 * returns the token, which is never stored.
 */
export async function issueToken(db: Knex | Knex.Transaction, userId: string, purpose: TokenPurpose, newEmail?: string): Promise<string | undefined> {
  const user = await db("users").where({ id: userId }).first("email", "password_hash");
  if (!user) return undefined;
  const token = randomBytes(32).toString("base64url");
  await db("account_tokens").insert({
    token_hash: sha256(token),
    user_id: userId,
    purpose,
    email: user.email,
    password_fingerprint: purpose === "password_reset" ? passwordFingerprint(user.password_hash) : null,
    new_email: purpose === "email_change" ? newEmail : null,
    expires_at: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

export interface TokenOwner {
  userId: string;
  email: string;
  fullName: string;
  /** For a change of e-mail: the address it changes to. */
  newEmail?: string;
}

/**
 * The owner of a live token: unused, not expired, for the account's current e-mail, and (for a reset) issued
 * against the current password. `lock` takes the row for update, so two uses of one token cannot both pass.
 */
export async function findLiveToken(db: Knex, token: string, purpose: TokenPurpose, lock = false): Promise<TokenOwner | undefined> {
  if (typeof token !== "string" || token.length < 20 || token.length > 100) return undefined;
  const query = db("account_tokens as t")
    .join("users as u", "u.id", "t.user_id")
    .where({ "t.token_hash": sha256(token), "t.purpose": purpose })
    .whereNull("t.used_at")
    .where("t.expires_at", ">", db.fn.now())
    .whereRaw("lower(u.email) = lower(t.email)")
    .where((q) => q.whereNull("u.credentials_changed_at").orWhereRaw("t.created_at >= u.credentials_changed_at"))
    .first("t.user_id", "u.email", "u.full_name", "u.password_hash", "t.password_fingerprint", "t.new_email");
  const row = await (lock ? query.forUpdate() : query);
  if (!row) return undefined;
  if (purpose === "password_reset" && row.password_fingerprint !== passwordFingerprint(row.password_hash)) return undefined;
  return { userId: row.user_id, email: row.email, fullName: row.full_name, ...(row.new_email ? { newEmail: row.new_email } : {}) };
}

/**
 * Why a link e-mail queued at `queuedAt` for `to` must not be sent now, or undefined when it may: a credential event
 * happened since it was queued (its link would outlive the event), or (reset, confirmation) the account's address is
 * no longer the one it was queued for.
 */
export async function staleLink(db: Knex, userId: string, purpose: TokenPurpose, to: string, queuedAt: Date): Promise<string | undefined> {
  const user = await db("users").where({ id: userId }).first("email", "credentials_changed_at");
  if (!user) return "the account no longer exists";
  if (user.credentials_changed_at && new Date(user.credentials_changed_at) > queuedAt)
    return "the account's password, address or sign-in changed after this message was queued";
  if ((purpose === "password_reset" || purpose === "email_confirm") && user.email.toLowerCase() !== to.toLowerCase())
    return "the account's address is no longer the one this message was queued for";
  return undefined;
}

/**
 * A credential event (password changed or reset, address changed, role granted or revoked, second factor on, off or
 * reset): every outstanding link of the account, of every purpose, dies, and so does every session but `exceptSid`.
 * Links and link e-mails issued before this moment never work again (findLiveToken, staleLink). Returns the number
 * of sessions ended.
 */
export async function voidCredentials(db: Knex | Knex.Transaction, userId: string, exceptSid?: string): Promise<number> {
  await db("users").where({ id: userId }).update({ credentials_changed_at: db.fn.now() });
  await db("account_tokens").where({ user_id: userId }).whereNull("used_at").update({ used_at: db.fn.now() });
  return endSessions(db, userId, exceptSid);
}

/** Marks every token of this purpose of the user used (a used link, and its siblings, never work again). */
export async function spendTokens(db: Knex | Knex.Transaction, userId: string, purpose: TokenPurpose): Promise<void> {
  await db("account_tokens").where({ user_id: userId, purpose }).whereNull("used_at").update({ used_at: db.fn.now() });
}

/**
 * Sets a new password with a live reset token, inside the caller's transaction: the token and its siblings are used
 * up and every session of the account ends. Undefined when the token is not live (used, expired, or the password
 * changed since).
 */
export async function setPasswordWithToken(trx: Knex.Transaction, token: string, passwordHash: string): Promise<TokenOwner | undefined> {
  const owner = await findLiveToken(trx, token, "password_reset", true);
  if (!owner) return undefined;
  await setPasswordHash(trx, owner.userId, passwordHash);
  await voidCredentials(trx, owner.userId);
  return owner;
}

/** Confirms the account's e-mail with a live confirmation token, inside the caller's transaction. */
export async function confirmEmailWithToken(trx: Knex.Transaction, token: string): Promise<TokenOwner | undefined> {
  const owner = await findLiveToken(trx, token, "email_confirm", true);
  if (!owner) return undefined;
  await trx("users").where({ id: owner.userId }).update({ email_confirmed_at: trx.fn.now() });
  await spendTokens(trx, owner.userId, "email_confirm");
  return owner;
}

export type EmailChange = { changed: TokenOwner & { newEmail: string } } | { taken: true } | { invalid: true };

/**
 * Changes the account's e-mail to the one a live change token was sent to (which confirms it), inside the caller's
 * transaction: a credential event, so every link of the account dies and every session ends but `current` when it is
 * the owner's own (they followed the link signed in). Refused when another account took the address since.
 */
export async function changeEmailWithToken(trx: Knex.Transaction, token: string, current?: { sid: string; userId: string }): Promise<EmailChange> {
  const owner = await findLiveToken(trx, token, "email_change", true);
  if (!owner?.newEmail) return { invalid: true };
  const newEmail = owner.newEmail;
  const taken = await trx("users").whereRaw("lower(email) = lower(?)", [newEmail]).whereNot({ id: owner.userId }).first("id");
  if (taken) return { taken: true };
  await trx("users").where({ id: owner.userId }).update({ email: newEmail, email_confirmed_at: trx.fn.now(), updated_at: trx.fn.now() });
  await voidCredentials(trx, owner.userId, current?.userId === owner.userId ? current.sid : undefined);
  return { changed: { ...owner, newEmail } };
}
