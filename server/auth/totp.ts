// Two-factor codes: TOTP (RFC 6238: 6 digits, 30 s, SHA-1, as every authenticator app reads it), the secret kept
// encrypted at rest, and single-use recovery codes kept as hashes.
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from "node:crypto";
import * as OTPAuth from "otpauth";

const PERIOD = 30;

const totpOf = (secret: string, issuer = "", label = "") =>
  new OTPAuth.TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });

/** A new random secret (160 bits), in the base32 an authenticator app is given. */
export const newSecret = (): string => new OTPAuth.Secret({ size: 20 }).base32;

/** The otpauth:// address the QR code holds. */
export const otpauthUri = (secret: string, issuer: string, account: string): string => totpOf(secret, issuer, account).toString();

/** The code of the secret at a time (for tests and the enrolment check). */
export const codeAt = (secret: string, timestamp: number): string => totpOf(secret).generate({ timestamp });

/**
 * The time step of `code` when it is the code of this step or of the one on either side (a phone's clock may be
 * 30 s off), else undefined. The caller refuses a step already used, so a code works once.
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD) + delta;
}

/** AES-256-GCM with a random nonce: nonce.tag.ciphertext, base64url. */
export function encryptSecret(keyB64: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(keyB64, "base64url"), iv);
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url")).join(".");
}

export function decryptSecret(keyB64: string, stored: string): string {
  const [iv, tag, data] = stored.split(".").map((p) => Buffer.from(p, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", Buffer.from(keyB64, "base64url"), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
}

/** Letters and digits a person cannot misread (no 0/O, 1/I/L). */
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

/** Ten recovery codes, `xxxxx-xxxxx` (about 49 bits each: they are single use and throttled like passwords). */
export function newRecoveryCodes(count = 10): string[] {
  const part = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return Array.from({ length: count }, () => `${part()}-${part()}`);
}

/** What is stored of a recovery code: its SHA-256, of the code as typed in any case and with or without the dash. */
export function recoveryCodeHash(code: string): string {
  return createHash("sha256")
    .update(code.toLowerCase().replace(/[^0-9a-z]/g, ""))
    .digest("hex");
}

export const looksLikeRecoveryCode = (code: string) => /^[0-9a-z]{5}-?[0-9a-z]{5}$/i.test(code.trim());
