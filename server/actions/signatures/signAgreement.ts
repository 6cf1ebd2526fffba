// The applicant signs the service agreement and the data-protection consent of their own application: the agreement
// exactly as they were shown it (the hash they read must be the hash of the agreement now, this application's fees in
// it), both boxes ticked, their full name typed, a drawn signature if they drew one. Recorded as the answer sheet's
// signature is: the account, the address, the time, the content and its SHA-256, the version, a private PDF and a code.
import { Readable } from "node:stream";
import { SERVICE_AGREEMENT_VERSION } from "../../../views/content/serviceAgreement.ts";
import { formatDateTime } from "../../../views/lib/format.ts";
import {
  AGREE_FIRST,
  AGREEMENT_ALREADY_SIGNED,
  AGREEMENT_CHANGED,
  AGREEMENT_DRAFT,
  AGREEMENT_NO_FEE,
  CONSENT_FIRST,
} from "../../domain/agreements.ts";
import { BAD_DRAWING, sameName, typeYourName } from "../../domain/signatures.ts";
import { type AgreementSignatureRow, agreementOfVersion } from "../../models/agreementSignatures.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { lockApplication } from "../../models/statusChanges.ts";
import { agreementPdf } from "../../presenters/agreementPdf.ts";
import { newStorageKey } from "../../storage/keys.ts";
import { type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { type FileActionContext, recordStored } from "../documents/storedFile.ts";
import { agreementState } from "./agreementState.ts";
import { drawingBytes, newCode } from "./signSheet.ts";

export interface SignAgreement {
  applicationId: string;
  /** The hash of the agreement the page showed (a hidden field): signing something else is refused. */
  shownHash: string;
  typedName: string;
  agreed: boolean;
  consented: boolean;
  /** A PNG data URL from the drawing pad, or empty when the applicant typed their name only. */
  drawing: string;
  /** The site's address, for the public check's (…/signatures/<code>). */
  origin: string;
}

export async function signAgreement(
  ctx: FileActionContext,
  actor: Actor & { userId: string },
  input: SignAgreement,
): Promise<Outcome<{ row: AgreementSignatureRow }>> {
  const { db, storage, config } = ctx;
  const fields: Record<string, string> = {};
  const drawing = drawingBytes(input.drawing);
  if (drawing === "bad") fields.drawing = BAD_DRAWING;
  if (!input.agreed) fields.agree = AGREE_FIRST;
  if (!input.consented) fields.consent = CONSENT_FIRST;

  const app: ApplicationRow | undefined = await db("visa_applications")
    .where({ id: input.applicationId, user_id: actor.userId })
    .first()
    .catch(() => undefined);
  if (!app) return refuse(404, "Application not found");
  const state = await agreementState(db, config, app);
  if (state.state === "draft") return refuse(409, AGREEMENT_DRAFT);
  if (state.state === "no-fee") return refuse(409, AGREEMENT_NO_FEE);
  if (state.state === "valid") return refuse(409, AGREEMENT_ALREADY_SIGNED);
  if (state.hash !== input.shownHash) return refuse(409, AGREEMENT_CHANGED);
  if (!sameName(input.typedName, app.full_name)) fields.typedName = typeYourName(app.full_name);
  if (Object.keys(fields).length > 0) return refuse(400, Object.values(fields)[0], fields);

  const signedAt = new Date();
  const code = newCode();
  const typedName = input.typedName.trim().replace(/\s+/g, " ");
  const pdf = await agreementPdf({
    doc: state.doc,
    typedName,
    drawing: drawing === null ? null : new Uint8Array(drawing as Buffer),
    signedAtText: `${formatDateTime(signedAt.toISOString())} (Lagos)`,
    hash: state.hash,
    checkUrl: `${input.origin}/signatures/${code}`,
  });
  const key = newStorageKey(app.user_id, { document: "signed_agreement" }, "pdf");
  const { size } = await storage.put(key, Readable.from(Buffer.from(pdf)));
  // The row under the case's lock (two tabs signing at once write one); the PDF removed again if it is refused.
  return recordStored<{ ok: true; row: AgreementSignatureRow }>(ctx, key, () =>
    db.transaction(async (trx) => {
      await lockApplication(trx, app.id);
      if (await agreementOfVersion(trx, app.id, SERVICE_AGREEMENT_VERSION))
        return { ok: false as const, reason: "refused" as const, message: AGREEMENT_ALREADY_SIGNED };
      const [row]: AgreementSignatureRow[] = await trx("agreement_signatures")
        .insert({
          application_id: app.id,
          user_id: actor.userId,
          version: SERVICE_AGREEMENT_VERSION,
          typed_name: typedName,
          drawn: drawing !== null,
          content: JSON.stringify(state.doc),
          content_hash: state.hash,
          code,
          pdf_key: key,
          pdf_size: size,
          ip: actor.ip ?? null,
          signed_at: signedAt,
        })
        .returning("*");
      await auditAs(trx, actor, {
        action: "service_agreement_signed",
        subjectType: "application",
        subjectId: app.id,
        details: { version: SERVICE_AGREEMENT_VERSION, hash: state.hash, drawn: drawing !== null },
      });
      return { ok: true as const, row };
    }),
  );
}
