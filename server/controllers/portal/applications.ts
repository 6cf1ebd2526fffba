// The applicant's visa applications: wizard, review and details pages, and the draft/submit API.
import type { Request, Response } from "express";
import { ctx } from "../../context.ts";
import { TEXT_FIELD_KEYS } from "../../domain/applicationFields.ts";
import { submissionCheck } from "../../domain/completeness.ts";
import { draftFields } from "../../domain/draft.ts";
import { SAVE_FIRST } from "../../domain/files.ts";
import { formatProblems, problemFields } from "../../domain/formats.ts";
import { tooManyDrafts } from "../../domain/quotas.ts";
import { paymentRefusal, VISA_TYPE_LOCKED, visaTypeLocked } from "../../domain/status.ts";
import {
  DOCUMENT_TYPES,
  EXPECTED_DOCUMENTS,
  GENDERS,
  MARITAL_STATUSES,
  SPECIFIC_FIELDS,
  VISA_TYPE_OPTIONS,
  WIZARD_STEPS,
} from "../../domain/visa.ts";
import { LOAD_FAILED, loadOwnOrRedirect } from "../../http/ownApplication.ts";
import { queueSubmittedMessages } from "../../mail/applicationMessages.ts";
import { audit } from "../../middleware/audit.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { HttpError } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { MAX_FILE_BYTES, TOO_LARGE } from "../../middleware/upload.ts";
import { relatedApplications } from "../../models/applicationCopies.ts";
import { type ApplicationRow, createDraft, findForUser, historyFor, submitDraft, updateDraft } from "../../models/applications.ts";
import { listDocuments } from "../../models/documents.ts";
import { returnNotes } from "../../models/statusChanges.ts";
import { applicationForm, applicationSummary, historyEntry } from "../../presenters/application.ts";
import { documentView } from "../../presenters/documents.ts";
import { renderPage } from "../../render/renderPage.ts";
import { draftSchema } from "../../validation/application.ts";
import { parseInput } from "../../validation/validate.ts";

function wizardOptions() {
  return {
    steps: [...WIZARD_STEPS],
    visaTypes: VISA_TYPE_OPTIONS,
    specificFields: SPECIFIC_FIELDS,
    genders: GENDERS,
    maritalStatuses: MARITAL_STATUSES,
    documentTypes: [...DOCUMENT_TYPES],
    expectedDocuments: EXPECTED_DOCUMENTS,
    textFields: TEXT_FIELD_KEYS,
    uploadRules: { maxBytes: MAX_FILE_BYTES, tooLarge: TOO_LARGE, saveFirst: SAVE_FIRST },
  };
}

/** GET /visa-application/:id — the 8-step wizard ("new" for a new application) */
export async function wizardPage(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const id = String(req.params.id);
  const title = "Visa Application";
  if (id === "new") {
    await renderPage(req, res, "portal/Wizard", { application: null, documents: [], changesRequested: null, ...wizardOptions() }, { title });
    return;
  }
  const row = await findForUser(ctx(req).db, id, userId);
  if (!row) {
    // SPEC §8: on the wizard a load failure stays on the page.
    await renderPage(
      req,
      res,
      "portal/Wizard",
      { application: null, documents: [], changesRequested: null, loadError: LOAD_FAILED, ...wizardOptions() },
      { title, status: 404 },
    );
    return;
  }
  if (row.status !== "draft") {
    redirectWithFlash(req, res, `/application/${row.id}`, {
      title: "Application submitted",
      description: "A submitted application cannot be edited.",
    });
    return;
  }
  const asked = Number(req.query.step);
  const initialStep = Number.isInteger(asked) && asked >= 1 && asked <= WIZARD_STEPS.length ? asked : undefined;
  const { db } = ctx(req);
  const [documents, notes] = await Promise.all([listDocuments(db, row.id), returnNotes(db, [row.id])]);
  await renderPage(
    req,
    res,
    "portal/Wizard",
    {
      application: applicationForm(row),
      documents: documents.map(documentView),
      initialStep,
      changesRequested: notes.get(row.id) ?? null,
      visaTypeLocked: visaTypeLocked(row),
      problems: problemFields(formatProblems(row)),
      ...wizardOptions(),
    },
    { title: `${title} ${row.reference_number}` },
  );
}

/** GET /visa-application/:id/review — every answer, what is missing, and submit */
export async function reviewPage(req: Request, res: Response): Promise<void> {
  const row = await loadOwnOrRedirect(req, res);
  if (!row) return;
  const { ok, missing, invalid, blocking, warnings } = submissionCheck(row);
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
      invalid,
      passport: { blocking, warnings },
      canSubmit: row.status === "draft" && ok,
    },
    { title: `Review ${row.reference_number}` },
  );
}

