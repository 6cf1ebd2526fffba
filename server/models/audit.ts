// The audit trail's rows: written once (there is no update or delete here, and the table refuses them), read by staff.
import type { Knex } from "knex";
import { likePattern } from "./likePattern.ts";

export const AUDIT_ACTIONS = {
  sign_in: "Signed in",
  sign_in_failed: "Sign-in failed",
  throttled: "Throttled",
  sign_up: "Account created",
  sign_up_existing: "Sign-up tried with a registered address",
  password_reset: "Password reset",
  email_changed: "E-mail changed",
  password_changed: "Password changed",
  sessions_ended: "Signed out on other devices",
  data_exported: "Data downloaded",
  account_deleted: "Account deleted",
  two_factor_enabled: "Two-factor sign-in turned on",
  two_factor_disabled: "Two-factor sign-in turned off",
  recovery_codes_renewed: "New recovery codes",
  role_granted: "Staff role granted",
  role_revoked: "Staff role revoked",
  role_changed: "Staff role changed",
  staff_invited: "Staff member invited",
  invitation_accepted: "Invitation accepted",
  staff_deactivated: "Staff member deactivated",
  case_assigned: "Case assigned",
  assignment_settings_changed: "Round-robin assignment changed",
  deadlines_changed: "Deadlines changed",
  status_changed: "Status changed",
  status_change_undone: "Status change undone",
  note_added: "Note added",
  message_posted: "Message written",
  application_viewed: "Application viewed by staff",
  csv_exported: "CSV exported",
  document_downloaded: "Document downloaded by staff",
  enquiry_replied: "Enquiry answered",
  enquiry_status_changed: "Enquiry status changed",
  message_retried: "Failed message sent again",
  phone_message_retried: "Failed WhatsApp or SMS message sent again",
  payment_recorded: "Payment recorded",
  payment_started: "Payment started",
  payment_needs_attention: "Payment needs attention",
  payment_failed: "Payment failed",
  payment_closed: "Payment closed for another way to pay",
  bill_line_added: "Line added to a bill",
  bill_line_removed: "Line removed from a bill",
  bill_split: "Bill split into instalments",
  family_rate_set: "Family rate set on a group's bill",
  payment_webhook: "Payment provider notified us",
  dedicated_account_opened: "Own account number opened",
  dedicated_transfer_held: "Transfer to an own account held",
  dedicated_transfer_closed: "Held transfer closed",
  transfer_proof_uploaded: "Transfer proof uploaded",
  transfer_confirmed: "Bank transfer confirmed",
  transfer_rejected: "Bank transfer rejected",
  transfer_withdrawn: "Bank transfer withdrawn",
  refund_recorded: "Refund recorded",
  held_payment_applied: "Held payment applied to the bill",
  held_payment_refunded: "Held payment refunded",
  exchange_rate_set: "Exchange rate set",
  documents_requested: "Documents requested",
  document_accepted: "Document accepted",
  document_sent_back: "Document sent back",
  request_fulfilled: "Requested document uploaded",
  missing_document_sent: "Missing document sent after submission",
  request_reminder_sent: "Document request reminder sent",
  lead_stage_changed: "Lead moved",
  lead_owner_changed: "Lead owner changed",
  lead_follow_up_set: "Lead follow-up date set",
  consultation_booked: "Consultation booked",
  consultation_moved: "Consultation moved",
  consultation_cancelled: "Consultation cancelled",
  consultation_hold_expired: "Unpaid consultation released",
  consultation_outcome: "Consultation marked held or missed",
  consultation_invited: "Invited to create an account",
  consultation_settings_changed: "Consultation settings changed",
  consultation_handed_over: "A leaver's consultation handed over",
  consultation_reassigned: "Consultation reassigned",
  calendar_feed_stopped: "Calendar feed stopped",
  channels_changed: "WhatsApp or SMS updates chosen or ended",
  whatsapp_received: "WhatsApp message received",
  whatsapp_stopped: "WhatsApp updates ended by STOP",
  whatsapp_file_filed: "File sent on WhatsApp filed against a request",
  sms_stopped: "SMS updates ended by STOP",
  case_stage_recorded: "Stage after approval recorded",
  case_stage_skipped: "Stage after approval skipped",
  case_stage_skip_undone: "Skip of a stage after approval undone",
  case_stage_corrected: "Stage after approval corrected",
  answer_sheet_signed: "Answer sheet signed by the applicant",
  service_agreement_signed: "Service agreement signed by the applicant",
  family_member_added: "Family member added to an application's group",
  family_member_invited: "Family member invited to their own sign-in",
  family_invitation_accepted: "Family member's invitation accepted",
  family_member_sign_in_removed: "Family member's own sign-in removed",
  lodged_without_signature: "Form lodged without the applicant's signature (manager's reason given)",
  appointment_moved: "Appointment moved",
  appointment_missed: "Appointment missed",
  visa_centre_changed: "Visa centre changed",
  decision_time_changed: "Usual decision time of a destination set",
  public_figures_changed: "Success stories figures source changed",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export interface AuditEvent {
  action: AuditAction;
  actorId?: string | null;
  subjectType?: "account" | "application" | "document" | "export" | "enquiry" | "message" | "lead" | "booking" | null;
  subjectId?: string | null;
  details?: Record<string, unknown>;
  requestId?: string | null;
  ip?: string | null;
}

export interface AuditRow {
  id: number;
  at: Date;
  action: AuditAction;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  subject_type: string | null;
  subject_id: string | null;
  subject_label: string | null;
  details: Record<string, unknown>;
  request_id: string | null;
  ip: string | null;
}

export async function recordAudit(db: Knex | Knex.Transaction, event: AuditEvent): Promise<void> {
  await db("audit_events").insert({
    action: event.action,
    actor_id: event.actorId ?? null,
    subject_type: event.subjectType ?? null,
    subject_id: event.subjectId ?? null,
    details: JSON.stringify(event.details ?? {}),
    request_id: event.requestId ?? null,
    ip: event.ip ?? null,
  });
}

export interface AuditFilters {
  /** Part of the acting person's e-mail or name. */
  person?: string;
  action?: AuditAction;
  /** Inclusive days, YYYY-MM-DD, in Lagos time. */
  from?: string;
  to?: string;
}

/** A place in the trail, newest first: the (at, id) of a row, `at` to the microsecond as PostgreSQL keeps it. */
export interface AuditCursor {
  at: string;
  id: number;
}

export interface AuditPage {
  rows: (AuditRow & { cursor_at: string })[];
  /** Rows older than the last one exist. */
  older: boolean;
  /** Rows newer than the first one exist. */
  newer: boolean;
}

/**
 * One page of events, newest first: the first page, the rows older than `before`, or the rows newer than `after`.
 * Paged by (at, id) along audit_events_at, so a row written meanwhile never shifts a page, and rows sharing a
 * timestamp are neither repeated nor skipped.
 */
export async function listAudit(
  db: Knex,
  filters: AuditFilters,
  place: { before?: AuditCursor; after?: AuditCursor },
  size: number,
): Promise<AuditPage> {
  const q = db("audit_events as e")
    .leftJoin("users as u", "u.id", "e.actor_id")
    // The subject's readable name: an application's reference (a document's too), an account's e-mail, a lead's name.
    .leftJoin("visa_applications as a", function () {
      this.on(
        db.raw(
          "(e.subject_type = 'application' AND a.id::text = e.subject_id) OR (e.subject_type = 'document' AND a.id::text = e.details->>'application')",
        ),
      );
    })
    .leftJoin("users as s", function () {
      this.on(db.raw("e.subject_type = 'account' AND s.id::text = e.subject_id"));
    })
    .leftJoin("leads as l", function () {
      this.on(db.raw("e.subject_type = 'lead' AND l.id::text = e.subject_id"));
    })
    .select(
      "e.*",
      "u.full_name as actor_name",
      "u.email as actor_email",
      db.raw("coalesce(a.reference_number, s.email, l.name) as subject_label"),
      db.raw(`to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at`),
    );
  if (filters.person) {
    const like = likePattern(filters.person);
    q.where((w) => w.whereILike("u.email", like).orWhereILike("u.full_name", like));
  }
  if (filters.action) q.where("e.action", filters.action);
  if (filters.from) q.where("e.at", ">=", db.raw("(?::date)::timestamp AT TIME ZONE 'Africa/Lagos'", [filters.from]));
  if (filters.to) q.where("e.at", "<", db.raw("((?::date) + 1)::timestamp AT TIME ZONE 'Africa/Lagos'", [filters.to]));
  const order = place.after ? "asc" : "desc";
  if (place.before) q.whereRaw("(e.at, e.id) < (?::timestamptz, ?)", [place.before.at, place.before.id]);
  if (place.after) q.whereRaw("(e.at, e.id) > (?::timestamptz, ?)", [place.after.at, place.after.id]);
  const rows = await q
    .orderBy([
      { column: "e.at", order },
      { column: "e.id", order },
    ])
    .limit(size + 1);
  const page = rows.slice(0, size);
  const beyond = rows.length > size;
  if (place.after) return { rows: page.reverse(), older: true, newer: beyond };
  return { rows: page, older: beyond, newer: Boolean(place.before) };
}
