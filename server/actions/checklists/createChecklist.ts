// An applicant starts a travel checklist with the default items, within the per-applicant limit.
import { MAX_CHECKLISTS, tooManyChecklists } from "../../domain/quotas.ts";
import { type Checklist, findChecklist, createChecklist as insertChecklist } from "../../models/checklists.ts";
import type { ChecklistInput } from "../../validation/checklist.ts";
import { type ActionContext, type Actor, type Outcome, refuse } from "../action.ts";
import { itemValues } from "./itemValues.ts";

export async function createChecklist(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: ChecklistInput,
): Promise<Outcome<{ checklist: Checklist | undefined }>> {
  return db.transaction(async (trx) => {
    const id = await insertChecklist(trx, actor.userId, input.title || "New Application", itemValues(input.values), MAX_CHECKLISTS);
    if (!id) return refuse(409, tooManyChecklists);
    return { ok: true, checklist: await findChecklist(trx, id, actor.userId) };
  });
}
