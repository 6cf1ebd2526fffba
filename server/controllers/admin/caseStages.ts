// The stages after approval on the staff's review page (plain form posts, POST-redirect-GET with a toast), a stage's
// file, and the visa centres managers keep on the settings page.
import type { Request, Response } from "express";
import { CENTRE_NOT_FOUND, saveCentre, setCentreActive } from "../../actions/caseStages/centres.ts";
import { markAppointmentMissed } from "../../actions/caseStages/markAppointmentMissed.ts";
import { recordStage } from "../../actions/caseStages/recordStage.ts";
import { skipStage } from "../../actions/caseStages/skipStage.ts";
import { unskipStage } from "../../actions/caseStages/unskipStage.ts";
import { recordFileDownload } from "../../actions/documents/recordFileDownload.ts";
import { ctx } from "../../context.ts";
import { STAGE_TITLES, STAGES, type Stage } from "../../domain/caseStages.ts";
import { orRefuse, signedInActor, staffActor } from "../../http/actions.ts";
import { mayRead, sendFile } from "../../http/privateFile.ts";
import { renderReview } from "../../http/reviewPage.ts";
import { type FormRefusal, HttpError } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { formWithFile } from "../../middleware/upload.ts";
import { findStageFile, listCentres } from "../../models/caseStages.ts";
import { centreSettingsProps } from "../../presenters/caseStages.ts";
import { renderPage } from "../../render/renderPage.ts";
import { stageParam } from "../../validation/caseStages.ts";

const caseUrl = (req: Request) => `/admin/application/${String(req.params.id)}#after-approval`;

function stageOf(req: Request): Stage {
  const stage = stageParam(req.params.stage, STAGES);
  if (!stage) throw new HttpError(404, "Stage not found");
  return stage;
}

/** The form's typed values (never the CSRF token), to show again beside its messages. */
function typed(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((body as Record<string, unknown>) ?? {})) if (k !== "_csrf" && typeof v === "string") out[k] = v.slice(0, 2000);
  return out;
}

/** Which form on the page was refused: a stage's record, correction, move or skip, or the appointment's "missed". */
function formKey(req: Request): string {
  if (req.path.endsWith("/appointment/missed")) return "missed";
  const stage = String(req.params.stage ?? "");
  if (req.path.endsWith("/skip")) return `skip:${stage}`;
  if (req.path.endsWith("/unskip")) return `unskip:${stage}`;
  const mode = typeof req.body?.mode === "string" ? req.body.mode : "record";
  return `${mode}:${stage}`;
}

/** A refused stage form: the review page again with the message beside the form, at the refusal's status. */
export const stageFormRefused: FormRefusal = async (req, res, { status, message, fields }) => {
  if (status === 404) throw new HttpError(404, message);
  await renderReview(req, res, { form: formKey(req), message, fields: fields ?? {}, values: typed(req.body) }, status);
};

const MODES = ["record", "correct", "move"] as const;

async function recordStageHandler(req: Request, res: Response): Promise<void> {
  const stage = stageOf(req);
  const mode = MODES.find((m) => m === req.body?.mode) ?? "record";
  const file = req.file ? { tempId: req.file.tempId, originalName: req.file.originalname, size: req.file.size } : null;
  orRefuse(
    await recordStage(ctx(req), staffActor(req, res), {
      applicationId: String(req.params.id),
      stage,
      mode,
      fields: req.body ?? {},
      file,
      overrideReason: typeof req.body?.override_reason === "string" ? req.body.override_reason : "",
    }),
  );
  redirectWithFlash(req, res, caseUrl(req), {
    title: mode === "correct" ? `${STAGE_TITLES[stage]} corrected` : mode === "move" ? "Appointment moved" : `${STAGE_TITLES[stage]} recorded`,
    description: "The applicant has been e-mailed and sees it on their timeline.",
  });
}

/** POST /admin/application/:id/stages/:stage (multipart, the token in the URL) {mode, the stage's fields, file?} */
export const recordStageForm = [formWithFile, recordStageHandler];

