// The applicant's visa applications: wizard and review pages, the page after submitting, and the draft/submit API
// (the details page: ./details.ts).

import type { Request, Response } from "express";
import { createDraft } from "../../actions/applications/createDraft.ts";
import { LOAD_FAILED } from "../../actions/applications/refusals.ts";
import { submitApplication } from "../../actions/applications/submitApplication.ts";
import { updateDraft } from "../../actions/applications/updateDraft.ts";
import { sendingRefusal } from "../../actions/documents/sendMissingDocument.ts";
import { ctx } from "../../context.ts";
import { TEXT_FIELD_KEYS } from "../../domain/applicationFields.ts";
import { DOCUMENTS_STEP, submissionCheck } from "../../domain/completeness.ts";
import { draftFields } from "../../domain/draft.ts";
import { formatProblems, problemFields } from "../../domain/formats.ts";
import { paymentRefusal, USUAL_REVIEW_TIME, visaTypeLocked } from "../../domain/status.ts";
import { DOCUMENT_TYPES, GENDERS, MARITAL_STATUSES, SPECIFIC_FIELDS, VISA_TYPE_OPTIONS, WIZARD_STEPS } from "../../domain/visa.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { loadPersonOrRedirect } from "../../http/ownApplication.ts";
import { UPLOAD_RULES } from "../../http/uploadRules.ts";
import { currentUser, requireUserId } from "../../middleware/auth.ts";
import { HttpError, notFoundHandler } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { type ApplicationRow, findForPerson, findForUser } from "../../models/applications.ts";
import { listStages } from "../../models/caseStages.ts";
import { listRequests } from "../../models/documentRequests.ts";
import { listDocuments } from "../../models/documents.ts";
import { readExpiryOf } from "../../models/passportReads.ts";
import { photoCheckOf } from "../../models/photoChecks.ts";
import { returnNotes } from "../../models/statusChanges.ts";
import { findAccountProfile } from "../../models/users.ts";
import { applicationForm, applicationSummary } from "../../presenters/application.ts";
import { appointmentInvite } from "../../presenters/caseStages.ts";
import { documentNamer, documentsForApplication, documentView } from "../../presenters/documents.ts";
import { detailsFamily, wizardGroup } from "../../presenters/family.ts";
import { feeText } from "../../presenters/payment.ts";
import { photoCheckView } from "../../presenters/photoCheck.ts";
import { renderPage } from "../../render/renderPage.ts";
import { draftSchema } from "../../validation/application.ts";
import { parseInput } from "../../validation/validate.ts";

function wizardOptions(req: Request) {
  return {
    passportReading: ctx(req).config.passportReading,
    steps: [...WIZARD_STEPS],
    visaTypes: VISA_TYPE_OPTIONS,
    specificFields: SPECIFIC_FIELDS,
    genders: GENDERS,
    maritalStatuses: MARITAL_STATUSES,
    documentTypes: [...DOCUMENT_TYPES],
    textFields: TEXT_FIELD_KEYS,
    uploadRules: UPLOAD_RULES,
  };
}

