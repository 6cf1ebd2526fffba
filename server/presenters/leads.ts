// Leads as staff see them: a list row, and a lead's history in words.

import { LEAD_STAGE_LABELS } from "../../views/lib/leads.ts";
import type { LeadEntry, LeadHistoryEntry } from "../../views/pages/admin/types.ts";
import { lagosDateTime } from "../domain/consultations.ts";
import type { LeadEventRow, LeadListRow } from "../models/leads.ts";

export function leadEntry(row: LeadListRow): LeadEntry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    source: row.source,
    stage: row.stage,
    closedReason: row.closed_reason,
    owner: row.owner_name,
    ownerId: row.owner_id,
    followUpOn: row.follow_up_on,
    createdAt: new Date(row.created_at).toISOString(),
    stageChangedAt: new Date(row.stage_changed_at).toISOString(),
  };
}

const WHAT: Record<string, string> = {
  enquiry: "Enquiry received",
  replied: "Enquiry answered",
  booking: "Consultation booked",
  booking_cancelled: "Consultation cancelled",
  booking_held: "Consultation held",
  account: "Account created",
  submitted: "Application submitted",
  paid: "Fee paid",
};

const stageLabel = (s: string | null) => (s ? (LEAD_STAGE_LABELS[s] ?? s) : "");

function describe(e: LeadEventRow): string {
  const d = e.details;
  switch (e.kind) {
    case "stage":
      return `Moved to ${stageLabel(e.to_stage)}${typeof d.reason === "string" ? `: ${d.reason}` : ""}`;
    case "owner":
      if (typeof d.owner !== "string") return "Owner removed";
      return d.how === "round_robin" ? `Owner: ${d.owner} (next in turn)` : `Owner: ${d.owner}`;
    case "booking_moved":
      return typeof d.startsAt === "string" ? `Consultation moved to ${lagosDateTime(new Date(d.startsAt))}` : "Consultation moved";
    case "follow_up":
      return typeof d.on === "string" ? `Follow up on ${d.on}` : "Follow-up date cleared";
    default:
      return `${WHAT[e.kind] ?? e.kind}${e.to_stage ? ` (now ${stageLabel(e.to_stage)})` : ""}`;
  }
}

function refHref(e: LeadEventRow): string | null {
  if (e.ref_table === "enquiries") return `/admin/enquiries/${e.ref_id}`;
  if (e.ref_table === "visa_applications") return `/admin/application/${e.ref_id}`;
  return null;
}

export function historyEntry(e: LeadEventRow): LeadHistoryEntry {
  return { id: String(e.id), at: new Date(e.created_at).toISOString(), text: describe(e), by: e.actor_name, href: refHref(e) };
}
