// The applicant reviews and signs the answer sheet staff will lodge (/application/:id/sign, a plain form), and the PDF
// of what was signed (/files/signatures/:id) for them and the staff who may open the case.
import type { Request, Response } from "express";
import type { SignSheetProps } from "../../../views/pages/portal/signTypes.ts";
import { recordFileDownload } from "../../actions/documents/recordFileDownload.ts";
import { signatureState } from "../../actions/signatures/signatureState.ts";
import { signSheet } from "../../actions/signatures/signSheet.ts";
import { ctx } from "../../context.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { loadOwnOrRedirect } from "../../http/ownApplication.ts";
import { mayRead, sendFile } from "../../http/privateFile.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { type FormRefusal, HttpError, notFoundHandler } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { type ApplicationRow, findForUser } from "../../models/applications.ts";
import { findSignature } from "../../models/signatures.ts";
import { qrSvg } from "../../presenters/receipt.ts";
import { renderPage } from "../../render/renderPage.ts";

const baseUrlOf = (req: Request) => ctx(req).config.publicUrl ?? `${req.protocol}://${req.get("host")}`;
export const signatureCheckUrl = (baseUrl: string, code: string) => `${baseUrl}/signatures/${code}`;

async function renderSign(req: Request, res: Response, row: ApplicationRow, refused: SignSheetProps["refused"], status = 200): Promise<void> {
  const application = { id: row.id, reference: row.reference_number, fullName: row.full_name };
  let props: SignSheetProps = { application, state: "not-approved", sheet: null, hash: null, signed: null, refused };
  if (row.status === "approved") {
    const s = await signatureState(ctx(req).db, row);
    if (s.state === "no-sheet") props = { ...props, state: "no-sheet" };
    else {
      const checkUrl = s.row ? signatureCheckUrl(baseUrlOf(req), s.row.code) : "";
      props = {
        ...props,
        state: s.state,
        sheet: { form: s.content.form, questions: s.content.questions },
        hash: s.hash,
        signed: s.row
          ? {
              at: new Date(s.row.signed_at).toISOString(),
              typedName: s.row.typed_name,
              pdfUrl: `/files/signatures/${s.row.id}`,
              checkUrl,
              qrSvg: await qrSvg(checkUrl),
            }
          : null,
      };
    }
  }
  await renderPage(req, res, "portal/SignSheet", props, { title: `Sign the answer sheet ${row.reference_number}`, status });
}

/** GET /application/:id/sign — the sheet in plain words, and the form that signs it (or the signature, once signed) */
export async function signPage(req: Request, res: Response): Promise<void> {
  const row = await loadOwnOrRedirect(req, res);
  if (!row) return;
  await renderSign(req, res, row, null);
}

/** A refused signature: the page again with the message, the field's message and the typed name kept. */
export const signRefused: FormRefusal = async (req, res, refusal) => {
  const row = await findForUser(ctx(req).db, String(req.params.id), requireUserId(res));
  if (!row) return notFoundHandler(req, res);
  const typedName = typeof req.body?.typedName === "string" ? req.body.typedName.slice(0, 200) : "";
  await renderSign(req, res, row, { message: refusal.message, fields: refusal.fields ?? {}, typedName }, refusal.status);
};

/** POST /application/:id/sign {hash, typedName, confirm, drawing} */
export async function signForm(req: Request, res: Response): Promise<void> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const str = (k: string) => (typeof body[k] === "string" ? (body[k] as string) : "");
  orRefuse(
    await signSheet(ctx(req), signedInActor(req, res), {
      applicationId: String(req.params.id),
      shownHash: str("hash"),
      typedName: str("typedName").slice(0, 200),
      confirmed: str("confirm") === "yes",
      drawing: str("drawing"),
      checkBase: `${baseUrlOf(req)}/signatures/`,
    }),
  );
  redirectWithFlash(req, res, `/application/${req.params.id}/sign`, {
    title: "Answer sheet signed",
    description: "We will lodge the form with these answers. You can open the signed PDF at any time.",
  });
}

/** GET /files/signatures/:id — the PDF of what was signed: the applicant, a manager, the case's officer */
export async function signatureFile(req: Request, res: Response): Promise<void> {
  const row = await findSignature(ctx(req).db, String(req.params.id));
  if (!row || !mayRead(res, { user_id: row.owner_id, assignee_id: row.assignee_id })) throw new HttpError(404, "File not found");
  await recordFileDownload(ctx(req), signedInActor(req, res), {
    ownerId: row.owner_id,
    subjectType: "application",
    subjectId: row.application_id,
    details: { file: "signed answer sheet" },
  });
  await sendFile(req, res, { path: row.pdf_key, mime: "application/pdf", name: `signed-answer-sheet-${row.code}.pdf` });
}
