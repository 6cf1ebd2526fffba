// THE one place a /files/... download URL is built: the database stores storage keys, URLs are made when presented.
import type { PassportKind } from "../models/documents.ts";

/** The URL segment of each passport file (`/files/applications/:id/:kind`). */
export const PASSPORT_SLUGS: Record<PassportKind, string> = { passport_scan: "passport-scan", photo: "photo" };

export type FileRef = { document: string } | { application: string; passport: PassportKind } | { transferProof: string } | { stage: string };

/** The authorised download route of a stored file (DESIGN decision 2). */
export function fileUrl(ref: FileRef): string {
  if ("document" in ref) return `/files/documents/${ref.document}`;
  if ("transferProof" in ref) return `/files/payments/${ref.transferProof}/proof`;
  if ("stage" in ref) return `/files/stages/${ref.stage}`;
  return `/files/applications/${ref.application}/${PASSPORT_SLUGS[ref.passport]}`;
}
