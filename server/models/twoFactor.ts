// Two-factor state of an account: the pending or enabled secret, the last step used, and the recovery codes.
import type { Knex } from "knex";
import { decryptSecret, encryptSecret, looksLikeRecoveryCode, matchingStep, newRecoveryCodes, recoveryCodeHash } from "../auth/totp.ts";

export interface TwoFactorState {
  enabled: boolean;
  /** The secret (decrypted), enabled or waiting for its first code. */
  secret: string | null;
  recoveryCodesLeft: number;
}

/**
 * The stored secret, or null when it cannot be read: it was encrypted with the key of another SESSION_SECRET. Then the
 * app's codes stop working (recovery codes, hashed without a key, still do) and the person turns two-factor on again,
 * or staff run admin:reset-2fa.
 */
function readSecret(key: string, stored: string | null | undefined): string | null {
  if (!stored) return null;
  try {
    return decryptSecret(key, stored);
  } catch {
    return null;
  }
}

export async function twoFactorState(db: Knex, key: string, userId: string): Promise<TwoFactorState> {
  const row = await db("users").where({ id: userId }).first("totp_secret", "totp_enabled_at");
  const left = await db("recovery_codes").where({ user_id: userId }).whereNull("used_at").count({ n: "*" }).first();
  return {
    enabled: Boolean(row?.totp_enabled_at),
    secret: readSecret(key, row?.totp_secret),
    recoveryCodesLeft: Number(left?.n ?? 0),
  };
}

export async function hasTwoFactor(db: Knex, userId: string): Promise<boolean> {
  const row = await db("users").where({ id: userId }).first("totp_enabled_at");
  return Boolean(row?.totp_enabled_at);
}

/** Keeps a new secret for an account without two-factor (replacing an unconfirmed one). */
export async function storePendingSecret(db: Knex, key: string, userId: string, secret: string): Promise<void> {
  await db("users")
    .where({ id: userId })
    .whereNull("totp_enabled_at")
    .update({ totp_secret: encryptSecret(key, secret) });
}

/**
 * Uses a code of the account's secret: only a step later than the last one used counts, and the update that records
 * it is the check, so two requests with one code cannot both pass.
 */
export async function spendTotpCode(db: Knex | Knex.Transaction, key: string, userId: string, code: string): Promise<boolean> {
  const row = await db("users").where({ id: userId }).first("totp_secret");
  const secret = readSecret(key, row?.totp_secret);
  if (!secret) return false;
  const step = matchingStep(secret, code.replace(/\s/g, ""));
  if (step === undefined) return false;
  const updated = await db("users")
    .where({ id: userId })
    .where((q) => q.whereNull("totp_last_step").orWhere("totp_last_step", "<", step))
    .update({ totp_last_step: step });
  return updated === 1;
}

/** Uses a recovery code once. */
export async function spendRecoveryCode(db: Knex | Knex.Transaction, userId: string, code: string): Promise<boolean> {
  const updated = await db("recovery_codes")
    .where({ user_id: userId, code_hash: recoveryCodeHash(code) })
    .whereNull("used_at")
    .update({ used_at: db.fn.now() });
  return updated === 1;
}

/** Uses a code of the app or, when it looks like one, a recovery code: true when it was good and is now spent. */
export function spendCode(db: Knex | Knex.Transaction, key: string, userId: string, code: string): Promise<boolean> {
  return looksLikeRecoveryCode(code) ? spendRecoveryCode(db, userId, code) : spendTotpCode(db, key, userId, code);
}

/** Replaces the account's recovery codes with ten new ones; returns them (shown once, never stored in plain form). */
export async function replaceRecoveryCodes(trx: Knex.Transaction, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await trx("recovery_codes").where({ user_id: userId }).delete();
  await trx("recovery_codes").insert(codes.map((c) => ({ user_id: userId, code_hash: recoveryCodeHash(c) })));
  return codes;
}

/**
 * Turns two-factor on with the first code of the pending secret, inside the caller's transaction (the account's row
 * locked, so two first codes cannot both enable it); returns the recovery codes, or undefined.
 */
export async function enableTwoFactor(trx: Knex.Transaction, key: string, userId: string, code: string): Promise<string[] | undefined> {
  const row = await trx("users").where({ id: userId }).forUpdate().first("totp_enabled_at");
  if (!row || row.totp_enabled_at) return undefined;
  if (!(await spendTotpCode(trx, key, userId, code))) return undefined;
  await trx("users").where({ id: userId }).update({ totp_enabled_at: trx.fn.now() });
  return replaceRecoveryCodes(trx, userId);
}

/** Turns two-factor off: the secret, its last step and the recovery codes go. */
export async function disableTwoFactor(db: Knex | Knex.Transaction, userId: string): Promise<void> {
  await db("users").where({ id: userId }).update({ totp_secret: null, totp_enabled_at: null, totp_last_step: null });
  await db("recovery_codes").where({ user_id: userId }).delete();
}
