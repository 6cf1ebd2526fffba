// The documents catalogue: the eight destinations with their own lists, and the lists for every other destination.
import { australia } from "./australia.ts";
import { canada } from "./canada.ts";
import { fallbackLists } from "./fallback.ts";
import { germany } from "./germany.ts";
import { newZealand } from "./new-zealand.ts";
import { portugal } from "./portugal.ts";
import type { DestinationRequirements } from "./types.ts";
import { unitedArabEmirates } from "./united-arab-emirates.ts";
import { unitedKingdom } from "./united-kingdom.ts";
import { unitedStates } from "./united-states.ts";

export const destinations: DestinationRequirements[] = [
  unitedKingdom,
  unitedStates,
  canada,
  germany,
  portugal,
  australia,
  newZealand,
  unitedArabEmirates,
];

export { fallbackLists };
