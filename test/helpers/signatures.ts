// A case whose applicant has signed the answer sheet as it stands (the row the signing page writes, its PDF key a
// placeholder), for tests of what comes after: staff record "Form lodged" only on a valid signature. And the service
// agreement signed, which every way to pay needs.
import { createHash, randomInt } from "node:crypto";
import type { Knex } from "knex";
import { pickFields } from "../../server/domain/applicationFields.ts";
import { fillSheet, sheetFor } from "../../server/domain/formSheets/index.ts";
import { canonicalJson, contentHash, signedContent } from "../../server/domain/signatures.ts";
import { SERVICE_AGREEMENT_VERSION } from "../../views/content/serviceAgreement.ts";
import type { AgreementProps } from "../../views/pages/portal/agreementTypes.ts";
import type { Client } from "./app.ts";

export async function signedSheet(db: Knex, applicationId: string): Promise<{ id: string; code: string; hash: string }> {
  const app = await db("visa_applications").where({ id: applicationId }).first();
  const sheet = sheetFor(app.destination_country);
  if (!sheet) throw new Error(`No answer sheet for ${app.destination_country}`);
  const content = signedContent(fillSheet(sheet, pickFields(app)));
  const hash = contentHash(content);
  const code = Array.from({ length: 10 }, () => "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[randomInt(32)]).join("");
  const [row] = await db("form_signatures")
    .insert({
      application_id: applicationId,
      user_id: app.user_id,
      sheet_key: sheet.key,
      typed_name: app.full_name ?? "Applicant",
      drawn: false,
      content: JSON.stringify(content),
      content_hash: hash,
      code,
      pdf_key: `${app.user_id}/documents/signed_sheet_${randomInt(1_000_000_000)}.pdf`,
      pdf_size: 1,
    })
    .returning(["id", "code"]);
  return { ...row, hash };
}

/**
 * The service agreement in force signed for an application, straight into the database (its content a placeholder
 * whose hash matches, its PDF key of the real shape): for tests of paying, which every way to pay now needs.
 */
export async function signedAgreement(db: Knex, applicationId: string): Promise<{ id: string; code: string }> {
  const app = await db("visa_applications").where({ id: applicationId }).first();
  const content = { title: "Service agreement and data-protection consent", version: SERVICE_AGREEMENT_VERSION, reference: app.reference_number };
  const code = Array.from({ length: 10 }, () => "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[randomInt(32)]).join("");
  const [row] = await db("agreement_signatures")
    .insert({
      application_id: applicationId,
      user_id: app.user_id,
      version: SERVICE_AGREEMENT_VERSION,
      typed_name: app.full_name ?? "Applicant",
      drawn: false,
      content: JSON.stringify(content),
      content_hash: createHash("sha256").update(canonicalJson(content)).digest("hex"),
      code,
      pdf_key: `${app.user_id}/documents/signed_agreement_${randomInt(1_000_000_000)}.pdf`,
      pdf_size: 1,
    })
    .returning(["id", "code"]);
  return row;
}

/** The applicant signs the agreement of their application through its page, as a browser without script does. */
export async function signAgreementAs(client: Client, applicationId: string, opts: { ifFeeShown?: boolean } = {}): Promise<void> {
  const page = (await client.getJson(`/application/${applicationId}/agreement`).expect(200)).body.props as AgreementProps;
  if (opts.ifFeeShown && page.state === "no-fee") return;
  if (page.state !== "none" && page.state !== "old") throw new Error(`The agreement cannot be signed: ${page.state} ${page.message ?? ""}`);
  await client
    .form(`/application/${applicationId}/agreement`, {
      hash: page.hash ?? "",
      typedName: page.application.fullName ?? "",
      agree: "yes",
      consent: "yes",
      drawing: "",
    })
    .expect(303);
}
