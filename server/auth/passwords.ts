// argon2id password hashing with the OWASP-recommended parameters (m=19 MiB, t=2, p=1), at most two at a time.
import { randomBytes } from "node:crypto";
import argon2 from "argon2";
import { turns } from "../turns.ts";

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Each hash holds 19 MiB on a libuv thread while it runs: a burst of sign-ins would take every thread (four) and that
 * memory four times over, on a server of 1 GB, and no sign-in is answered sooner on 2 cores. The rest wait their turn.
 */
const inTurn = turns(2);

/** Hashes running now and waiting for their turn (for /metrics). */
export const passwordHashes = () => inTurn.counts();

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => argon2.hash(password, OPTIONS));
}

/** A new random password (144 bits, 24 URL-safe characters) for a person to be shown once. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await inTurn(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}

/** A hash to verify against when the email is unknown, so both paths take the same time. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword("not-a-real-password-placeholder");
  return dummy;
}
