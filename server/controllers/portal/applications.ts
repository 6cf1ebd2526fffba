// The applicant's visa applications: wizard, review and details pages, and the draft/submit API.
import type { Request, Response } from "express";
import { ctx } from "../../context.ts";
import { missingFields, passportCheck } from "../../domain/completeness.ts";
import {
  DOCUMENT_TYPES,
  EXPECTED_DOCUMENTS,
  GENDERS,
  MARITAL_STATUSES,
  SPECIFIC_FIELDS,
  VISA_TYPE_OPTIONS,
  WIZARD_STEPS,
} from "../../domain/visa.ts";
import { queueSubmittedMessages } from "../../mail/applicationMessages.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { HttpError } from "../../middleware/errors.ts";
import { setFlash } from "../../middleware/session.ts";
import { type ApplicationRow, createDraft, type DraftFields, findForUser, historyFor, submitDraft, updateDraft } from "../../models/applications.ts";
import { listDocuments } from "../../models/documents.ts";
import { renderPage } from "../../render/renderPage.ts";
import { cleanSpecificData, draftSchema } from "../../validation/application.ts";
import { documentView } from "./documents.ts";
import { applicationForm, applicationSummary, historyEntry } from "./presenters.ts";

/** Submission needs the passport scan and photo (DESIGN decision 4). */
export const PASSPORT_FILES_REQUIRED = true;

const LOAD_FAILED = "Failed to load application";

/** Review, details and payment pages: a missing or foreign application goes back to the dashboard (SPEC §8). */
export async function loadOwnOrRedirect(req: Request, res: Response): Promise<ApplicationRow | undefined> {
  const row = await findForUser(ctx(req).db, String(req.params.id), requireUserId(res));
  if (!row) {
    setFlash(req, { title: "Error", description: LOAD_FAILED, variant: "destructive" });
    res.redirect(303, "/dashboard");
  }
  return row;
}

function wizardOptions() {
  return {
    steps: [...WIZARD_STEPS],
    visaTypes: VISA_TYPE_OPTIONS,
    specificFields: SPECIFIC_FIELDS,
    genders: GENDERS,
    maritalStatuses: MARITAL_STATUSES,
    documentTypes: DOCUMENT_TYPES,
    expectedDocuments: EXPECTED_DOCUMENTS,
  };
}

export async function wizardPage(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const id = String(req.params.id);
  const title = "Visa Application";
  if (id === "new") {
    await renderPage(req, res, "portal/Wizard", { application: null, documents: [], ...wizardOptions() }, { title });
    return;
  }
  const row = await findForUser(ctx(req).db, id, userId);
  if (!row) {
    // SPEC §8: on the wizard a load failure stays on the page.
    await renderPage(
      req,
      res,
      "portal/Wizard",
      { application: null, documents: [], loadError: LOAD_FAILED, ...wizardOptions() },
      { title, status: 404 },
    );
    return;
  }
  if (row.status !== "draft") {
    setFlash(req, { title: "Application submitted", description: "A submitted application cannot be edited." });
    res.redirect(303, `/application/${row.id}`);
    return;
  }
  const asked = Number(req.query.step);
  const initialStep = Number.isInteger(asked) && asked >= 1 && asked <= WIZARD_STEPS.length ? asked : undefined;
  await renderPage(
    req,
    res,
    "portal/Wizard",
    { application: applicationForm(row), documents: (await listDocuments(ctx(req).db, row.id)).map(documentView), initialStep, ...wizardOptions() },
    { title: `${title} ${row.reference_number}` },
  );
}

