// THE documents staff are offered when asking an applicant for files: for now the document types of SPEC §3 and the
// passport files, each under its label (a free-text item is typed in the form and stored as "other").
import type { RequestSuggestion } from "../../views/pages/admin/requestTypes.ts";
import { DOCUMENT_TYPES } from "../domain/visa.ts";

export function requestSuggestions(_visaType: string | null, _destination: string | null): RequestSuggestion[] {
  return [
    { label: "Passport scan", documentType: "passport_scan", requirementKey: null },
    { label: "Passport photo", documentType: "photo", requirementKey: null },
    ...DOCUMENT_TYPES.filter((t) => t.value !== "other").map((t) => ({ label: t.label, documentType: t.value, requirementKey: null })),
  ];
}
