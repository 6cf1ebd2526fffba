// The service agreement an applicant signs before the first payment of an application: the texts of its refusals and
// the hash of what was shown (the same canonical JSON as the answer sheet's). A signature counts for its application
// while its version is the one in force (SERVICE_AGREEMENT_VERSION); a new version asks again.
import { createHash } from "node:crypto";
import { type AgreementDocument, SERVICE_AGREEMENT_VERSION } from "../../views/content/serviceAgreement.ts";
import { canonicalJson } from "./signatures.ts";

export const agreementHash = (doc: AgreementDocument): string => createHash("sha256").update(canonicalJson(doc)).digest("hex");

/** Whether a signature of `version` stands today. */
export const isCurrentAgreement = (version: string | null | undefined): boolean => version === SERVICE_AGREEMENT_VERSION;

export const agreementPath = (applicationId: string) => `/application/${applicationId}/agreement`;

/** The 409 of every way to pay while the agreement in force is not signed for the application. */
export const AGREEMENT_UNSIGNED = `Before you pay: read and sign the service agreement and data-protection consent (version ${SERVICE_AGREEMENT_VERSION}) for this application.`;
export const AGREEMENT_DRAFT = "Submit your application first: the service agreement shows its fee and is signed before the first payment.";
export const AGREEMENT_NO_FEE =
  "The fee for this application cannot be shown right now, so the agreement cannot be signed yet. Please try again later.";
export const AGREEMENT_CHANGED = "The agreement or its fee changed while you were reading. Read it again and sign.";
export const AGREEMENT_ALREADY_SIGNED = "You have already signed this version of the service agreement for this application.";
export const AGREE_FIRST = "Tick the box to agree to the service agreement.";
export const CONSENT_FIRST = "Tick the box to give your consent to the processing of your data.";
