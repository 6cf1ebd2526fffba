// Admin review of applications: the list, the review page, the full read-only view, status changes and notes.

import type { Request, Response } from "express";
import type { Knex } from "knex";
import type { AfterApprovalProps } from "../../../views/components/admin/afterApprovalTypes.ts";
import type { SessionUser } from "../../../views/types.ts";
import { addNote } from "../../actions/applications/addNote.ts";
import { assignCase } from "../../actions/applications/assignCase.ts";
import { changeApplicationStatus } from "../../actions/applications/changeApplicationStatus.ts";
import { recordApplicationView } from "../../actions/applications/recordApplicationView.ts";
import { LOAD_FAILED } from "../../actions/applications/refusals.ts";
import { undoStatusChange } from "../../actions/applications/undoStatusChange.ts";
import { ctx } from "../../context.ts";
import { lateCutoffs } from "../../domain/deadlines.ts";
import { actsAsManager, mayOpenCase } from "../../domain/staff.ts";
import { allowedMoves } from "../../domain/status.ts";
import { GENDERS, MARITAL_STATUSES, SPECIFIC_FIELDS, STATUS_LABELS, STATUSES, VISA_TYPE_OPTIONS } from "../../domain/visa.ts";
import { orRefuse, signedInActor, staffActor } from "../../http/actions.ts";
import { openThread } from "../../http/thread.ts";
import { currentUser } from "../../middleware/auth.ts";
import { HttpError } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { type AdminApplicationRow, findApplication } from "../../models/admin.ts";
import { listApplications, type TabTotals, tabTotals } from "../../models/adminList.ts";
import { listNotes } from "../../models/adminNotes.ts";
import { historyFor, listForUser } from "../../models/applications.ts";
import { deadlineLimits } from "../../models/assignments.ts";
import { listCentres, listStages } from "../../models/caseStages.ts";
import { findChecklist, listChecklists } from "../../models/checklists.ts";
import { listRequests } from "../../models/documentRequests.ts";
import { listDocuments } from "../../models/documents.ts";
import { messagesFor } from "../../models/emailMessages.ts";
import { paymentsOfApplication } from "../../models/payments.ts";
import { unreadCounts } from "../../models/thread.ts";
import { adminApplication, applicantChecklist, listRow, noteEntry, otherApplication } from "../../presenters/admin.ts";
import { paymentEntry } from "../../presenters/adminPayments.ts";
import { applicationForm, historyEntry, statusOf } from "../../presenters/application.ts";
import { assignmentProps } from "../../presenters/assignment.ts";
import { caseFacts } from "../../presenters/caseFacts.ts";
import { staffStages } from "../../presenters/caseStages.ts";
import { documentRequests, documentReview } from "../../presenters/documentRequests.ts";
import { documentView } from "../../presenters/documents.ts";
import { messageEntry, statusWhatsapp } from "../../presenters/messaging.ts";
import { feeText } from "../../presenters/payment.ts";
import { renderPage } from "../../render/renderPage.ts";
import { DEFAULT_QUERY, PAGE_SIZES, parseListQuery, SORT_OPTIONS, toFilters } from "../../validation/listQuery.ts";
import { NOTE_MAX, noteSchema, statusSchema, undoSchema } from "../../validation/review.ts";
import { assignSchema } from "../../validation/staff.ts";
import { parseInput } from "../../validation/validate.ts";

const STATUS_OPTIONS = STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

const TAB_OPTIONS = [
  { value: "mine", label: "Mine" },
  { value: "unassigned", label: "Unassigned" },
  { value: "all", label: "All" },
];

/**
 * The tab /admin opens when the address names none: Mine, unless nothing is assigned to this person; then where the
 * work is, Unassigned, or (managers) All.
 */
function landingTab(totals: TabTotals, manager: boolean): "mine" | "unassigned" | "all" {
  if (totals.mine > 0) return "mine";
  if (totals.unassigned > 0) return "unassigned";
  return manager && totals.all > 0 ? "all" : "mine";
}

/**
 * GET /admin — the staff member's cases (Mine), Unassigned, or (managers) All, searched, filtered, sorted and paged by
 * the URL's query. Without ?tab= it opens the landing tab, which its links then leave out of their addresses.
 */
