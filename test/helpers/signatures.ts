// A case whose applicant has signed the answer sheet as it stands (the row the signing page writes, its PDF key a
// placeholder), for tests of what comes after: staff record "Form lodged" only on a valid signature.
import { randomInt } from "node:crypto";
import type { Knex } from "knex";
import { pickFields } from "../../server/domain/applicationFields.ts";
import { fillSheet, sheetFor } from "../../server/domain/formSheets/index.ts";
import { contentHash, signedContent } from "../../server/domain/signatures.ts";

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
