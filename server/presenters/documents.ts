// Shapes stored files into the one document shape the wizard, the review and the admin pages list, and the list of
// documents an application calls for.
import type { DocumentsForApplication, DocumentView } from "../../views/pages/portal/types.ts";
import { filedAs, fills, requirementLabel, requirementListFor, requirementsFor } from "../domain/requirements.ts";
import { DOCUMENT_TYPES } from "../domain/visa.ts";
import type { ApplicationRow } from "../models/applications.ts";
import type { DocumentRow } from "../models/documents.ts";
import { fileUrl } from "./files.ts";

const typeLabel = (type: string) => DOCUMENT_TYPES.find((t) => t.value === type)?.label ?? type;

/**
 * The name a document goes by for the applicant and for staff alike: the request it answers (as the applicant read
 * it), else the item of the application's list it fills ("Proof of funds", never the SPEC type "Bank statement" the
 * applicant did not see), else its `other` item's name, else its type's.
 */
export function documentNamer(
  app: Pick<ApplicationRow, "visa_type" | "destination_country"> & Partial<Pick<ApplicationRow, "group_relation">>,
  requests: readonly { id: string; label: string }[] = [],
): (d: Pick<DocumentRow, "document_type" | "requirement_key" | "request_id">) => string {
  const items = requirementsFor(app.visa_type ?? "", app.destination_country, app.group_relation);
  const asked = new Map(requests.map((r) => [r.id, r.label]));
  return (d) =>
    (d.request_id && asked.get(d.request_id)) ||
    items.find((i) => fills(i, d))?.label ||
    (d.requirement_key && requirementLabel(d.requirement_key)) ||
    typeLabel(d.document_type);
}

/** A stored document as listed; `name` is its documentNamer name where the application is known. */
export function documentView(d: DocumentRow, name?: string): DocumentView {
  return {
    id: d.id,
    documentType: d.document_type,
    requirementKey: d.requirement_key,
    // A file filed under an `other` item is named by the item ("Cover letter"), not as "Other document".
    label: name ?? ((d.requirement_key && requirementLabel(d.requirement_key)) || typeLabel(d.document_type)),
    fileName: d.file_name,
    size: Number(d.file_size),
    mimeType: d.mime_type,
    uploadedAt: new Date(d.uploaded_at).toISOString(),
    url: fileUrl({ document: d.id }),
  };
}

type PassportColumns = Pick<ApplicationRow, "id" | "passport_scan_path" | "passport_scan_mime" | "photo_path" | "photo_mime">;

const PASSPORT_FILES = [
  { kind: "passport_scan", id: "passport-scan", label: "Passport scan", path: "passport_scan_path", mime: "passport_scan_mime" },
  { kind: "photo", id: "passport-photo", label: "Passport photo", path: "photo_path", mime: "photo_mime" },
] as const;

/** The passport scan and photo, listed with the documents so a reviewer can open them (without a size). */
export function passportDocuments(row: PassportColumns): DocumentView[] {
  return PASSPORT_FILES.filter((f) => row[f.path]).map((f) => ({
    id: f.id,
    documentType: f.kind,
    label: f.label,
    requirementKey: null,
    fileName: f.label,
    mimeType: row[f.mime] ?? "application/octet-stream",
    url: fileUrl({ application: row.id, passport: f.kind }),
  }));
}

/** "Documents for your application": the list for the application's visa type and destination (none without a type). */
export function documentsForApplication(
  row: Pick<ApplicationRow, "visa_type" | "destination_country"> & Partial<Pick<ApplicationRow, "group_relation">>,
): DocumentsForApplication | null {
  const list = requirementListFor(row.visa_type, row.destination_country, row.group_relation);
  if (!list) return null;
  const items = list.items.map((item) => ({ key: item.key, label: item.label, hint: item.hint, required: item.required, filedAs: filedAs(item) }));
  const intro = list.destination
    ? `${list.visa}, ${list.destination}: what applicants from Nigeria are asked for.`
    : `${list.visa}: what most consulates ask of applicants from Nigeria. Where we keep a list for the destination country you give at step 5, it shows here; your consultant tells you anything else your destination asks for.`;
  return { visa: list.visa, destination: list.destination, intro, items };
}