/** GET /application/:id — status, payment and history of one application */
export async function detailsPage(req: Request, res: Response): Promise<void> {
  const row = await loadOwnOrRedirect(req, res);
  if (!row) return;
  const { db } = ctx(req);
  const [history, notes, related] = await Promise.all([historyFor(db, row.id), returnNotes(db, [row.id]), relatedApplications(db, row)]);
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
        paidAt: row.paid_at?.toISOString() ?? null,
        fee: applicationForm(row).fee,
        fullName: row.full_name,
      },
      history: history.map(historyEntry),
      changesRequested: notes.get(row.id) ?? null,
      showPayNow: paymentRefusal(row) === undefined,
      canEdit: summary.status === "draft",
      canStartAgain: row.status === "rejected",
      related: {
        startedFrom: related.startedFrom ? { id: related.startedFrom.id, reference: related.startedFrom.reference_number } : null,
        startedAgainAs: related.startedAgainAs.map((r) => ({ id: r.id, reference: r.reference_number })),
      },
    },
    { title: `Application ${row.reference_number}` },
  );
}

/** Validates a wizard body into the columns a draft may change. */
const parseDraft = (body: unknown, current?: ApplicationRow) => draftFields(parseInput(draftSchema, body ?? {}), current);

/** POST /api/applications — creates a draft from the wizard's first save */
export async function createApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const { db, config } = ctx(req);
  const row = await createDraft(db, userId, parseDraft(req.body), config.quotas.openDrafts);
  if (!row) throw new HttpError(409, tooManyDrafts(config.quotas));
  res.status(201).json({ application: applicationForm(row), problems: problemFields(formatProblems(row)) });
}

/** PATCH /api/applications/:id — saves a draft's fields */
export async function updateApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const { db } = ctx(req);
  const current = await findForUser(db, String(req.params.id), userId);
  if (!current) throw new HttpError(404, LOAD_FAILED);
  const fields = parseDraft(req.body, current);
  if (visaTypeLocked(current) && fields.visa_type !== undefined && fields.visa_type !== current.visa_type) {
    throw new HttpError(409, VISA_TYPE_LOCKED, { visa_type: VISA_TYPE_LOCKED });
  }
  const result = await updateDraft(db, current.id, userId, fields);
  if (!result.ok) {
    if (result.reason === "not_draft") throw new HttpError(409, "This application has been submitted and can no longer be edited.");
    throw new HttpError(404, LOAD_FAILED);
  }
  res.json({ application: applicationForm(result.row), problems: problemFields(formatProblems(result.row)) });
}

/** A save may land between the check and the submission: the check then runs again on the saved row. */
const SUBMIT_ATTEMPTS = 3;

/** POST /api/applications/:id/submit — submits a complete draft */
export async function submitApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const { db, config } = ctx(req);
  for (let attempt = 1; ; attempt++) {
    const row = await findForUser(db, String(req.params.id), userId);
    if (!row) throw new HttpError(404, LOAD_FAILED);
    if (row.status !== "draft") throw new HttpError(409, "This application has already been submitted.");
    const check = submissionCheck(row);
    if (!check.ok) {
      const { missing, invalid, blocking } = check;
      const fields: Record<string, string> = problemFields(invalid);
      for (const m of missing) fields[m.key] = `${m.label} is required (step ${m.step})`;
      if (blocking.length) fields.passport_expiry_date = blocking[0];
      const message = missing.length
        ? `Some required information is missing: ${missing.map((m) => m.label).join(", ")}.`
        : invalid.length
          ? `Some answers are not in a valid format: ${invalid.map((m) => m.label).join(", ")}.`
          : blocking[0];
      res.status(400).json({ error: { message, fields, missing, invalid, blocking } });
      return;
    }
    const result = await submitDraft(db, row, userId, (trx, submitted) =>
      queueSubmittedMessages(ctx(req).outbox, trx, submitted, config.mail.staffInbox),
    );
    if (result.ok) {
      await audit(req, { action: "status_changed", subjectType: "application", subjectId: row.id, details: { from: "draft", to: "submitted" } });
      res.json({ application: applicationForm(result.row) });
      return;
    }
    if (result.reason === "not_found") throw new HttpError(404, LOAD_FAILED);
    if (result.reason === "not_draft") throw new HttpError(409, "This application has already been submitted.");
    if (attempt === SUBMIT_ATTEMPTS) throw new HttpError(409, "This application changed while it was being submitted. Please try again.");
  }
}
