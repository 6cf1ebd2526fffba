// The round-robin's step, inside the caller's transaction: the next active person of a rotation, whose turn it now
// is. The settings row is locked until the transaction ends, so concurrent creations take their turns one after the
// other and two never get the same place; with the round-robin off, or nobody active, nobody is given anything.
import type { Knex } from "knex";
import { nextInRotation, ROTATION_ROLES, type Rotation } from "../../domain/assignment.ts";
import { activeStaffIds, findAssignableStaff, lastInTurn, lockAssignmentSettings, saveLastInTurn } from "../../models/assignments.ts";

export type TurnTaker = { id: string; email: string; full_name: string };

export async function takeTurn(trx: Knex.Transaction, rotation: Rotation): Promise<TurnTaker | undefined> {
  const settings = await lockAssignmentSettings(trx);
  if (!settings.round_robin) return undefined;
  const next = nextInRotation(await activeStaffIds(trx, ROTATION_ROLES[rotation]), lastInTurn(settings, rotation));
  if (!next) return undefined;
  await saveLastInTurn(trx, rotation, next);
  return findAssignableStaff(trx, next);
}
