// The person at the keyboard proves they own the account with its current password, throttled like sign-in: password
// guesses from a stolen session count against the same limit as guesses at the sign-in form.
import type { Request } from "express";
import { verifyPassword } from "../auth/passwords.ts";
import { clearLimit, enforceLimit, LIMITS, signInAccountKey } from "../middleware/rateLimit.ts";
import { normalizeEmail } from "../models/users.ts";
import { invalidInput } from "../validation/validate.ts";
import { ipOf } from "./signIn.ts";

/** The sign-in throttle's key for this account from this network. */
export const signInThrottle = (req: Request, email: string) => signInAccountKey(normalizeEmail(email), ipOf(req));

/** Throws 429 past the limit, or the 400 "Password is incorrect"; a right password clears the throttle. */
export async function checkCurrentPassword(req: Request, user: { email: string; password_hash: string }, password: string): Promise<void> {
  const throttle = signInThrottle(req, user.email);
  await enforceLimit(req, LIMITS.signInPerAccount, throttle);
  if (!(await verifyPassword(user.password_hash, password))) throw invalidInput({ password: "Password is incorrect" }, "Password is incorrect");
  await clearLimit(req, LIMITS.signInPerAccount, throttle);
}
