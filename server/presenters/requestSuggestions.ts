// The documents staff are offered when asking an applicant for files: the passport files, the items of the
// application's "Documents for your application" (server/domain/requirements.ts), then SPEC §3's other document types
// the list does not already name (a free-text item is typed in the form and stored as "other").
import type { RequestSuggestion } from "../../views/pages/admin/requestTypes.ts";
import { filedAs, requirementsFor } from "../domain/requirements.ts";
import { DOCUMENT_TYPES } from "../domain/visa.ts";

export function requestSuggestions(visaType: string | null, destination: string | null): RequestSuggestion[] {
  const items = requirementsFor(visaType ?? "", destination).map((item) => ({ label: item.label, ...filedAs(item) }));
  const listed = new Set(items.filter((i) => i.requirementKey === null).map((i) => i.documentType));
  return [
    { label: "Passport scan", documentType: "passport_scan", requirementKey: null },
    { label: "Passport photo", documentType: "photo", requirementKey: null },
    ...items,
    ...DOCUMENT_TYPES.filter((t) => t.value !== "other" && !listed.has(t.value)).map((t) => ({
      label: t.label,
      documentType: t.value,
      requirementKey: null,
    })),
  ];
}