export async function reviewPage(req: Request, res: Response): Promise<void> {
  const row = await loadOwnOrRedirect(req, res);
  if (!row) return;
  const missing = missingFields(row, { requireFiles: PASSPORT_FILES_REQUIRED });
  const passport = passportCheck(row);
  await renderPage(
    req,
    res,
    "portal/Review",
    {
      application: applicationForm(row),
      specificFields: SPECIFIC_FIELDS[row.visa_type as keyof typeof SPECIFIC_FIELDS] ?? [],
      genders: GENDERS,
      maritalStatuses: MARITAL_STATUSES,
      documents: (await listDocuments(ctx(req).db, row.id)).map(documentView),
      missing,
      passport,
      canSubmit: row.status === "draft" && missing.length === 0 && passport.blocking.length === 0,
    },
    { title: `Review ${row.reference_number}` },
  );
}

export async function detailsPage(req: Request, res: Response): Promise<void> {
  const row = await loadOwnOrRedirect(req, res);
  if (!row) return;
  const history = await historyFor(ctx(req).db, row.id);
  const summary = applicationSummary(row);
  await renderPage(
    req,
    res,
    "portal/Details",
    {
      application: {
        ...summary,
        amountPaid: row.amount_paid,
        paymentReference: row.payment_reference,
        paidAt: row.paid_at,
        fee: applicationForm(row).fee,
        fullName: row.full_name,
      },
      history: history.map(historyEntry),
      showPayNow: summary.paymentStatus !== "paid" && summary.status !== "draft",
      canEdit: summary.status === "draft",
    },
    { title: `Application ${row.reference_number}` },
  );
}

/** Validates a wizard body into the columns a draft may change. */
function draftFields(body: unknown, current?: ApplicationRow): DraftFields {
  const parsed = draftSchema.parse(body ?? {});
  const { visa_specific_data: specific, ...rest } = parsed;
  const fields: DraftFields = { ...(rest as DraftFields) };
  const type = parsed.visa_type !== undefined ? parsed.visa_type : current?.visa_type;
  if (specific !== undefined || parsed.visa_type !== undefined) {
    fields.visa_specific_data = cleanSpecificData(type, specific ?? current?.visa_specific_data);
  }
  if (parsed.criminal_history === false) fields.criminal_history_details = null;
  if (parsed.prior_visa_refusals === false) fields.prior_visa_refusal_details = null;
  return fields;
}

export async function createApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const row = await createDraft(ctx(req).db, userId, draftFields(req.body));
  res.status(201).json({ application: applicationForm(row) });
}

export async function updateApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const { db } = ctx(req);
  const current = await findForUser(db, String(req.params.id), userId);
  if (!current) throw new HttpError(404, LOAD_FAILED);
  const result = await updateDraft(db, current.id, userId, draftFields(req.body, current));
  if (!result.ok) {
    if (result.reason === "not_draft") throw new HttpError(409, "This application has been submitted and can no longer be edited.");
    throw new HttpError(404, LOAD_FAILED);
  }
  res.json({ application: applicationForm(result.row) });
}

export async function submitApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const { db, config } = ctx(req);
  const result = await submitDraft(
    db,
    String(req.params.id),
    userId,
    (row) => {
      const missing = missingFields(row, { requireFiles: PASSPORT_FILES_REQUIRED });
      const { blocking } = passportCheck(row);
      return { ok: missing.length === 0 && blocking.length === 0, missing: { missing, blocking } };
    },
    (trx, row) => queueSubmittedMessages(trx, row, config.mail.staffInbox),
  );
  if (result.ok) {
    res.json({ application: applicationForm(result.row) });
    return;
  }
  if (result.reason === "not_found") throw new HttpError(404, LOAD_FAILED);
  if (result.reason === "not_draft") throw new HttpError(409, "This application has already been submitted.");
  const { missing, blocking } = result.missing as { missing: { key: string; label: string; step: number }[]; blocking: string[] };
  const fields: Record<string, string> = {};
  for (const m of missing) fields[m.key] = `${m.label} is required (step ${m.step})`;
  if (blocking.length) fields.passport_expiry_date = blocking[0];
  const message = missing.length ? `Some required information is missing: ${missing.map((m) => m.label).join(", ")}.` : blocking[0];
  res.status(400).json({ error: { message, fields, missing, blocking } });
}
