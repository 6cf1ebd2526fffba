// Staff undo a skip made by mistake, within a day of it (like a correction) and while no later stage is recorded or
// skipped: the skipped row goes and the stage is open to record again. Under the case's row lock; audited, no e-mail
// (the skip sent none).
import {
  CORRECTION_WINDOW_MS,
  laterSettled,
  laterStageSettled,
  NOT_APPROVED,
  notSkipped,
  SKIP_UNDO_CLOSED,
  type Stage,
} from "../../domain/caseStages.ts";
import { currentStages, deleteSkippedStage } from "../../models/caseStages.ts";
import { type ActionContext, auditAs, type Outcome, refuse } from "../action.ts";
import { lockCase, type StaffActor } from "../applications/lockCase.ts";

export async function unskipStage(
  { db }: ActionContext,
  actor: StaffActor,
  input: { applicationId: string; stage: Stage },
  now = new Date(),
): Promise<Outcome<{ undone: string }>> {
  return db.transaction(async (trx) => {
    const app = await lockCase(trx, actor, input.applicationId);
    if ("ok" in app) return app;
    if (app.status !== "approved") return refuse(409, NOT_APPROVED);
    const current = await currentStages(trx, app.id);
    const row = current.get(input.stage);
    if (row?.state !== "skipped") return refuse(409, notSkipped(input.stage));
    if (now.getTime() - new Date(row.recorded_at).getTime() >= CORRECTION_WINDOW_MS) return refuse(409, SKIP_UNDO_CLOSED);
    if (laterStageSettled(input.stage, new Set(current.keys()))) return refuse(409, laterSettled(input.stage));
    await deleteSkippedStage(trx, row.id);
    await auditAs(trx, actor, {
      action: "case_stage_skip_undone",
      subjectType: "application",
      subjectId: app.id,
      details: { stage: input.stage, reason: row.skip_reason ?? "" },
    });
    return { ok: true, undone: row.id };
  });
}
