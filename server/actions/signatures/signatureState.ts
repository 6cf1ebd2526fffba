// Whether a case's answer sheet is signed as it stands: the sheet filled in from the current answers is hashed and
// compared with the current signature's hash. A mismatch (an answer changed after signing) voids the signature there
// and then, so the applicant is asked again and staff cannot lodge on it.
import type { Knex } from "knex";
import { pickFields } from "../../domain/applicationFields.ts";
import { fillSheet, sheetFor } from "../../domain/formSheets/index.ts";
import { contentHash, type SignedContent, signedContent } from "../../domain/signatures.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { currentSignature, type SignatureRow, voidSignature } from "../../models/signatures.ts";

export type SignatureState =
  | { state: "no-sheet" }
  | { state: "none" | "valid" | "void"; content: SignedContent; hash: string; row: SignatureRow | null };

export async function signatureState(db: Knex, app: ApplicationRow): Promise<SignatureState> {
  const sheet = sheetFor(app.destination_country);
  if (!sheet) return { state: "no-sheet" };
  const content = signedContent(fillSheet(sheet, pickFields(app)));
  const hash = contentHash(content);
  const row = await currentSignature(db, app.id);
  if (row && row.content_hash === hash) return { state: "valid", content, hash, row };
  if (row) {
    await voidSignature(db, row.id);
    return { state: "void", content, hash, row: { ...row, voided_at: new Date() } };
  }
  const last: SignatureRow | undefined = await db("form_signatures").where({ application_id: app.id }).orderBy("signed_at", "desc").first();
  return { state: last ? "void" : "none", content, hash, row: last ?? null };
}
