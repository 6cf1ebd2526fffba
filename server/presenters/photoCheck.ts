// The passport photo's check against its destination's rules, for the applicant (step 3, their application's page)
// and staff (the case page). Worded against the application's destination now: a destination changed after the
// upload gets its own rules' warnings from the stored measures.

import type { PhotoCheckView } from "../../views/pages/portal/types.ts";
import { PHOTO_UNREADABLE, photoRulesFor, photoWarnings } from "../domain/photoRules.ts";
import type { PhotoCheckRow } from "../models/photoChecks.ts";

export function photoCheckView(row: PhotoCheckRow | undefined, destination: string | null | undefined): PhotoCheckView {
  if (!row) return { state: "none", warnings: [] };
  if (row.state === "pending") return { state: "pending", warnings: [] };
  if (row.state === "unreadable" || !row.measures) return { state: "unreadable", warnings: [PHOTO_UNREADABLE] };
  const rules = photoRulesFor(destination);
  return { state: "checked", warnings: photoWarnings(row.measures, rules), rulesOf: rules.asker };
}
