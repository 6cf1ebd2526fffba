// The e-mail of a message in an application's conversation, queued in the message's transaction: to the other side,
// with a link to the thread and never the message's words.
import type { Knex } from "knex";
import type { ApplicationRow } from "../models/applications.ts";
import type { Side } from "../models/thread.ts";
import { findUserContact } from "../models/users.ts";
import type { Outbox } from "./outbox.ts";

/** The applicant's message goes to the office inbox; staff's to the applicant's account address. */
export async function queueThreadMessage(outbox: Outbox, trx: Knex, input: { row: ApplicationRow; from: Side; staffInbox: string }): Promise<void> {
  const { row, from, staffInbox } = input;
  const account = await findUserContact(trx, row.user_id);
  const name = row.full_name?.trim() || account?.full_name || "";
  const data = { name, applicant: name, reference: row.reference_number, applicationId: row.id };
  if (from === "applicant") {
    await outbox.queue(trx, { kind: "message_to_staff", to: staffInbox, applicationId: row.id, data });
  } else if (account) {
    await outbox.queue(trx, { kind: "message_to_applicant", to: account.email, userId: account.id, applicationId: row.id, data });
  }
}
