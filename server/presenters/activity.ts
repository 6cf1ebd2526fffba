// An audit row as the Activity page shows it: a sentence, who, what, on what, and the details in words.
import type { ActivityEntry } from "../../views/pages/admin/types.ts";
import { AUDIT_ACTIONS, type AuditRow } from "../models/audit.ts";
import { activitySentence } from "./activitySentence.ts";

/** The details a row carries, as short "key: value" phrases (values are the server's own, never free HTML). */
function detailText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined && v !== "")
    .map(([k, v]) => {
      if (typeof v === "object") {
        const inner = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== "" && x !== null && x !== undefined);
        return inner.length ? `${k}: ${inner.map(([ik, x]) => `${ik}=${String(x)}`).join(", ")}` : `${k}: all`;
      }
      return `${k}: ${String(v)}`;
    })
    .join("; ");
}

/** Where staff open the subject: an application that still exists, or an enquiry (enquiries are never deleted). */
function subjectHref(row: AuditRow): string | null {
  if (row.subject_type === "application" && row.subject_label) return `/admin/application/${row.subject_id}`;
  if (row.subject_type === "enquiry") return `/admin/enquiries/${row.subject_id}`;
  if (row.subject_type === "lead") return `/admin/leads/${row.subject_id}`;
  return null;
}

/** What the subject is called where the trail has no name for it. */
const UNNAMED: Record<string, string> = { enquiry: "an enquiry", booking: "a consultation", message: "an e-mail", export: "an export" };

export function activityEntry(row: AuditRow): ActivityEntry {
  const subject = row.subject_type ? { label: row.subject_label ?? UNNAMED[row.subject_type] ?? row.subject_id ?? "", href: subjectHref(row) } : null;
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    sentence: activitySentence(row, subject),
    action: AUDIT_ACTIONS[row.action] ?? row.action,
    actor: row.actor_id ? (row.actor_email ? { name: row.actor_name ?? "", email: row.actor_email } : { name: "Deleted account", email: "" }) : null,
    subject: row.subject_type && subject ? { type: row.subject_type, ...subject } : null,
    details: detailText(row.details ?? {}),
    ip: row.ip,
    requestId: row.request_id,
  };
}