/** GET /visa-application/:id — the wizard ("new" for a new application) */
export async function wizardPage(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const id = String(req.params.id);
  const title = "Visa Application";
  if (id === "new") {
    // A new application starts with the account's name, e-mail and phone (the applicant may change them).
    const account = await findAccountProfile(ctx(req).db, userId);
    const fromAccount = { full_name: account?.full_name ?? "", email: account?.email ?? "", phone: account?.phone ?? "" };
    await renderPage(
      req,
      res,
      "portal/Wizard",
      { application: null, fromAccount, documents: [], documentsForApplication: null, changesRequested: null, ...wizardOptions(req) },
      { title },
    );
    return;
  }
  const row = await findForPerson(ctx(req).db, id, userId);
  if (!row) {
    // SPEC §8: on the wizard a load failure stays on the page.
    await renderPage(
      req,
      res,
      "portal/Wizard",
      { application: null, documents: [], documentsForApplication: null, changesRequested: null, loadError: LOAD_FAILED, ...wizardOptions(req) },
      { title, status: 404 },
    );
    return;
  }
  if (row.status !== "draft" && Number(req.query.step) === DOCUMENTS_STEP && !sendingRefusal(row.status)) {
    // A link to the documents step (the review's missing documents, an old e-mail) leads to where a submitted
    // application's missing documents are sent: no "cannot be edited" on the way.
    res.redirect(303, `/application/${row.id}#missing-documents`);
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
  const [documents, notes, photo, group] = await Promise.all([
    listDocuments(db, row.id),
    returnNotes(db, [row.id]),
    row.photo_path ? photoCheckOf(db, row.id) : undefined,
    wizardGroup(db, row, row.user_id !== userId),
  ]);
  await renderPage(
    req,
    res,
    "portal/Wizard",
    {
      application: applicationForm(row),
      documents: documents.map((d) => documentView(d)),
      documentsForApplication: documentsForApplication(row),
      initialStep,
      changesRequested: notes.get(row.id) ?? null,
      visaTypeLocked: visaTypeLocked(row),
      problems: problemFields(formatProblems(row)),
      photoCheck: photoCheckView(photo, row.destination_country),
      group,
      ...wizardOptions(req),
    },
    { title: `${title} ${row.reference_number}` },
  );
}

/** GET /visa-application/:id/review — every answer, what is missing, and submit */
export async function reviewPage(req: Request, res: Response): Promise<void> {
  const loaded = await loadPersonOrRedirect(req, res);
  if (!loaded) return;
  const { row, member } = loaded;
  const [documents, requests, readExpiry] = await Promise.all([
    listDocuments(ctx(req).db, row.id),
    listRequests(ctx(req).db, row.id),
    readExpiryOf(ctx(req).db, row.id),
  ]);
  const { ok, missing, missingDocuments, invalid, blocking, warnings } = submissionCheck(row, { documents, readExpiry });
  const name = documentNamer(row, requests);
  await renderPage(
    req,
    res,
    "portal/Review",
    {
      application: { ...applicationForm(row), feeText: await feeText(ctx(req).db, ctx(req).config, row) },
      specificFields: SPECIFIC_FIELDS[row.visa_type as keyof typeof SPECIFIC_FIELDS] ?? [],
      genders: GENDERS,
      maritalStatuses: MARITAL_STATUSES,
      documents: documents.map((d) => documentView(d, name(d))),
      missing,
      missingDocuments,
      invalid,
      passport: { blocking, warnings },
      // A member with their own sign-in completes their part; the lead submits the group.
      canSubmit: row.status === "draft" && ok && !member,
      family: row.status === "draft" ? await detailsFamily(ctx(req).db, row, member) : null,
    },
    { title: `Review ${row.reference_number}` },
  );
}

/** GET /application/:id/submitted — what happens next after submitting: the fee and how to pay, the review, how news comes */
export async function submittedPage(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const row = await findForUser(ctx(req).db, String(req.params.id), userId);
  // Another applicant's (or no) application: the same 404 as a page that does not exist.
  if (!row) return notFoundHandler(req, res);
  if (row.status === "draft") {
    res.redirect(303, `/visa-application/${row.id}/review`);
    return;
  }
  const summary = applicationSummary(row);
  await renderPage(
    req,
    res,
    "portal/Submitted",
    {
      application: {
        ...summary,
        fee: applicationForm(row).fee,
        feeText: await feeText(ctx(req).db, ctx(req).config, row),
        payable: paymentRefusal(row) === undefined,
      },
      reviewTime: USUAL_REVIEW_TIME,
      email: currentUser(res)?.email ?? "",
    },
    { title: `Application ${row.reference_number} submitted` },
  );
}

/** A save's answer: the saved draft, its answers in an invalid format, and the documents its visa type and destination call for. */
function saveAnswer(row: ApplicationRow) {
  return { application: applicationForm(row), problems: problemFields(formatProblems(row)), documentsForApplication: documentsForApplication(row) };
}

/** Validates a wizard body (the answers a draft may change). */
const parseDraft = (body: unknown) => parseInput(draftSchema, body ?? {});

/** POST /api/applications — creates a draft from the wizard's first save */
export async function createApi(req: Request, res: Response): Promise<void> {
  const { row } = orRefuse(await createDraft(ctx(req), signedInActor(req, res), draftFields(parseDraft(req.body))));
  res.status(201).json(saveAnswer(row));
}

/** PATCH /api/applications/:id — saves a draft's fields */
export async function updateApi(req: Request, res: Response): Promise<void> {
  const actor = signedInActor(req, res);
  // Someone else's (or no) application answers 404 whatever the body says.
  if (!(await findForPerson(ctx(req).db, String(req.params.id), actor.userId))) throw new HttpError(404, LOAD_FAILED);
  const { row } = orRefuse(await updateDraft(ctx(req), actor, { applicationId: String(req.params.id), patch: parseDraft(req.body) }));
  res.json(saveAnswer(row));
}

/** POST /api/applications/:id/submit — submits a complete draft */
export async function submitApi(req: Request, res: Response): Promise<void> {
  const outcome = await submitApplication(ctx(req), signedInActor(req, res), { applicationId: String(req.params.id) });
  if (!outcome.ok && "incomplete" in outcome) {
    res.status(400).json({ error: { message: outcome.message, fields: outcome.fields, ...outcome.incomplete } });
    return;
  }
  const { row } = orRefuse(outcome);
  res.json({ application: applicationForm(row), redirect: `/application/${row.id}/submitted` });
}

/** GET /application/:id/appointment.ics — the applicant's coming appointment as a calendar event (404 when none) */
export async function appointmentInviteFile(req: Request, res: Response): Promise<void> {
  const { db, config } = ctx(req);
  const row = await findForUser(db, String(req.params.id), requireUserId(res));
  const stages = row?.status === "approved" ? await listStages(db, row.id) : [];
  const content = row ? appointmentInvite(row, stages, config.mail.from) : null;
  if (!content) throw new HttpError(404, "No appointment booked");
  res.set({ "Content-Disposition": 'attachment; filename="appointment.ics"', "Cache-Control": "private, no-store" });
  res.type("text/calendar; charset=utf-8").send(content);
}
