// The case a staff member changes, locked in the action's transaction and checked against who they are: another
// officer's case is not found (404, like another user's data); an unassigned one must be taken first.
import type { Knex } from "knex";
import type { SessionUser } from "../../../views/types.ts";
import { mayOpenCase, mayWorkCase, TAKE_CASE_FIRST } from "../../domain/staff.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { lockApplication } from "../../models/statusChanges.ts";
import { type Actor, type Refusal, refuse } from "../action.ts";

/** A staff member on the web: the actor, and the signed-in person the case rules read. */
export type StaffActor = Actor & { userId: string; staff: SessionUser };

export const APPLICATION_NOT_FOUND = "Application not found";

export async function lockCase(trx: Knex.Transaction, actor: StaffActor, applicationId: string): Promise<ApplicationRow | Refusal> {
  const row = await lockApplication(trx, applicationId);
  if (!row || !mayOpenCase(actor.staff, row)) return refuse(404, APPLICATION_NOT_FOUND);
  if (!mayWorkCase(actor.staff, row)) return refuse(403, TAKE_CASE_FIRST);
  return row;
}
