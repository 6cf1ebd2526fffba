// Staff ask the applicant for documents, with a note and a due date: the requests, the applicant's e-mail, the
// reminder two days before the due date and the audit entry, in one transaction.
import { lagosDay } from "../../domain/calendar.ts";
import { queueReminder } from "../../jobs/requestReminders.ts";
import { queueRequestedMessage } from "../../mail/requestMessages.ts";
import { type DocumentRequestRow, insertRequests } from "../../models/documentRequests.ts";
import type { RequestDocumentsInput } from "../../validation/documentRequests.ts";
import { type ActionContext, auditAs, type Outcome, refuse } from "../action.ts";
import { lockCase, type StaffActor } from "../applications/lockCase.ts";

export const DECIDED = "This application is decided: reopen it before asking for documents.";
export const DUE_IN_PAST = "The due date cannot be in the past";

export async function requestDocuments(
  { db, outbox }: ActionContext,
  actor: StaffActor,
  input: RequestDocumentsInput & { applicationId: string },
  now = new Date(),
): Promise<Outcome<{ requests: DocumentRequestRow[] }>> {
  if (input.dueOn < lagosDay(now)) return refuse(400, DUE_IN_PAST, { dueOn: DUE_IN_PAST });
  return db.transaction(async (trx) => {
    // Another officer's case is not found; an unassigned one is taken first (lockCase).
    const app = await lockCase(trx, actor, input.applicationId);
    if ("ok" in app) return app;
    if (app.status === "approved" || app.status === "rejected") return refuse(409, DECIDED);
    const requests = await insertRequests(
      trx,
      input.items.map((i) => ({
        application_id: app.id,
        label: i.label,
        document_type: i.documentType,
        requirement_key: i.requirementKey,
        note: input.note,
        due_on: input.dueOn,
        requested_by: actor.userId,
      })),
    );
    await queueRequestedMessage(outbox, trx, app, requests, input.note);
    await queueReminder(trx, app.id, input.dueOn, now);
    await auditAs(trx, actor, {
      action: "documents_requested",
      subjectType: "application",
      subjectId: app.id,
      details: { documents: requests.map((r) => r.label), due: input.dueOn },
    });
    return { ok: true, requests };
  });
}
