// The round-robin's rule: who gets the next new case or lead (pure; the rotation's place is stored by the caller).
import { STAFF_ROLES, type StaffRole } from "./staff.ts";

/** Two rotations with their own places: new cases go round the case officers, new leads round everyone who acts as staff. */
export type Rotation = "cases" | "leads";

export const ROTATION_ROLES: Record<Rotation, readonly StaffRole[]> = { cases: ["case_officer"], leads: STAFF_ROLES };

/**
 * The person after `last` in `people` (sorted by id), wrapping around; the first when `last` is unknown or left
 * (deactivated: the turn passes to whoever followed them). Undefined when there is nobody to give it to.
 */
export function nextInRotation(people: string[], last: string | null): string | undefined {
  if (people.length === 0) return undefined;
  if (last === null) return people[0];
  return people.find((id) => id > last) ?? people[0];
}
