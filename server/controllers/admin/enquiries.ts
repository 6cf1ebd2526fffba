// Admin Enquiries: the inbox of contact-form messages, one enquiry with its replies, replying by e-mail, status.
import type { Request, Response } from "express";
import { ENQUIRY_NOT_FOUND, replyToEnquiry } from "../../actions/enquiries/replyToEnquiry.ts";
import { setEnquiryStatus } from "../../actions/enquiries/setEnquiryStatus.ts";
import { ctx } from "../../context.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { messagesFor } from "../../models/emailMessages.ts";
import { findEnquiry, listEnquiries, repliesFor } from "../../models/enquiries.ts";
import { findLeadIdByEmail } from "../../models/leads.ts";
import { enquiryEntry } from "../../presenters/enquiries.ts";
import { enquiryWhatsapp, messageEntry } from "../../presenters/messaging.ts";
import { renderPage } from "../../render/renderPage.ts";
import { ENQUIRY_STATUSES, enquiryListQuery, enquiryStatusSchema, replySchema } from "../../validation/enquiries.ts";
import { parseInput } from "../../validation/validate.ts";

const PAGE_SIZE = 50;

/** GET /admin/enquiries — the inbox, filtered by status and words, newest first */
export async function enquiriesPage(req: Request, res: Response): Promise<void> {
  const { status, q, page } = enquiryListQuery.parse(req.query ?? {});
  const { rows, total } = await listEnquiries(ctx(req).db, { status, q }, PAGE_SIZE, (page - 1) * PAGE_SIZE);
  await renderPage(
    req,
    res,
    "admin/Enquiries",
    { rows: rows.map(enquiryEntry), total, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), query: { status: status ?? "", q } },
    { title: "Enquiries" },
  );
}

/** GET /admin/enquiries/:id — one enquiry with its replies and the messages sent about it */
export async function enquiryPage(req: Request, res: Response): Promise<void> {
  const { db, config } = ctx(req);
  const row = await findEnquiry(db, String(req.params.id));
  if (!row) {
    redirectWithFlash(req, res, "/admin/enquiries", { title: "Error", description: ENQUIRY_NOT_FOUND, variant: "destructive" });
    return;
  }
  const [replies, messages, leadId] = await Promise.all([
    repliesFor(db, row.id),
    messagesFor(db, { enquiry_id: row.id }),
    findLeadIdByEmail(db, row.email),
  ]);
  await renderPage(
    req,
    res,
    "admin/Enquiry",
    {
      enquiry: enquiryEntry(row),
      leadId: leadId ?? null,
      replies: replies.map((r) => ({ id: r.id, body: r.body, author: r.author_name, createdAt: new Date(r.created_at).toISOString() })),
      messages: messages.map(messageEntry),
      whatsapp: enquiryWhatsapp(row, config.site.name),
      statuses: [...ENQUIRY_STATUSES],
    },
    { title: `Enquiry from ${row.name}` },
  );
}

/** POST /api/admin/enquiries/:id/replies {body}: e-mails the visitor and records the reply. */
export async function replyApi(req: Request, res: Response): Promise<void> {
  const { body } = parseInput(replySchema, req.body);
  orRefuse(await replyToEnquiry(ctx(req), signedInActor(req, res), { enquiryId: String(req.params.id), body }));
  res.status(201).json({ status: "replied" });
}

/** PATCH /api/admin/enquiries/:id/status {status, shownStatus}: new, replied or closed. */
export async function statusApi(req: Request, res: Response): Promise<void> {
  const { status, shownStatus } = parseInput(enquiryStatusSchema, req.body);
  const input = { enquiryId: String(req.params.id), status, shownStatus };
  const { enquiry } = orRefuse(await setEnquiryStatus(ctx(req), signedInActor(req, res), input));
  res.json({ status: enquiry.status });
}