export async function listPage(req: Request, res: Response): Promise<void> {
  const user = currentUser(res) as SessionUser;
  const manager = actsAsManager(user);
  const totals = await tabTotals(ctx(req).db, user.id);
  const defaults = { ...DEFAULT_QUERY, tab: landingTab(totals, manager) };
  const parsed = parseListQuery(req);
  const named = parsed.tab === "all" && !manager ? { ...parsed, tab: "mine" } : parsed;
  const query = req.query.tab === undefined ? { ...named, tab: defaults.tab } : named;
  const tab = query.tab === "mine" ? { mine: user.id } : (query.tab as "unassigned" | "all");
  const now = new Date();
  const cutoffs = lateCutoffs(await deadlineLimits(ctx(req).db), now);
  const result = await listApplications(ctx(req).db, { ...toFilters(query, cutoffs), tab }, query.page, query.size);
  const unread = await unreadCounts(
    ctx(req).db,
    result.rows.map((r) => r.id),
    "staff",
  );
  await renderPage(
    req,
    res,
    "admin/Applications",
    {
      rows: result.rows.map((r) => ({
        ...listRow(r),
        ...caseFacts(r, now.getTime(), cutoffs),
        statusOptions: inlineOptions(r.status),
        unreadMessages: unread.get(r.id) ?? 0,
      })),
      tabs: (manager ? TAB_OPTIONS : TAB_OPTIONS.filter((t) => t.value !== "all")).map((t) => ({
        ...t,
        count: totals[t.value as keyof TabTotals],
      })),
      me: user.id,
      manager,
      query: { ...query, page: result.page },
      defaults,
      total: result.total,
      exact: result.exact,
      pages: result.pages,
      pageSizes: [...PAGE_SIZES],
      statuses: STATUS_OPTIONS,
      visaTypes: VISA_TYPE_OPTIONS.map(({ value, label }) => ({ value, label })),
      sorts: SORT_OPTIONS,
    },
    { title: "All Applications" },
  );
}

/** A row's inline select: its own status and the moves that need no note (the others are made on the review page). */
function inlineOptions(status: string) {
  const own = STATUS_OPTIONS.find((s) => s.value === status) ?? STATUS_OPTIONS[0];
  const moves = allowedMoves(status, "admin").filter((m) => !m.noteRequired && m.to !== own.value);
  return [own, ...moves.map((m) => ({ value: m.to, label: m.label }))];
}

/**
 * Admin pages of one application: an unknown id, and another officer's case (like another user's data), go back to
 * the list with the SPEC §8 message.
 */
async function loadOrRedirect(req: Request, res: Response): Promise<AdminApplicationRow | undefined> {
  const found = await findApplication(ctx(req).db, String(req.params.id));
  const row = found && mayOpenCase(currentUser(res), found) ? found : undefined;
  if (!row) {
    redirectWithFlash(req, res, "/admin", { title: "Error", description: LOAD_FAILED, variant: "destructive" });
  }
  return row;
}

/** What the applicant sees besides this application: their checklists and their other applications. */
async function applicantContext(db: Knex, row: AdminApplicationRow) {
  const [summaries, applications] = await Promise.all([listChecklists(db, row.user_id), listForUser(db, row.user_id)]);
  const checklists = await Promise.all(summaries.map((c) => findChecklist(db, c.id, row.user_id)));
  return {
    applicantChecklists: checklists.flatMap((c) => (c ? [applicantChecklist(c)] : [])),
    otherApplications: applications.filter((a) => a.id !== row.id).map(otherApplication),
  };
}

/** GET /admin/application/:id — summary, documents, history, notes and the status change */
export const reviewPage = (req: Request, res: Response) => renderReview(req, res, null, 200);

/**
 * The review page; `stageRefused`: a refused form of "After approval" (shown again with its message, per-field messages
 * and what was typed), at the refusal's status. An unknown case or another officer's answers 404 there.
 */
