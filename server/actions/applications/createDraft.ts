// An applicant's first save of the wizard: a new draft with its answers, unless they already have as many open as allowed.
import { tooManyDrafts } from "../../domain/quotas.ts";
import { type ApplicationRow, type DraftFields, openDraft } from "../../models/applications.ts";
import { type ActionContext, type Actor, type Outcome, refuse } from "../action.ts";

export async function createDraft(
  { db, config }: ActionContext,
  actor: Actor & { userId: string },
  fields: DraftFields,
): Promise<Outcome<{ row: ApplicationRow }>> {
  return db.transaction(async (trx) => {
    // openDraft counts under the applicant's lock, held until commit: parallel first saves cannot all pass one count.
    const row = await openDraft(trx, actor.userId, fields, config.quotas.openDrafts);
    return row ? { ok: true, row } : refuse(409, tooManyDrafts(config.quotas));
  });
}
