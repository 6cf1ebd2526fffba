// Queues the applicant's stage e-mail in the stage's own transaction: a record that rolls back sends nothing.
import type { Knex } from "knex";
import type { Outbox } from "../../mail/outbox.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { findUserContact } from "../../models/users.ts";

export async function queueStageMessage(
  outbox: Outbox,
  trx: Knex.Transaction,
  row: ApplicationRow,
  data: { stage: string; stageTitle: string; headline: string; line: string; next: string },
): Promise<void> {
  const account = await findUserContact(trx, row.user_id);
  if (!account) return;
  await outbox.queue(trx, {
    kind: "case_stage",
    to: account.email,
    userId: account.id,
    applicationId: row.id,
    data: { name: row.full_name?.trim() || account.full_name, reference: row.reference_number, applicationId: row.id, ...data },
  });
}
