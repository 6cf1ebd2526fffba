// One key per purpose, derived from SESSION_SECRET with HKDF, so a value signed for one purpose is worthless in another.
import { hkdfSync } from "node:crypto";

export type KeyPurpose = "session-cookie" | "csrf-token" | "totp-secret";

/** A 32-byte key for `purpose`, as base64url (a string, as express-session and HMAC take it). */
export function deriveKey(secret: string, purpose: KeyPurpose): string {
  return Buffer.from(hkdfSync("sha256", secret, "visa-services", purpose, 32)).toString("base64url");
}
