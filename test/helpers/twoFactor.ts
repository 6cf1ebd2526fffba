// Two-factor in tests: an account enrolled directly in the database, and for each sign-in a code the server takes
// (of this time step or the next, never one this process gave before: a code works once).
import type { Knex } from "knex";
import { deriveKey } from "../../server/auth/keys.ts";
import { codeAt, encryptSecret, newSecret } from "../../server/auth/totp.ts";

const STEP_MS = 30_000;

/** Turns two-factor on for an account with a new secret, encrypted with the key of the server's session secret. */
export async function enrolTwoFactor(db: Knex, userId: string, sessionSecret: string): Promise<string> {
  const secret = newSecret();
  const key = deriveKey(sessionSecret, "totp-secret");
  await db("users")
    .where({ id: userId })
    .update({ totp_secret: encryptSecret(key, secret), totp_enabled_at: db.fn.now() });
  return secret;
}

const lastStep = new Map<string, number>();

/** A code of a step the server still takes: this one or the next; past that, it waits for the clock. */
export async function freshCode(secret: string): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / STEP_MS);
    const step = Math.max(now, (lastStep.get(secret) ?? 0) + 1);
    if (step <= now + 1) {
      lastStep.set(secret, step);
      return codeAt(secret, step * STEP_MS);
    }
    await new Promise((r) => setTimeout(r, (now + 1) * STEP_MS - Date.now() + 50));
  }
}
