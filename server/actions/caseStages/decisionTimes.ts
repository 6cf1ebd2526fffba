// Managers set each destination's usual decision time (days from lodging to the embassy's decision), with its source
// and the day it was checked: a case lodged longer ago than that, with no decision recorded, is late at the embassy.
import { lagosDay } from "../../domain/calendar.ts";
import { saveDecisionTime, savePublicFigures } from "../../models/decisionTimes.ts";
import { decisionTimeSchema, publicFiguresSchema } from "../../validation/decisionTimes.ts";
import { checkInput } from "../../validation/validate.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";

export async function setDecisionTime(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  fields: Record<string, unknown>,
  now = new Date(),
): Promise<Outcome<{ destination: string; usualDays: number }>> {
  const parsed = checkInput(decisionTimeSchema(lagosDay(now)), fields);
  if (!parsed.ok) return refuse(400, Object.values(parsed.fields)[0] ?? "Check the form.", parsed.fields);
  const v = parsed.data;
  return db.transaction(async (trx) => {
    const before = await saveDecisionTime(trx, actor.userId, {
      destination: v.destination,
      usualDays: v.usual_days,
      source: v.source,
      checkedOn: v.checked_on,
    });
    await auditAs(trx, actor, {
      action: "decision_time_changed",
      subjectType: null,
      subjectId: null,
      details: {
        destination: v.destination,
        usualDays: v.usual_days,
        source: v.source,
        checkedOn: v.checked_on,
        ...(before ? { before: { usualDays: before.usual_days, source: before.source, checkedOn: before.checked_on } } : {}),
      },
    });
    return { ok: true, destination: v.destination, usualDays: v.usual_days };
  });
}

/** Managers choose whether the success stories page shows the decisions' figures (over how many months) or the written ones. */
export async function setPublicFigures(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  fields: Record<string, unknown>,
): Promise<Outcome<{ fromDecisions: boolean; months: number }>> {
  const parsed = checkInput(publicFiguresSchema, fields);
  if (!parsed.ok) return refuse(400, Object.values(parsed.fields)[0] ?? "Check the form.", parsed.fields);
  const v = { from_decisions: parsed.data.source === "decisions", months: parsed.data.months };
  return db.transaction(async (trx) => {
    const before = await savePublicFigures(trx, actor.userId, v);
    await auditAs(trx, actor, {
      action: "public_figures_changed",
      subjectType: null,
      subjectId: null,
      details: {
        fromDecisions: v.from_decisions,
        months: v.months,
        ...(before ? { before: { fromDecisions: before.from_decisions, months: before.months } } : {}),
      },
    });
    return { ok: true, fromDecisions: v.from_decisions, months: v.months };
  });
}