export async function renderReview(req: Request, res: Response, stageRefused: AfterApprovalProps["refused"], status: number): Promise<void> {
  if (stageRefused) {
    const found = await findApplication(ctx(req).db, String(req.params.id));
    if (!found || !mayOpenCase(currentUser(res), found)) throw new HttpError(404, LOAD_FAILED);
  }
  const row = await loadOrRedirect(req, res);
  if (!row) return;
  const { db, config } = ctx(req);
  const [notes, history, documents, applicant, messages, payments, assignment, thread, requests, stages, centres] = await Promise.all([
    listNotes(db, row.id),
    historyFor(db, row.id),
    listDocuments(db, row.id),
    applicantContext(db, row),
    messagesFor(db, { application_id: row.id }),
    paymentsOfApplication(db, row.id),
    assignmentProps(db, currentUser(res) as SessionUser, row),
    openThread(req, res, row.id, "staff"),
    listRequests(db, row.id),
    listStages(db, row.id),
    listCentres(db),
  ]);
  const baseUrl = config.publicUrl ?? `${req.protocol}://${req.get("host")}`;
  await renderPage(
    req,
    res,
    "admin/ApplicationReview",
    {
      application: { ...adminApplication(row), feeText: await feeText(ctx(req).db, ctx(req).config, row) },
      notes: notes.map(noteEntry),
      history: history.map((h) => historyEntry(h, row)),
      documentReview: documentReview(row, documents, requests),
      documentRequests: documentRequests(row, requests, messages, baseUrl, new Date()),
      moves: allowedMoves(row.status, "admin").map((m) => ({ value: m.to, label: m.label, noteRequired: m.noteRequired })),
      noteMaxLength: NOTE_MAX,
      ...applicant,
      messages: messages.map(messageEntry),
      whatsapp: statusWhatsapp(messages, row.phone, baseUrl),
      payments: payments.map((p) => paymentEntry({ ...p, reference_number: row.reference_number, applicant_name: row.full_name })),
      assignment,
      thread,
      afterApproval:
        stages.length > 0 || row.status === "approved" || stageRefused ? staffStages(row, stages, centres, new Date(), stageRefused) : null,
    },
    { title: `Review ${row.reference_number}`, status },
  );
}

/** GET /admin/application/:id/full — every answer of the application, read-only */
export async function fullPage(req: Request, res: Response): Promise<void> {
  const row = await loadOrRedirect(req, res);
  if (!row) return;
  // Each view, HTML or JSON, is in the trail.
  await recordApplicationView(ctx(req), signedInActor(req, res), { applicationId: row.id });
  const documents = await listDocuments(ctx(req).db, row.id);
  await renderPage(
    req,
    res,
    "admin/FullApplication",
    {
      application: { ...applicationForm(row), feeText: await feeText(ctx(req).db, ctx(req).config, row) },
      specificFields: SPECIFIC_FIELDS[row.visa_type as keyof typeof SPECIFIC_FIELDS] ?? [],
      genders: GENDERS,
      maritalStatuses: MARITAL_STATUSES,
      account: { name: row.account_name, email: row.account_email },
      documents: documents.map(documentView),
    },
    { title: `Application ${row.reference_number}` },
  );
}

/**
 * PATCH /api/admin/applications/:id/status {status, shownStatus, note?} — a move the lifecycle allows from the status
 * the form showed, with a history row; `undo` names the change and when its window (and the e-mail's wait) ends.
 */
export async function statusApi(req: Request, res: Response): Promise<void> {
  const body = parseInput(statusSchema, req.body);
  const input = { applicationId: String(req.params.id), status: body.status, shownStatus: body.shownStatus, note: body.note };
  const { row, changed, undo } = orRefuse(await changeApplicationStatus(ctx(req), staffActor(req, res), input));
  res.json({
    application: { id: row.id, ...statusOf(row.status), submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null },
    changed,
    undo: undo && { changeId: undo.changeId, until: undo.until.toISOString(), msLeft: undo.until.getTime() - Date.now() },
  });
}

/** POST /api/admin/applications/:id/status/undo {changeId} — within its window, the change taken back and its e-mail withdrawn */
export async function undoStatusApi(req: Request, res: Response): Promise<void> {
  const { changeId } = parseInput(undoSchema, req.body);
  const { row } = orRefuse(await undoStatusChange(ctx(req), staffActor(req, res), { applicationId: String(req.params.id), changeId }));
  res.json({ application: { id: row.id, ...statusOf(row.status) } });
}

/** POST /api/admin/applications/:id/notes {note} — an internal note, never shown to the applicant */
export async function notesApi(req: Request, res: Response): Promise<void> {
  const body = parseInput(noteSchema, req.body);
  const { note } = orRefuse(await addNote(ctx(req), staffActor(req, res), { applicationId: String(req.params.id), note: body.note }));
  res.status(201).json({ note: noteEntry(note) });
}

/** POST /api/admin/applications/:id/assignee {assigneeId, shownAssigneeId} — a manager (re)assigns; an officer takes an unassigned case */
export async function assigneeApi(req: Request, res: Response): Promise<void> {
  const body = parseInput(assignSchema, req.body);
  const input = { applicationId: String(req.params.id), ...body };
  const { changed } = orRefuse(await assignCase(ctx(req), staffActor(req, res), input));
  res.json({ changed });
}
