// An applicant's completed checklist leads to their application: a draft carrying the checklist's answers where the
// wizard asks for them (name → step 2, e-mail and phone → step 4, destination → step 5), the phone also to the account
// when it has none, all in one transaction. The draft opens at step 1, where the visa type is chosen. A checklist
// whose application exists answers that one instead of starting a second.

import { toE164 } from "../../domain/phone.ts";
import { tooManyDrafts } from "../../domain/quotas.ts";
import { type DraftFields, findForUser, openDraft } from "../../models/applications.ts";
import { linkApplication, lockChecklist } from "../../models/checklists.ts";
import { setPhoneIfMissing } from "../../models/users.ts";
import { type ActionContext, type Actor, type Outcome, refuse } from "../action.ts";
import { CHECKLIST_LOAD_FAILED } from "./updateChecklist.ts";

export const CHECKLIST_NOT_COMPLETE = "Answer every step of the checklist and save it before starting the application from it.";

/** A one-line answer that fits the wizard's field (`max` characters), or nothing: a longer answer is not cut. */
function fitting(value: string | undefined, max: number): string | undefined {
  const v = value?.trim();
  return v && v.length <= max && !/[\r\n]/.test(v) ? v : undefined;
}

export async function startApplicationFromChecklist(
  { db, config }: ActionContext,
  actor: Actor & { userId: string },
  input: { checklistId: string },
): Promise<Outcome<{ applicationId: string; started: boolean }>> {
  return db.transaction(async (trx) => {
    const checklist = await lockChecklist(trx, input.checklistId, actor.userId);
    if (!checklist) return refuse(404, CHECKLIST_LOAD_FAILED);
    if (checklist.applicationId && (await findForUser(trx, checklist.applicationId, actor.userId))) {
      return { ok: true, applicationId: checklist.applicationId, started: false };
    }
    if (checklist.status !== "completed") return refuse(409, CHECKLIST_NOT_COMPLETE);
    const answers = checklist.values;
    const phoneTyped = fitting(answers[3], 30);
    const phone = phoneTyped ? (toE164(phoneTyped) ?? phoneTyped) : undefined;
    const fields: DraftFields = {
      full_name: fitting(answers[1], 120),
      email: fitting(answers[2], 254),
      phone,
      destination_country: fitting(answers[4], 80),
      current_step: 1,
    };
    const row = await openDraft(trx, actor.userId, fields, config.quotas.openDrafts);
    if (!row) return refuse(409, tooManyDrafts(config.quotas));
    await linkApplication(trx, input.checklistId, row.id);
    // The account keeps a number it can be called on: only a real one, and never over one the applicant set.
    const e164 = phoneTyped ? toE164(phoneTyped) : null;
    if (e164) await setPhoneIfMissing(trx, actor.userId, e164);
    return { ok: true, applicationId: row.id, started: true };
  });
}
