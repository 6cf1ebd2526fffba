// Admin Enquiries: the inbox of contact-form messages, one enquiry with its replies, replying by e-mail, status.
import type { Request, Response } from "express";
import { ctx } from "../../context.ts";
import { messagesFor } from "../../mail/outbox.ts";
import { audit } from "../../middleware/audit.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { HttpError } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { addReply, type EnquiryRow, findEnquiry, listEnquiries, repliesFor, setEnquiryStatus } from "../../models/enquiries.ts";
import { enquiryWhatsapp, messageEntry } from "../../presenters/messaging.ts";
import { renderPage } from "../../render/renderPage.ts";
import { ENQUIRY_STATUSES, enquiryStatusSchema, replySchema } from "../../validation/contact.ts";
import { parseInput } from "../../validation/validate.ts";

const PAGE_SIZE = 50;
const NOT_FOUND = "Enquiry not found";

const enquiryEntry = (row: EnquiryRow) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  message: row.message,
  package: row.package,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
});

export async function listPage(req: Request, res: Response): Promise<void> {
  const status = ENQUIRY_STATUSES.find((s) => s === req.query.status) ?? null;
  const q = typeof req.query.q === "string" ? req.query.q.trim().slice(0, 100) : "";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(String(req.query.page ?? "1"), 10) || 1));
  const { rows, total } = await listEnquiries(ctx(req).db, { status, q }, PAGE_SIZE, (page - 1) * PAGE_SIZE);
  await renderPage(
    req,
    res,
    "admin/Enquiries",
    { rows: rows.map(enquiryEntry), total, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), query: { status: status ?? "", q } },
    { title: "Enquiries" },
  );
}

export async function detailPage(req: Request, res: Response): Promise<void> {
  const { db, config } = ctx(req);
  const row = await findEnquiry(db, String(req.params.id));
  if (!row) {
    redirectWithFlash(req, res, "/admin/enquiries", { title: "Error", description: NOT_FOUND, variant: "destructive" });
    return;
  }
  const [replies, messages] = await Promise.all([repliesFor(db, row.id), messagesFor(db, { enquiry_id: row.id })]);
  await renderPage(
    req,
    res,
    "admin/Enquiry",
    {
      enquiry: enquiryEntry(row),
      replies: replies.map((r) => ({ id: r.id, body: r.body, author: r.author_name, createdAt: new Date(r.created_at).toISOString() })),
      messages: messages.map(messageEntry),
      whatsapp: enquiryWhatsapp(row, config.site.name),
      statuses: [...ENQUIRY_STATUSES],
    },
    { title: `Enquiry from ${row.name}` },
  );
}

/** POST /api/admin/enquiries/:id/replies {body}: e-mails the visitor and records the reply, in one transaction. */
export async function replyApi(req: Request, res: Response): Promise<void> {
  const adminId = requireUserId(res);
  const { body: text } = parseInput(replySchema, req.body);
  const { db } = ctx(req);
  const row = await findEnquiry(db, String(req.params.id));
  if (!row) throw new HttpError(404, NOT_FOUND);
  await db.transaction(async (trx) => {
    await addReply(trx, { enquiryId: row.id, adminId, body: text });
    await ctx(req).outbox.queue(trx, {
      kind: "enquiry_reply",
      to: row.email,
      enquiryId: row.id,
      data: { name: row.name, body: text, message: row.message },
    });
    // Who answered, not the words (they are in the reply and the message).
    await audit(req, { action: "enquiry_replied", subjectType: "enquiry", subjectId: row.id }, trx);
  });
  res.status(201).json({ status: "replied" });
}

/** PATCH /api/admin/enquiries/:id/status {status}: new, replied or closed. */
export async function statusApi(req: Request, res: Response): Promise<void> {
  const { status } = parseInput(enquiryStatusSchema, req.body);
  const row = await setEnquiryStatus(ctx(req).db, String(req.params.id), status);
  if (!row) throw new HttpError(404, NOT_FOUND);
  await audit(req, { action: "enquiry_status_changed", subjectType: "enquiry", subjectId: row.id, details: { to: row.status } });
  res.json({ status: row.status });
}
