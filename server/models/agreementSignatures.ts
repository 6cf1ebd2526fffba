// The applicants' signatures of the service agreement (agreement_signatures): an application's newest, by code, by id.
import type { Knex } from "knex";
import { SERVICE_AGREEMENT_VERSION } from "../../views/content/serviceAgreement.ts";
import { isUuid } from "./ids.ts";

export interface AgreementSignatureRow {
  id: string;
  application_id: string;
  user_id: string;
  version: string;
  typed_name: string;
  drawn: boolean;
  content: unknown;
  content_hash: string;
  code: string;
  pdf_key: string;
  pdf_size: number;
  ip: string | null;
  signed_at: Date;
}

/** The application's newest signature, of whichever version. */
export function latestAgreement(db: Knex, applicationId: string): Promise<AgreementSignatureRow | undefined> {
  return db("agreement_signatures").where({ application_id: applicationId }).orderBy("signed_at", "desc").first();
}

/** The application's signature of `version`, if any. */
export function agreementOfVersion(db: Knex, applicationId: string, version: string): Promise<AgreementSignatureRow | undefined> {
  return db("agreement_signatures").where({ application_id: applicationId, version }).first();
}

/** The signature of the version in force if there is one, else the newest of an older version. */
export async function currentOrLatestAgreement(db: Knex, applicationId: string): Promise<AgreementSignatureRow | undefined> {
  return (await agreementOfVersion(db, applicationId, SERVICE_AGREEMENT_VERSION)) ?? (await latestAgreement(db, applicationId));
}

export function findAgreementByCode(db: Knex, code: string): Promise<AgreementSignatureRow | undefined> {
  return db("agreement_signatures").where({ code }).first();
}

export async function findAgreement(
  db: Knex,
  id: string,
): Promise<(AgreementSignatureRow & { assignee_id: string | null; owner_id: string }) | undefined> {
  if (!isUuid(id)) return undefined;
  return db("agreement_signatures as s")
    .join("visa_applications as a", "a.id", "s.application_id")
    .where("s.id", id)
    .first("s.*", "a.assignee_id", "a.user_id as owner_id");
}

/** Whether the application's applicant signed the agreement in force (`version`): what every way to pay asks. */
export async function signedAgreementOf(db: Knex, applicationId: string, version: string): Promise<boolean> {
  return Boolean(await db("agreement_signatures").where({ application_id: applicationId, version }).first("id"));
}
