// The files clients send on WhatsApp, for staff: opened by their link (staff who may open the case whose conversation
// the file is in, or any staff for a file waiting in the WhatsApp inbox; anyone else, the sender included, and an
// unknown or unstored file answer 404), and filed against one of the case's open document requests (a plain form:
// POST-redirect-GET with a toast; a refusal shows the case page again with its message beside the file).
import type { Request, Response } from "express";
import { recordFileDownload } from "../../actions/documents/recordFileDownload.ts";
import { fileWhatsappMedia } from "../../actions/messages/fileWhatsappMedia.ts";
import { ctx } from "../../context.ts";
import { actsAsStaff, mayOpenCase } from "../../domain/staff.ts";
import { orRefuse, signedInActor, staffActor } from "../../http/actions.ts";
import { sendFile } from "../../http/privateFile.ts";
import { renderReview } from "../../http/reviewPage.ts";
import { currentUser } from "../../middleware/auth.ts";
import { type FormRefusal, HttpError } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { fileWithCase } from "../../models/whatsappFiles.ts";
import { whatsappFilingSchema } from "../../validation/messages.ts";
import { parseInput } from "../../validation/validate.ts";

const NOT_FOUND = "File not found";

/** GET /files/whatsapp/:fileId — a photo or a document a client sent on WhatsApp, to staff only */
export async function whatsappFile(req: Request, res: Response): Promise<void> {
  const user = currentUser(res);
  const found = actsAsStaff(user) ? await fileWithCase(ctx(req).db, String(req.params.fileId)) : undefined;
  const allowed = found && (found.application ? mayOpenCase(user, found.application) : found.file.outcome === "inbox");
  const file = allowed ? found.file : undefined;
  if (file?.media_state !== "stored" || !file.media_path || !file.media_mime) throw new HttpError(404, NOT_FOUND);
  if (found?.application && file.user_id) {
    await recordFileDownload(ctx(req), signedInActor(req, res), {
      ownerId: file.user_id,
      subjectType: "application",
      subjectId: found.application.id,
      details: { file: file.media_name, whatsapp: file.id },
    });
  }
  await sendFile(req, res, { path: file.media_path, mime: file.media_mime, name: file.media_name ?? "whatsapp-file" });
}

const caseUrl = (req: Request) => `/admin/application/${String(req.params.id)}#messages`;

/** The case page again at the refusal's status, the message beside the file and in the page's toast. */
export const fileFormRefused: FormRefusal = async (req, res, { status, message, fields }) => {
  if (status === 404) throw new HttpError(404, message);
  const said = fields?.request_id ?? message;
  if (req.session) req.session.flash = { title: "Not filed", description: said, variant: "destructive" };
  await renderReview(req, res, null, status, null, { fileId: String(req.params.fileId), message: said });
};

/** POST /admin/application/:id/whatsapp/:fileId/file {request_id} — another case's file, or an unknown one, is 404 */
export async function fileForm(req: Request, res: Response): Promise<void> {
  const { request_id } = parseInput(whatsappFilingSchema, req.body ?? {});
  const input = { applicationId: String(req.params.id), fileId: String(req.params.fileId), requestId: request_id };
  const { label, fileName } = orRefuse(await fileWhatsappMedia(ctx(req), staffActor(req, res), input));
  await redirectWithFlash(req, res, caseUrl(req), { title: "File filed", description: `${fileName} is now the upload for ${label}.` });
}
