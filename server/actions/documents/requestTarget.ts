// An upload into a document request: the request must be the application's and open (checked before the file is
// stored, and again under lock when its row is written); answering it tells the staff inbox, in the same transaction.
import type { Knex } from "knex";
import { queueFulfilledNotice } from "../../mail/requestMessages.ts";
import { type DocumentRequestRow, findRequest, fulfilRequest } from "../../models/documentRequests.ts";
import { lockApplication } from "../../models/statusChanges.ts";
import { type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { type FileActionContext, REQUEST_CLOSED, type Upload } from "./storedFile.ts";

export const REQUEST_NOT_FOUND = "This request does not exist";
export const WRONG_SLOT = "This request asks for another document";

/** The open request an upload answers, or a refusal (the received file is discarded). */
export async function openRequestFor(
  { db, storage }: FileActionContext,
  applicationId: string,
  requestId: string,
  file: Upload,
  fits: (documentType: string) => boolean,
): Promise<Outcome<{ request: DocumentRequestRow }>> {
  const request = await findRequest(db, requestId, applicationId);
  const refusal = !request
    ? refuse(404, REQUEST_NOT_FOUND)
    : request.status !== "open"
      ? refuse(409, REQUEST_CLOSED)
      : !fits(request.document_type)
        ? refuse(400, WRONG_SLOT, { request_id: WRONG_SLOT })
        : undefined;
  if (refusal || !request) {
    await storage.discardTemp(file.tempId);
    return refusal ?? refuse(404, REQUEST_NOT_FOUND);
  }
  return { ok: true, request };
}

/** Inside the upload's transaction, once its file is recorded: the request is fulfilled and the staff inbox told. */
export async function fulfil(trx: Knex.Transaction, { outbox, config }: FileActionContext, actor: Actor, request: DocumentRequestRow): Promise<void> {
  await fulfilRequest(trx, request.id);
  const app = await lockApplication(trx, request.application_id);
  if (app) await queueFulfilledNotice(outbox, trx, app, request.label, config.mail.staffInbox);
  await auditAs(trx, actor, {
    action: "request_fulfilled",
    subjectType: "application",
    subjectId: request.application_id,
    details: { request: request.label },
  });
}
