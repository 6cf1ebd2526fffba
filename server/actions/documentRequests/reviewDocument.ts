// Staff accept a supporting document or send it back with a reason: a sent-back document reopens its request (or
// opens one for its slot), the applicant is told why, and the reminder is set, all in one transaction.
import { defaultDueOn } from "../../domain/documentRequests.ts";
import { queueReminder } from "../../jobs/requestReminders.ts";
import { queueSentBackMessage } from "../../mail/requestMessages.ts";
import { documentApplication, insertRequests, lockDocumentForReview, lockRequest, reopenRequest, setReview } from "../../models/documentRequests.ts";
import type { DocumentRow } from "../../models/documents.ts";
import { documentNamer } from "../../presenters/documents.ts";
import type { ReviewDocumentInput } from "../../validation/documentRequests.ts";
import { type ActionContext, auditAs, type Outcome, refuse } from "../action.ts";
import { lockCase, type StaffActor } from "../applications/lockCase.ts";

export const DOCUMENT_NOT_FOUND = "Document not found";
export const ALREADY_SENT_BACK = "This document was sent back: the applicant's new file will be reviewed instead.";

export async function reviewDocument(
  { db, outbox }: ActionContext,
  actor: StaffActor,
  input: ReviewDocumentInput & { documentId: string },
  now = new Date(),
): Promise<Outcome<{ document: DocumentRow }>> {
  return db.transaction(async (trx) => {
    // The case first (another officer's case: its documents are not found), then the document.
    const applicationId = await documentApplication(trx, input.documentId);
    const app = applicationId ? await lockCase(trx, actor, applicationId) : undefined;
    if (!app || ("ok" in app && app.status === 404)) return refuse(404, DOCUMENT_NOT_FOUND);
    if ("ok" in app) return app;
    const doc = await lockDocumentForReview(trx, input.documentId);
    if (!doc) return refuse(404, DOCUMENT_NOT_FOUND);
    if (doc.review_state === "sent_back") return refuse(409, ALREADY_SENT_BACK);
    if (input.decision === "accepted") {
      const document = await setReview(trx, doc.id, { state: "accepted", reason: null, by: actor.userId, requestId: doc.request_id });
      await auditAs(trx, actor, {
        action: "document_accepted",
        subjectType: "document",
        subjectId: doc.id,
        details: { application: doc.application_id },
      });
      return { ok: true, document };
    }
    const dueOn = defaultDueOn(now);
    // A file sent outside any request is asked for again by the name the applicant uploaded it under (the item of
    // their list, "Proof of funds"), and under that item's key when it has one, so the new file takes its place.
    const label = documentNamer(app)(doc);
    const asked = doc.request_id ? await lockRequest(trx, doc.request_id) : undefined;
    const request = asked
      ? await reopenRequest(trx, asked.id, input.reason, dueOn)
      : await insertRequests(trx, [
          {
            application_id: app.id,
            label,
            document_type: doc.document_type,
            requirement_key: doc.requirement_key,
            note: null,
            due_on: dueOn,
            requested_by: actor.userId,
          },
        ]).then(([r]) => reopenRequest(trx, r.id, input.reason, dueOn));
    const document = await setReview(trx, doc.id, { state: "sent_back", reason: input.reason, by: actor.userId, requestId: request.id });
    await queueSentBackMessage(outbox, trx, app, { label: request.label, fileName: doc.file_name, reason: input.reason, dueOn });
    await queueReminder(trx, app.id, dueOn, now);
    await auditAs(trx, actor, { action: "document_sent_back", subjectType: "document", subjectId: doc.id, details: { application: app.id } });
    return { ok: true, document };
  });
}
