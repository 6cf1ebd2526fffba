// The applicants' signatures of answer sheets (form_signatures): the current one of a case, by code, by id.
import type { Knex } from "knex";
import { isUuid } from "./ids.ts";

export interface SignatureRow {
  id: string;
  application_id: string;
  user_id: string;
  sheet_key: string;
  typed_name: string;
  drawn: boolean;
  content: unknown;
  content_hash: string;
  code: string;
  pdf_key: string;
  pdf_size: number;
  ip: string | null;
  signed_at: Date;
  voided_at: Date | null;
}

/** The signature not voided yet, if any (at most one per application). */
export function currentSignature(db: Knex, applicationId: string): Promise<SignatureRow | undefined> {
  return db("form_signatures").where({ application_id: applicationId }).whereNull("voided_at").first();
}

export async function voidSignature(db: Knex, id: string): Promise<void> {
  await db("form_signatures").where({ id }).whereNull("voided_at").update({ voided_at: db.fn.now() });
}

export function findSignatureByCode(db: Knex, code: string): Promise<(SignatureRow & { full_name: string | null }) | undefined> {
  return db("form_signatures as s").join("visa_applications as a", "a.id", "s.application_id").where("s.code", code).first("s.*", "a.full_name");
}

export async function findSignature(db: Knex, id: string): Promise<(SignatureRow & { assignee_id: string | null; owner_id: string }) | undefined> {
  if (!isUuid(id)) return undefined;
  return db("form_signatures as s")
    .join("visa_applications as a", "a.id", "s.application_id")
    .where("s.id", id)
    .first("s.*", "a.assignee_id", "a.user_id as owner_id");
}
