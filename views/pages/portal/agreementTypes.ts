// The props of the applicant's page that signs the service agreement and the data-protection consent (portal/Agreement).
import type { AgreementDocument } from "../../content/serviceAgreement.ts";

export interface AgreementProps {
  application: { id: string; reference: string; fullName: string | null };
  /**
   * draft: nothing to sign before submitting; no-fee: the bill cannot be shown now; none: not signed; old: an older
   * version signed, this one not yet; valid: the version in force signed (the document shown is the one signed).
   */
  state: "draft" | "no-fee" | "none" | "old" | "valid";
  /** The version in force. */
  version: string;
  /** The agreement as it reads now (or as signed, once signed), and the hash of exactly this (sent back when signing). */
  doc: AgreementDocument | null;
  hash: string | null;
  /** Why it cannot be shown (no-fee). */
  message: string | null;
  /** The signature of the version in force, or the last one of an older version. */
  signed: { at: string; version: string; typedName: string; pdfUrl: string; checkUrl: string; qrSvg: string } | null;
  refused: { message: string; fields: Record<string, string>; typedName: string } | null;
}
