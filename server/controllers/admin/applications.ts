// Admin review of applications: the list, the review page, the full read-only view, status changes and notes.
import type { Request, Response } from "express";
import { type ZodType, z } from "zod";
import { ctx } from "../../context.ts";
import { GENDERS, MARITAL_STATUSES, SPECIFIC_FIELDS, STATUS_LABELS, STATUSES, VISA_TYPE_OPTIONS } from "../../domain/visa.ts";
import { messagesFor } from "../../mail/outbox.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { HttpError, zodFields } from "../../middleware/errors.ts";
import { setFlash } from "../../middleware/session.ts";
import { type AdminApplicationRow, addNote, changeStatus, findApplication, listApplications, listNotes } from "../../models/admin.ts";
import { historyFor } from "../../models/applications.ts";
import { listDocuments } from "../../models/documents.ts";
import { renderPage } from "../../render/renderPage.ts";
import { applicationForm, historyEntry, statusOf } from "../portal/presenters.ts";
import { DEFAULT_QUERY, PAGE_SIZES, parseListQuery, SORT_OPTIONS, toFilters } from "./listQuery.ts";
import { messageEntry, statusWhatsapp } from "./messaging.ts";
import { adminApplication, documentEntry, listRow, noteEntry, passportEntries } from "./presenters.ts";

export const NOTE_MAX = 2000;
const LOAD_FAILED = "Failed to load application";
const NOT_FOUND = "Application not found";
const STATUS_OPTIONS = STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

export async function listPage(req: Request, res: Response): Promise<void> {
  const query = parseListQuery(req);
  const result = await listApplications(ctx(req).db, toFilters(query), query.page, query.size);
  await renderPage(
    req,
    res,
    "admin/Applications",
    {
      rows: result.rows.map(listRow),
      query: { ...query, page: result.page },
      defaults: DEFAULT_QUERY,
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

/** Admin pages of one application: an unknown id goes back to the list with the SPEC §8 message. */
async function loadOrRedirect(req: Request, res: Response): Promise<AdminApplicationRow | undefined> {
  const row = await findApplication(ctx(req).db, String(req.params.id));
  if (!row) {
    setFlash(req, { title: "Error", description: LOAD_FAILED, variant: "destructive" });
    res.redirect(303, "/admin");
  }
  return row;
}

export async function reviewPage(req: Request, res: Response): Promise<void> {
  const row = await loadOrRedirect(req, res);
  if (!row) return;
  const { db, config } = ctx(req);
  const [notes, history, documents, messages] = await Promise.all([
    listNotes(db, row.id),
    historyFor(db, row.id),
    listDocuments(db, row.id),
    messagesFor(db, { application_id: row.id }),
  ]);
  const baseUrl = config.publicUrl ?? `${req.protocol}://${req.get("host")}`;
  await renderPage(
    req,
    res,
    "admin/ApplicationReview",
    {
      application: adminApplication(row),
      notes: notes.map(noteEntry),
      history: history.map(historyEntry),
      documents: [...passportEntries(row), ...documents.map(documentEntry)],
      statuses: STATUS_OPTIONS.filter((s) => s.value !== "draft"),
      noteMaxLength: NOTE_MAX,
      messages: messages.map(messageEntry),
      whatsapp: statusWhatsapp(messages, row.phone, baseUrl),
    },
    { title: `Review ${row.reference_number}` },
  );
}

export async function fullPage(req: Request, res: Response): Promise<void> {
  const row = await loadOrRedirect(req, res);
  if (!row) return;
  const documents = await listDocuments(ctx(req).db, row.id);
  await renderPage(
    req,
    res,
    "admin/FullApplication",
    {
      application: applicationForm(row),
      specificFields: SPECIFIC_FIELDS[row.visa_type as keyof typeof SPECIFIC_FIELDS] ?? [],
      genders: GENDERS,
      maritalStatuses: MARITAL_STATUSES,
      account: { name: row.account_name, email: row.account_email },
      documents: documents.map(documentEntry),
    },
    { title: `Application ${row.reference_number}` },
  );
}

/** Validates a body; the first problem becomes the message the client shows in its toast. */
function parseBody<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const fields = zodFields(result.error);
  throw new HttpError(400, Object.values(fields)[0] ?? "Some fields are not valid.", fields);
}

const noteText = z.string({ error: "Note must be text" }).trim().max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`);

const statusSchema = z.object({
  status: z.enum(STATUSES, { error: `Status must be one of: ${STATUSES.join(", ")}` }),
  note: noteText.nullish().transform((n) => n || null),
});

const noteSchema = z.object({
  note: z
    .string({ error: "Note cannot be empty" })
    .trim()
    .min(1, "Note cannot be empty")
    .max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`),
});

/** PATCH /api/admin/applications/:id/status {status, note?}: any of the five statuses (SPEC §4), with a history row. */
export async function statusApi(req: Request, res: Response): Promise<void> {
  const adminId = requireUserId(res);
  const body = parseBody(statusSchema, req.body);
  const result = await changeStatus(ctx(req).db, { id: String(req.params.id), status: body.status, adminId, note: body.note });
  if (!result) throw new HttpError(404, NOT_FOUND);
  const { row, changed } = result;
  res.json({
    application: { id: row.id, ...statusOf(row.status), submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null },
    changed,
  });
}

/** POST /api/admin/applications/:id/notes {note}: an internal note, never shown to the applicant. */
export async function notesApi(req: Request, res: Response): Promise<void> {
  const adminId = requireUserId(res);
  const body = parseBody(noteSchema, req.body);
  const note = await addNote(ctx(req).db, { applicationId: String(req.params.id), adminId, note: body.note });
  if (!note) throw new HttpError(404, NOT_FOUND);
  res.status(201).json({ note: noteEntry(note) });
}
