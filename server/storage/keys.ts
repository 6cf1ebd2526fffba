// Storage keys of uploaded files: random, so two uploads of one type at the same moment never share a key.
import { randomUUID } from "node:crypto";

export type KeyKind = { passport: "passport_scan" | "photo" } | { document: string } | { payment: "transfer_proof" } | { stage: string };

/** `{user}/passport_scan_{uuid}.pdf`, `{user}/documents/{type}_{uuid}.pdf` or `{user}/payments/transfer_proof_{uuid}.pdf` or
 * `{user}/stages/{stage}_{uuid}.pdf` (a file of a stage after approval). */
export function newStorageKey(userId: string, kind: KeyKind, ext: string): string {
  if ("passport" in kind) return `${userId}/${kind.passport}_${randomUUID()}.${ext}`;
  if ("payment" in kind) return `${userId}/payments/${kind.payment}_${randomUUID()}.${ext}`;
  if ("stage" in kind) return `${userId}/stages/${kind.stage}_${randomUUID()}.${ext}`;
  return `${userId}/documents/${kind.document}_${randomUUID()}.${ext}`;
}

/** The extension of a stored key ("pdf"), to keep it on a copy. */
export const keyExtension = (key: string) => key.slice(key.lastIndexOf(".") + 1);
