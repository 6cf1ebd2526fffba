// The round-robin's rule: which officer gets the next new case (pure; the rotation's place is stored by the caller).

/**
 * The officer after `last` in `officers` (sorted by id), wrapping around; the first when `last` is unknown or left
 * (deactivated: the turn passes to whoever followed them). Undefined when there is nobody to give it to.
 */
export function nextInRotation(officers: string[], last: string | null): string | undefined {
  if (officers.length === 0) return undefined;
  if (last === null) return officers[0];
  return officers.find((id) => id > last) ?? officers[0];
}
