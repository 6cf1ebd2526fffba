// Staff skip a stage after approval that does not apply to the case (an e-visa has no appointment or passport to hand
// in), with the reason; the stages after it can then be recorded. The first stage (lodging) and the decision are never
// skipped. Under the case's row lock, like a record; no e-mail (nothing happened the applicant must act on).
import { alreadyRecorded, NOT_APPROVED, notSkippable, previousFirst, previousSettled, SKIPPABLE, type Stage } from "../../domain/caseStages.ts";
import { type CaseStageRow, currentStages, insertStage } from "../../models/caseStages.ts";
import { skipSchema } from "../../validation/caseStages.ts";
import { checkInput } from "../../validation/validate.ts";
import { type ActionContext, auditAs, type Outcome, refuse } from "../action.ts";
import { lockCase, type StaffActor } from "../applications/lockCase.ts";

export async function skipStage(
  { db }: ActionContext,
  actor: StaffActor,
  input: { applicationId: string; stage: Stage; fields: Record<string, unknown> },
): Promise<Outcome<{ row: CaseStageRow }>> {
  const parsed = checkInput(skipSchema, input.fields);
  return db.transaction(async (trx) => {
    const app = await lockCase(trx, actor, input.applicationId);
    if ("ok" in app) return app;
    if (app.status !== "approved") return refuse(409, NOT_APPROVED);
    if (!SKIPPABLE.includes(input.stage)) return refuse(409, notSkippable(input.stage));
    if (!parsed.ok) return refuse(400, Object.values(parsed.fields)[0] ?? "Say why this stage does not apply.", parsed.fields);
    const current = await currentStages(trx, app.id);
    if (current.has(input.stage)) return refuse(409, alreadyRecorded(input.stage));
    if (!previousSettled(input.stage, new Set(current.keys()))) return refuse(409, previousFirst(input.stage));
    const row = await insertStage(trx, app.id, input.stage, actor.userId, {
      state: "skipped",
      on_date: null,
      appointment_at: null,
      centre_id: null,
      details: {},
      skip_reason: parsed.data.reason,
    });
    await auditAs(trx, actor, { action: "case_stage_skipped", subjectType: "application", subjectId: app.id, details: { stage: input.stage } });
    return { ok: true, row };
  });
}