/** POST /admin/application/:id/stages/:stage/skip {reason} */
export async function skipStageForm(req: Request, res: Response): Promise<void> {
  const stage = stageOf(req);
  orRefuse(await skipStage(ctx(req), staffActor(req, res), { applicationId: String(req.params.id), stage, fields: req.body ?? {} }));
  redirectWithFlash(req, res, caseUrl(req), { title: `${STAGE_TITLES[stage]} skipped` });
}

/** POST /admin/application/:id/stages/:stage/unskip — undoes a skip made less than a day ago */
export async function unskipStageForm(req: Request, res: Response): Promise<void> {
  const stage = stageOf(req);
  orRefuse(await unskipStage(ctx(req), staffActor(req, res), { applicationId: String(req.params.id), stage }));
  redirectWithFlash(req, res, caseUrl(req), { title: `Skip undone: ${STAGE_TITLES[stage]}`, description: "The stage can be recorded again." });
}

/** POST /admin/application/:id/appointment/missed */
export async function missedForm(req: Request, res: Response): Promise<void> {
  orRefuse(await markAppointmentMissed(ctx(req), staffActor(req, res), { applicationId: String(req.params.id) }));
  redirectWithFlash(req, res, caseUrl(req), {
    title: "Appointment recorded as missed",
    description: "The applicant has been e-mailed. Book a new appointment when you have one.",
  });
}

/** GET /files/stages/:id — a stage's file, to the applicant whose case it is and the staff who may open the case */
export async function stageFile(req: Request, res: Response): Promise<void> {
  const row = await findStageFile(ctx(req).db, String(req.params.id));
  if (!row?.file_key || !row.file_mime || !mayRead(res, row)) throw new HttpError(404, "File not found");
  await recordFileDownload(ctx(req), signedInActor(req, res), {
    ownerId: row.user_id,
    subjectType: "application",
    subjectId: row.application_id,
    details: { file: row.file_name, stage: row.stage },
  });
  await sendFile(req, res, { path: row.file_key, mime: row.file_mime, name: row.file_name ?? "file" });
}

// ---- the visa centres (managers, on the settings area) ----

async function showCentres(
  req: Request,
  res: Response,
  status: number,
  refused: { form: string; message: string; fields: Record<string, string>; values: Record<string, string> } | null,
) {
  const centres = await listCentres(ctx(req).db);
  await renderPage(req, res, "admin/CentreSettings", centreSettingsProps(centres, refused), { title: "Visa centres", status });
}

/** GET /admin/settings/centres */
export const centresPage = (req: Request, res: Response) => showCentres(req, res, 200, null);

export const centreFormRefused: FormRefusal = (req, res, { status, message, fields }) =>
  showCentres(req, res, status, { form: req.params.id ? String(req.params.id) : "new", message, fields: fields ?? {}, values: typed(req.body) });

/** POST /admin/settings/centres {name, address, what_to_bring} — a new centre */
export async function newCentreForm(req: Request, res: Response): Promise<void> {
  const { centre } = orRefuse(await saveCentre(ctx(req), signedInActor(req, res), { id: null, fields: req.body ?? {} }));
  redirectWithFlash(req, res, "/admin/settings/centres", { title: "Centre added", description: centre.name });
}

/** POST /admin/settings/centres/:id {name, address, what_to_bring} */
export async function editCentreForm(req: Request, res: Response): Promise<void> {
  const { centre } = orRefuse(await saveCentre(ctx(req), signedInActor(req, res), { id: String(req.params.id), fields: req.body ?? {} }));
  redirectWithFlash(req, res, "/admin/settings/centres", { title: "Centre saved", description: centre.name });
}

/** POST /admin/settings/centres/:id/active {active: "true"|"false"} */
export async function centreActiveForm(req: Request, res: Response): Promise<void> {
  const active = req.body?.active === "true";
  if (req.body?.active !== "true" && req.body?.active !== "false") throw new HttpError(400, CENTRE_NOT_FOUND);
  const { centre } = orRefuse(await setCentreActive(ctx(req), signedInActor(req, res), { id: String(req.params.id), active }));
  redirectWithFlash(req, res, "/admin/settings/centres", {
    title: active ? "Centre back on the list" : "Centre deactivated",
    description: centre.name,
  });
}
