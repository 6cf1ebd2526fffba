// Managers keep the list of visa centres applicants are booked at: add one, change its name, address or what to bring,
// deactivate it (records that name it keep it; no new appointment is booked there) or bring it back.
import type { CentreRow } from "../../models/caseStages.ts";
import { findCentre, insertCentre, updateCentre } from "../../models/caseStages.ts";
import { centreSchema } from "../../validation/caseStages.ts";
import { checkInput } from "../../validation/validate.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";

export const CENTRE_NOT_FOUND = "Centre not found";
const NAME_TAKEN = "Another centre has this name.";

export async function saveCentre(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: { id: string | null; fields: Record<string, unknown> },
): Promise<Outcome<{ centre: CentreRow }>> {
  const parsed = checkInput(centreSchema, input.fields);
  if (!parsed.ok) return refuse(400, Object.values(parsed.fields)[0] ?? "Check the form.", parsed.fields);
  return db.transaction(async (trx) => {
    const saved = input.id ? await updateCentre(trx, input.id, parsed.data) : await insertCentre(trx, parsed.data);
    if (saved === "taken" || (!input.id && !saved)) return refuse(409, NAME_TAKEN, { name: NAME_TAKEN });
    if (!saved) return refuse(404, CENTRE_NOT_FOUND);
    await auditAs(trx, actor, {
      action: "visa_centre_changed",
      subjectType: null,
      subjectId: saved.id,
      details: { name: saved.name, change: input.id ? "edited" : "added" },
    });
    return { ok: true, centre: saved };
  });
}

export async function setCentreActive(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: { id: string; active: boolean },
): Promise<Outcome<{ centre: CentreRow }>> {
  return db.transaction(async (trx) => {
    if (!(await findCentre(trx, input.id))) return refuse(404, CENTRE_NOT_FOUND);
    const saved = await updateCentre(trx, input.id, { active: input.active });
    if (!saved || saved === "taken") return refuse(404, CENTRE_NOT_FOUND);
    await auditAs(trx, actor, {
      action: "visa_centre_changed",
      subjectType: null,
      subjectId: saved.id,
      details: { name: saved.name, change: input.active ? "reactivated" : "deactivated" },
    });
    return { ok: true, centre: saved };
  });
}
