// Admin review of applications: the list, the review page, the full read-only view, status changes and notes.

import type { Request, Response } from "express";
import type { SessionUser } from "../../../views/types.ts";
import { addNote } from "../../actions/applications/addNote.ts";
import { assignCase } from "../../actions/applications/assignCase.ts";
import { changeApplicationStatus } from "../../actions/applications/changeApplicationStatus.ts";
import { recordApplicationView } from "../../actions/applications/recordApplicationView.ts";
import { undoStatusChange } from "../../actions/applications/undoStatusChange.ts";
import { moveGroupAlong } from "../../actions/family/moveGroup.ts";
import { ctx } from "../../context.ts";
import { lateCutoffs } from "../../domain/deadlines.ts";
import { actsAsManager } from "../../domain/staff.ts";
import { allowedMoves } from "../../domain/status.ts";
import { GENDERS, MARITAL_STATUSES, SPECIFIC_FIELDS, STATUS_LABELS, STATUSES, VISA_TYPE_OPTIONS } from "../../domain/visa.ts";
import { orRefuse, signedInActor, staffActor } from "../../http/actions.ts";
import { loadOrRedirect, renderReview } from "../../http/reviewPage.ts";
import { currentUser } from "../../middleware/auth.ts";
import { listApplications, type TabTotals, tabTotals } from "../../models/adminList.ts";
import { deadlineLimits } from "../../models/assignments.ts";
import { listRequests } from "../../models/documentRequests.ts";
import { listDocuments } from "../../models/documents.ts";
import { unreadCounts } from "../../models/thread.ts";
import { listRow, noteEntry } from "../../presenters/admin.ts";
import { applicationForm, statusOf } from "../../presenters/application.ts";
import { caseFacts } from "../../presenters/caseFacts.ts";
import { documentNamer, documentView } from "../../presenters/documents.ts";
import { feeText } from "../../presenters/payment.ts";
import { renderPage } from "../../render/renderPage.ts";
import { DEFAULT_QUERY, PAGE_SIZES, parseListQuery, SORT_OPTIONS, toFilters } from "../../validation/listQuery.ts";
import { noteSchema, statusSchema, undoSchema } from "../../validation/review.ts";
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

/** GET /admin/application/:id — summary, documents, history, notes and the status change */
export const reviewPage = (req: Request, res: Response) => renderReview(req, res, null, 200);

/** GET /admin/application/:id/full — every answer of the application, read-only */
export async function fullPage(req: Request, res: Response): Promise<void> {
  const row = await loadOrRedirect(req, res);
  if (!row) return;
  // Each view, HTML or JSON, is in the trail.
  await recordApplicationView(ctx(req), signedInActor(req, res), { applicationId: row.id });
  const [documents, requests] = await Promise.all([listDocuments(ctx(req).db, row.id), listRequests(ctx(req).db, row.id)]);
  const name = documentNamer(row, requests);
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
      documents: documents.map((d) => documentView(d, name(d))),
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
  const family = changed && body.family ? await moveGroupAlong(ctx(req), staffActor(req, res), input) : null;
  res.json({
    family,
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
