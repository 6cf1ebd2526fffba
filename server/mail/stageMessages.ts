// The applicant's e-mail at each stage after approval (recorded, moved, missed, corrected), queued in the stage's own
// transaction: a record that rolls back sends nothing.
import type { Knex } from "knex";
import type { ApplicationRow } from "../models/applications.ts";
import { findUserContact } from "../models/users.ts";
import type { Outbox } from "./outbox.ts";
import { type Definition, dear, s } from "./template.ts";

export const STAGE_MESSAGES = {
  case_stage: {
    subject: (d) => `Application ${s(d.reference)}: ${s(d.stageTitle)}`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: s(d.headline) },
        { type: "facts", rows: [[s(d.stageTitle), s(d.line)]] },
        { type: "p", text: `What happens next: ${s(d.next)}` },
      ],
      action: { label: "See your timeline", url: l.url(`/application/${s(d.applicationId)}#after-approval`) },
    }),
  },
} satisfies Record<string, Definition>;

export async function queueStageMessage(
  outbox: Outbox,
  trx: Knex.Transaction,
  row: ApplicationRow,
  data: { stageTitle: string; headline: string; line: string; next: string },
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
