// The applicant reads and signs the service agreement and data-protection consent of an application
// (/application/:id/agreement, a plain form; another person's application answers 404), then goes back to pay; and the
// PDF of what was signed (/files/agreements/:id) for them and the staff who may open the case.
import type { Request, Response } from "express";
import type { AgreementDocument } from "../../../views/content/serviceAgreement.ts";
import { SERVICE_AGREEMENT_VERSION } from "../../../views/content/serviceAgreement.ts";
import type { AgreementProps } from "../../../views/pages/portal/agreementTypes.ts";
import { recordFileDownload } from "../../actions/documents/recordFileDownload.ts";
import { agreementState } from "../../actions/signatures/agreementState.ts";
import { signAgreement } from "../../actions/signatures/signAgreement.ts";
import { ctx } from "../../context.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { mayRead, sendFile } from "../../http/privateFile.ts";
import { siteOrigin } from "../../http/siteOrigin.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { type FormRefusal, HttpError, notFoundHandler } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { findAgreement } from "../../models/agreementSignatures.ts";
import { type ApplicationRow, findForUser } from "../../models/applications.ts";
import { qrSvg } from "../../presenters/receipt.ts";
import { renderPage } from "../../render/renderPage.ts";

async function renderAgreement(req: Request, res: Response, row: ApplicationRow, refused: AgreementProps["refused"], status = 200): Promise<void> {
  const origin = siteOrigin(req);
  const s = await agreementState(ctx(req).db, ctx(req).config, row);
  const signedRow = s.state === "draft" ? null : s.row;
  const checkUrl = signedRow ? `${origin}/signatures/${signedRow.code}` : "";
  const props: AgreementProps = {
    application: { id: row.id, reference: row.reference_number, fullName: row.full_name },
    state: s.state,
    version: SERVICE_AGREEMENT_VERSION,
    // Once signed, the page shows what was signed (a fee changed since does not rewrite it).
    doc: s.state === "valid" && signedRow ? (signedRow.content as AgreementDocument) : "doc" in s ? s.doc : null,
    hash: "hash" in s ? s.hash : null,
    message: s.state === "no-fee" ? s.message : null,
    signed: signedRow
      ? {
          at: new Date(signedRow.signed_at).toISOString(),
          version: signedRow.version,
          typedName: signedRow.typed_name,
          pdfUrl: `/files/agreements/${signedRow.id}`,
          checkUrl,
          qrSvg: await qrSvg(checkUrl),
        }
      : null,
    refused,
  };
  await renderPage(req, res, "portal/Agreement", props, { title: `Service agreement ${row.reference_number}`, status });
}

async function ownOr404(req: Request, res: Response): Promise<ApplicationRow> {
  const row = await findForUser(ctx(req).db, String(req.params.id), requireUserId(res));
  if (!row) throw new HttpError(404, "Application not found");
  return row;
}

/** GET /application/:id/agreement — the agreement with this application's fees, and the form that signs it */
export async function agreementPage(req: Request, res: Response): Promise<void> {
  await renderAgreement(req, res, await ownOr404(req, res), null);
}

/** A refused signature: the page again with the message, the fields' messages and the typed name kept. */
export const agreementRefused: FormRefusal = async (req, res, refusal) => {
  const row = await findForUser(ctx(req).db, String(req.params.id), requireUserId(res));
  if (!row) return notFoundHandler(req, res);
  const typedName = typeof req.body?.typedName === "string" ? req.body.typedName.slice(0, 200) : "";
  await renderAgreement(req, res, row, { message: refusal.message, fields: refusal.fields ?? {}, typedName }, refusal.status);
};

/** POST /application/:id/agreement {hash, typedName, agree, consent, drawing} — then back to the payment page */
export async function agreementForm(req: Request, res: Response): Promise<void> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const str = (k: string) => (typeof body[k] === "string" ? (body[k] as string) : "");
  orRefuse(
    await signAgreement(ctx(req), signedInActor(req, res), {
      applicationId: String(req.params.id),
      shownHash: str("hash"),
      typedName: str("typedName").slice(0, 200),
      agreed: str("agree") === "yes",
      consented: str("consent") === "yes",
      drawing: str("drawing"),
      origin: siteOrigin(req),
    }),
  );
  redirectWithFlash(req, res, `/payment/${req.params.id}`, {
    title: "Service agreement signed",
    description: "Thank you. You can pay now, and open the signed agreement (PDF) from your application's page at any time.",
  });
}

/** GET /files/agreements/:id — the PDF of a signed agreement: the applicant, a manager, the case's officer */
export async function agreementFile(req: Request, res: Response): Promise<void> {
  const row = await findAgreement(ctx(req).db, String(req.params.id));
  if (!row || !mayRead(res, { user_id: row.owner_id, assignee_id: row.assignee_id })) throw new HttpError(404, "File not found");
  await recordFileDownload(ctx(req), signedInActor(req, res), {
    ownerId: row.owner_id,
    subjectType: "application",
    subjectId: row.application_id,
    details: { file: "signed service agreement" },
  });
  await sendFile(req, res, { path: row.pdf_key, mime: "application/pdf", name: `signed-service-agreement-${row.code}.pdf` });
}
