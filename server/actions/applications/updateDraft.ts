// An applicant saves a draft's answers: only their own draft (or, for an adult family member with their own sign-in,
// their own part of the group), and never a new visa type once the fee is paid; a family's shared answers stay in
// step across the group.
import { type DraftPatch, draftFields } from "../../domain/draft.ts";
import { VISA_TYPE_LOCKED, visaTypeLocked } from "../../domain/status.ts";
import { type ApplicationRow, findForPerson, updateDraft as writeDraft } from "../../models/applications.ts";
import { closeOpenQuotes } from "../../models/payments.ts";
import { type ActionContext, type Actor, type Outcome, refuse } from "../action.ts";
import { keepGroupInStep, lockGroupOf } from "../family/keepInStep.ts";
import { LOAD_FAILED } from "./refusals.ts";

export interface UpdateDraft {
  applicationId: string;
  /** The wizard's answers as parsed (validation/application.ts#draftSchema). */
  patch: DraftPatch;
}

export const NOT_EDITABLE = "This application has been submitted and can no longer be edited.";

export async function updateDraft(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: UpdateDraft,
): Promise<Outcome<{ row: ApplicationRow }>> {
  return db.transaction(async (trx) => {
    const current = await findForPerson(trx, input.applicationId, actor.userId);
    if (!current) return refuse(404, LOAD_FAILED);
    const fields = draftFields(input.patch, current);
    if (visaTypeLocked(current) && fields.visa_type !== undefined && fields.visa_type !== current.visa_type) {
      return refuse(409, VISA_TYPE_LOCKED, { visa_type: VISA_TYPE_LOCKED });
    }
    const inGroup = current.status === "draft" && (await lockGroupOf(trx, current));
    const result = await writeDraft(trx, current.id, current.user_id, fields);
    // A family's trip and address are typed once: the lead's reach the members who follow them (actions/family).
    if (result.ok && inGroup) await keepGroupInStep(trx, current, fields, result.row);
    // Another visa type owes another fee: a quote made for the old one is no longer good.
    if (result.ok && fields.visa_type !== undefined && fields.visa_type !== current.visa_type) await closeOpenQuotes(trx, current.id);
    if (result.ok) return { ok: true, row: result.row };
    return result.reason === "not_draft" ? refuse(409, NOT_EDITABLE) : refuse(404, LOAD_FAILED);
  });
}
