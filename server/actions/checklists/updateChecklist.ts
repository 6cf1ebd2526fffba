// An applicant saves the items of their own checklist (its status follows: completed once every item has an answer).
import { type Checklist, findChecklist, saveChecklist } from "../../models/checklists.ts";
import type { ChecklistInput } from "../../validation/checklist.ts";
import { type ActionContext, type Actor, type Outcome, refuse } from "../action.ts";
import { itemValues } from "./itemValues.ts";

export const CHECKLIST_LOAD_FAILED = "Failed to load checklist";

export async function updateChecklist(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: { checklistId: string; values: ChecklistInput["values"] },
): Promise<Outcome<{ checklist: Checklist | undefined }>> {
  return db.transaction(async (trx) => {
    if (!(await saveChecklist(trx, input.checklistId, actor.userId, itemValues(input.values)))) return refuse(404, CHECKLIST_LOAD_FAILED);
    return { ok: true, checklist: await findChecklist(trx, input.checklistId, actor.userId) };
  });
}
