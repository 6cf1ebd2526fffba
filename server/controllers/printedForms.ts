// The printed government form of an application, filled from its answers (the Schengen form today): downloaded by the
// applicant from their application's page once submitted, and by the staff who may open the case from its answer
// sheet. Private: never cached, never at a public address.
import type { Request, Response } from "express";
import { recordFileDownload } from "../actions/documents/recordFileDownload.ts";
import { ctx } from "../context.ts";
import { signedInActor } from "../http/actions.ts";
import { loadOrRedirect } from "../http/reviewPage.ts";
import { requireUserId } from "../middleware/auth.ts";
import { HttpError } from "../middleware/errors.ts";
import { findForUser } from "../models/applications.ts";
import { printedFormFile } from "../presenters/printedForm/index.ts";

const NOT_FOUND = "File not found";

function sendPdf(res: Response, file: { bytes: Uint8Array; name: string }): void {
  res.set({
    "Content-Type": "application/pdf",
    "Content-Length": String(file.bytes.byteLength),
    "Content-Disposition": `attachment; filename="${file.name.replace(/[^\w.-]/g, "_")}"`,
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
    "Cross-Origin-Resource-Policy": "same-origin",
  });
  res.end(Buffer.from(file.bytes));
}

/** GET /application/:id/printed-form.pdf — the applicant's own submitted application only; anything else is 404. */
export async function applicantPrintedForm(req: Request, res: Response): Promise<void> {
  const row = await findForUser(ctx(req).db, String(req.params.id), requireUserId(res));
  if (!row || row.status === "draft") throw new HttpError(404, NOT_FOUND);
  const file = await printedFormFile(ctx(req).storage, row);
  if (!file) throw new HttpError(404, NOT_FOUND);
  sendPdf(res, file);
}

/** GET /admin/application/:id/printed-form.pdf — whoever may open the case's answer sheet; each download is audited. */
export async function staffPrintedForm(req: Request, res: Response): Promise<void> {
  const row = await loadOrRedirect(req, res);
  if (!row) return;
  const file = await printedFormFile(ctx(req).storage, row);
  if (!file) throw new HttpError(404, NOT_FOUND);
  await recordFileDownload(ctx(req), signedInActor(req, res), {
    ownerId: row.user_id,
    subjectType: "application",
    subjectId: row.id,
    details: { file: file.form },
  });
  sendPdf(res, file);
}
