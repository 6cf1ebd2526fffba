// One line about an application's service agreement, for the applicant's application page and the staff's case page:
// signed (when, which version), an older version signed only, or not signed; server-rendered text, no script.
import { SERVICE_AGREEMENT_VERSION } from "../../views/content/serviceAgreement.ts";
import { formatDate } from "../../views/lib/format.ts";
import { agreementPath } from "../domain/agreements.ts";
import type { AgreementSignatureRow } from "../models/agreementSignatures.ts";

export interface AgreementLine {
  text: string;
  href: string;
  linkText: string;
}

const signedOn = (row: AgreementSignatureRow) => `signed ${formatDate(new Date(row.signed_at).toISOString())} (version ${row.version})`;
const signedText = (row: AgreementSignatureRow) => `Service agreement ${signedOn(row)}`;

/**
 * The applicant's: the signed PDF once the version in force is signed; while a fee is owed, else the page that signs
 * it; nothing owed and never signed (a fee paid before agreements were signed, a rejected application): no line.
 */
export function applicantAgreementLine(applicationId: string, row: AgreementSignatureRow | undefined, owes: boolean): AgreementLine | null {
  const pdf = { href: `/files/agreements/${row?.id}`, linkText: "Open the signed agreement (PDF)" };
  if (row && (row.version === SERVICE_AGREEMENT_VERSION || !owes)) return { text: `${signedText(row)}.`, ...pdf };
  if (!owes) return null;
  return {
    text: row
      ? `${signedText(row)}; version ${SERVICE_AGREEMENT_VERSION} is to sign before your next payment.`
      : "Service agreement not signed yet: you sign it before your first payment.",
    href: agreementPath(applicationId),
    linkText: "Read and sign the service agreement",
  };
}

/** The staff's: the same facts, under the case page's "Service agreement" ("Signed 3 Dec 2026 (version 2026-11-30)"). */
export function staffAgreementText(row: AgreementSignatureRow | undefined): string {
  if (!row) return "Not signed";
  const signed = `S${signedOn(row).slice(1)}`;
  return row.version === SERVICE_AGREEMENT_VERSION ? signed : `${signed}; version ${SERVICE_AGREEMENT_VERSION} not signed`;
}
