// The messages of document requests (asked, sent back, reminder, received), queued inside the action's transaction.
import type { Knex } from "knex";
import { formatDate } from "../../views/lib/format.ts";
import type { ApplicationRow } from "../models/applications.ts";
import type { DocumentRequestRow } from "../models/documentRequests.ts";
import { findUserContact } from "../models/users.ts";
import { nameOn } from "./applicationMessages.ts";
import type { MailData } from "./messages.ts";
import type { Outbox } from "./outbox.ts";

type ApplicantKind = "documents_requested" | "document_sent_back" | "documents_reminder";

async function toApplicant(outbox: Outbox, trx: Knex, row: ApplicationRow, kind: ApplicantKind, data: MailData): Promise<void> {
  const account = await findUserContact(trx, row.user_id);
  if (!account) return;
  const base = { name: nameOn(row, account), reference: row.reference_number, applicationId: row.id };
  await outbox.queue(trx, { kind, to: account.email, userId: account.id, applicationId: row.id, data: { ...base, ...data } });
}

const itemList = (requests: DocumentRequestRow[]) => requests.map((r) => r.label).join(", ");

/** Staff asked for documents: what, by when, and the note. */
export function queueRequestedMessage(
  outbox: Outbox,
  trx: Knex,
  row: ApplicationRow,
  requests: DocumentRequestRow[],
  note: string | null,
): Promise<void> {
  return toApplicant(outbox, trx, row, "documents_requested", {
    count: requests.length,
    items: itemList(requests),
    due: formatDate(requests[0].due_on),
    note,
  });
}

/** A document sent back: which file, why, and the new due date. */
export function queueSentBackMessage(
  outbox: Outbox,
  trx: Knex,
  row: ApplicationRow,
  sent: { label: string; fileName: string; reason: string; dueOn: string },
): Promise<void> {
  return toApplicant(outbox, trx, row, "document_sent_back", {
    label: sent.label,
    fileName: sent.fileName,
    reason: sent.reason,
    due: formatDate(sent.dueOn),
  });
}

/** Two days before the due date: what is still open. */
export function queueReminderMessage(outbox: Outbox, trx: Knex, row: ApplicationRow, requests: DocumentRequestRow[]): Promise<void> {
  return toApplicant(outbox, trx, row, "documents_reminder", { items: itemList(requests), due: formatDate(requests[0].due_on) });
}

/**
 * A requested file arrived (or, `unasked`, a required document the application was submitted without): the case's
 * officer is told, or the staff inbox while nobody has the case.
 */
export async function queueFulfilledNotice(
  outbox: Outbox,
  trx: Knex,
  row: ApplicationRow,
  label: string,
  staffInbox: string,
  { unasked = false }: { unasked?: boolean } = {},
): Promise<void> {
  const account = await findUserContact(trx, row.user_id);
  const officer = row.assignee_id ? await findUserContact(trx, row.assignee_id) : undefined;
  await outbox.queue(trx, {
    kind: "request_fulfilled_staff",
    to: officer?.email ?? staffInbox,
    applicationId: row.id,
    data: {
      reference: row.reference_number,
      applicant: account ? nameOn(row, account) : (row.full_name ?? ""),
      label,
      applicationId: row.id,
      ...(unasked ? { unasked: 1 } : {}),
    },
  });
}
