// Staff's side of the document loop: ask the applicant for documents, and accept or send back a document.
import type { Request, Response } from "express";
import { requestDocuments } from "../../actions/documentRequests/requestDocuments.ts";
import { reviewDocument } from "../../actions/documentRequests/reviewDocument.ts";
import { ctx } from "../../context.ts";
import { REVIEW_LABELS } from "../../domain/documentRequests.ts";
import { orRefuse, staffActor } from "../../http/actions.ts";
import { requestDocumentsSchema, reviewDocumentSchema } from "../../validation/documentRequests.ts";
import { parseInput } from "../../validation/validate.ts";

/** POST /api/admin/applications/:id/document-requests {items: [{label, documentType, requirementKey}], note, dueOn} */
export async function requestDocumentsApi(req: Request, res: Response): Promise<void> {
  const body = parseInput(requestDocumentsSchema, req.body);
  const { requests } = orRefuse(await requestDocuments(ctx(req), staffActor(req, res), { ...body, applicationId: String(req.params.id) }));
  res.status(201).json({ requests: requests.map((r) => ({ id: r.id, label: r.label, dueOn: r.due_on, status: r.status })) });
}

/** POST /api/admin/documents/:docId/review {decision: "accepted"} | {decision: "sent_back", reason} */
export async function reviewDocumentApi(req: Request, res: Response): Promise<void> {
  const body = parseInput(reviewDocumentSchema, req.body);
  const { document } = orRefuse(await reviewDocument(ctx(req), staffActor(req, res), { ...body, documentId: String(req.params.docId) }));
  res.json({
    document: {
      id: document.id,
      reviewState: document.review_state,
      reviewLabel: REVIEW_LABELS[document.review_state],
      reason: document.review_reason,
    },
  });
}
