// A WhatsApp message's file as staff see it: stored (name, type, size, the link that opens it), waiting to be fetched,
// refused or failed (and why); in a case, the form that files it against one of the case's open requests.
import type { WhatsAppFileView } from "../../views/components/messages/whatsappFileTypes.ts";
import type { DocumentRequestRow } from "../models/documentRequests.ts";
import type { MediaRow } from "../models/whatsappFiles.ts";

const TYPE_LABELS: Record<string, string> = { "image/jpeg": "JPEG image", "image/png": "PNG image", "application/pdf": "PDF document" };

export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const NOTES: Record<string, string> = {
  waiting: "Being fetched from WhatsApp: reload the page in a minute.",
  refused: "Refused, not stored",
  failed: "Could not be fetched from WhatsApp",
};

/**
 * `where`: the case it is in (with its requests) or the inbox; `filedLabel`: the request it answered, once filed.
 */
export function whatsappFileView(
  row: MediaRow & { filed_label?: string | null },
  where: { applicationId: string; requests: DocumentRequestRow[] } | { inbox: true },
): WhatsAppFileView {
  const stored = row.media_state === "stored";
  const href = `/files/whatsapp/${row.id}`;
  const open = "applicationId" in where ? where.requests.filter((r) => r.status === "open") : [];
  const action = "applicationId" in where ? `/admin/application/${where.applicationId}/whatsapp/${row.id}/file` : "";
  const state = row.media_state ?? "waiting";
  return {
    id: row.id,
    kindLabel: row.kind === "image" ? "Photo" : "Document",
    state,
    name: stored ? row.media_name : (row.media_filename ?? null),
    typeLabel: stored && row.media_mime ? (TYPE_LABELS[row.media_mime] ?? row.media_mime) : null,
    sizeText: stored && row.media_size !== null ? sizeText(Number(row.media_size)) : null,
    href: stored ? href : null,
    note: state === "stored" ? null : [NOTES[state], row.media_reason].filter(Boolean).join(": "),
    filed: row.filed_at ? (row.filed_label ?? "a requested document") : null,
    fileForm: stored && !row.filed_at && open.length > 0 ? { action, requests: open.map((r) => ({ id: r.id, label: r.label })) } : null,
  };
}
