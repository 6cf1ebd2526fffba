// Each kind of audit entry as a sentence ("Folake approved VA-2026-QKULVQ", "Payment of ₦232,500 confirmed for
// VA-2026-QKULVQ"): one line per action the server writes (the record type makes a missing one a typecheck error),
// and a plain fallback for a kind this build does not know.

import { formatMinor, formatRate } from "../../views/lib/money.ts";
import type { SentencePart } from "../../views/pages/admin/types.ts";
import { STAGE_TITLES, type Stage } from "../domain/caseStages.ts";
import { ROLE_LABELS, STAFF_ROLES } from "../domain/staff.ts";
import { STATUS_LABELS, type Status } from "../domain/visa.ts";
import { AUDIT_ACTIONS, type AuditAction, type AuditRow } from "../models/audit.ts";

interface Parts {
  /** The person who acted, by first name ("Someone" when nobody was signed in). */
  who: string;
  /** What it was done to, linked where staff can open it. */
  subject: SentencePart;
  d: Record<string, unknown>;
}

type Say = (p: Parts) => (string | SentencePart)[];

const money = (d: Record<string, unknown>, key = "amount") =>
  typeof d[key] === "number" && typeof d.currency === "string" ? formatMinor(d[key] as number, d.currency) : "an amount";
const role = (value: unknown) => (STAFF_ROLES.includes(value as never) ? ROLE_LABELS[value as keyof typeof ROLE_LABELS] : "staff").toLowerCase();
const status = (value: unknown) => STATUS_LABELS[value as Status] ?? String(value);

function statusSentence({ who, subject, d }: Parts): (string | SentencePart)[] {
  if (d.to === "approved") return [`${who} approved `, subject];
  if (d.to === "rejected") return [`${who} rejected `, subject];
  if (d.to === "submitted" && d.from === "draft") return [`${who} submitted `, subject];
  if (d.to === "draft") return [`${who} returned `, subject, " for changes"];
  return [`${who} moved `, subject, ` to ${status(d.to)}`];
}

function assignmentSentence({ who, subject, d }: Parts): (string | SentencePart)[] {
  if (d.how === "taken") return [`${who} took `, subject];
  if (d.how === "round_robin") return [subject, " was given to the next officer in turn"];
  if (d.how === "family") return [subject, " was given to the officer of its family group"];
  if (d.to === null) return [`${who} returned `, subject, " to Unassigned"];
  return [`${who} reassigned `, subject];
}

const SENTENCES: Record<AuditAction, Say> = {
  sign_in: ({ who, d }) => [`${who} signed in${d.second === "recovery" ? " with a recovery code" : ""}`],
  sign_in_failed: ({ subject, d }) =>
    d.deactivated
      ? ["A deactivated account tried to sign in: ", subject]
      : [d.step === "code" ? "A wrong sign-in code for " : "A failed sign-in for ", subject],
  throttled: ({ d }) => [`Too many attempts were stopped${d.limit ? ` (${String(d.limit)})` : ""}`],
  sign_up: ({ subject }) => [subject, " created an account"],
  sign_up_existing: ({ subject }) => ["Someone tried to sign up again with ", subject],
  password_reset: ({ who }) => [`${who} reset their password`],
  email_changed: ({ who }) => [`${who} changed their e-mail address`],
  password_changed: ({ who }) => [`${who} changed their password`],
  sessions_ended: ({ who }) => [`${who} signed out on their other devices`],
  data_exported: ({ who }) => [`${who} downloaded their data`],
  account_deleted: ({ who }) => [`${who} deleted their account`],
  two_factor_enabled: ({ who }) => [`${who} turned on two-factor sign-in`],
  two_factor_disabled: ({ who, subject, d }) =>
    d.reset ? [`${who} reset two-factor sign-in for `, subject] : [`${who} turned off two-factor sign-in`],
  recovery_codes_renewed: ({ who }) => [`${who} made new recovery codes`],
  role_granted: ({ who, subject, d }) => [`${who} made `, subject, ` a ${role(d.role)}`],
  role_revoked: ({ who, subject }) => [`${who} took the staff role from `, subject],
  role_changed: ({ who, subject, d }) => [`${who} made `, subject, ` a ${role(d.to)}`],
  staff_invited: ({ who, subject, d }) => [`${who} invited `, subject, ` as a ${role(d.role)}`],
  invitation_accepted: ({ who }) => [`${who} accepted the staff invitation`],
  staff_deactivated: ({ who, subject }) => [`${who} deactivated `, subject],
  case_assigned: assignmentSentence,
  assignment_settings_changed: ({ who, d }) => [`${who} turned round-robin assignment ${d.roundRobin ? "on" : "off"}`],
  deadlines_changed: ({ who, d }) => [
    `${who} set the deadlines to ${String(d.submitted)} working days submitted and ${String(d.under_review)} under review`,
  ],
  status_changed: statusSentence,
  status_change_undone: ({ who, subject, d }) => [`${who} undid the move of `, subject, ` to ${status(d.from)}: back to ${status(d.to)}`],
  note_added: ({ who, subject }) => [`${who} added a note to `, subject],
  bill_line_added: ({ who, subject, d }) => [`${who} added “${String(d.label)}” to the bill of `, subject],
  bill_line_removed: ({ who, subject, d }) => [`${who} removed “${String(d.label)}” from the bill of `, subject],
  bill_split: ({ who, subject, d }) => [
    `${who} split into ${Array.isArray(d.instalments) ? d.instalments.length : "several"} instalments the bill of `,
    subject,
  ],
  family_rate_set: ({ who, subject, d }) => [
    d.percent
      ? `${who} set a family rate of ${String(d.percent)}% on the group's bill of `
      : `${who} cleared the family rate on the group's bill of `,
    subject,
  ],
  message_posted: ({ who, subject }) => [`${who} wrote a message on `, subject],
  application_viewed: ({ who, subject }) => [`${who} opened the full application `, subject],
  csv_exported: ({ who }) => [`${who} exported a CSV`],
  document_downloaded: ({ who, subject }) => [`${who} downloaded a file of `, subject],
  enquiry_replied: ({ who, subject }) => [`${who} answered `, subject],
  enquiry_status_changed: ({ who, subject, d }) => [`${who} marked `, subject, ` ${String(d.to ?? "changed").replace(/_/g, " ")}`],
  message_retried: ({ who }) => [`${who} sent a failed e-mail again`],
  phone_message_retried: ({ who }) => [`${who} sent a failed WhatsApp or SMS message again`],
  payment_recorded: ({ subject, d }) => [`Payment of ${money(d)} confirmed for `, subject],
  payment_started: ({ who, subject, d }) => [`${who} started a payment of ${money(d)} for `, subject],
  payment_needs_attention: ({ subject }) => ["A payment for ", subject, " needs attention"],
  payment_failed: ({ subject }) => ["A payment for ", subject, " failed"],
  payment_closed: ({ who, subject }) => [`${who} chose another way to pay for `, subject, ": the earlier payment closed"],
  payment_webhook: ({ subject, d }) => [`The payment provider reported ${String(d.event ?? "an event")} for `, subject],
  dedicated_account_opened: ({ subject }) => ["Paystack opened an account number of their own for ", subject],
  dedicated_transfer_held: ({ subject, d }) => [`A transfer of ${money(d)} to the own account of `, subject, " was held for staff"],
  dedicated_transfer_closed: ({ who, subject }) => [`${who} closed a held transfer to the own account of `, subject],
  transfer_proof_uploaded: ({ who, subject }) => [`${who} uploaded a transfer proof for `, subject],
  transfer_confirmed: ({ who, subject, d }) => [`${who} confirmed a bank transfer of ${money(d, "received")} for `, subject],
  transfer_rejected: ({ who, subject }) => [`${who} rejected a bank transfer for `, subject],
  transfer_withdrawn: ({ who, subject }) => [`${who} withdrew a bank transfer for `, subject],
  refund_recorded: ({ who, subject, d }) => [`${who} refunded ${money(d)} for `, subject],
  held_payment_applied: ({ who, subject, d }) => [`${who} applied a held payment of ${money(d)} to the bill of `, subject],
  held_payment_refunded: ({ who, subject, d }) => [`${who} refunded a held payment of ${money(d)} for `, subject],
  exchange_rate_set: ({ who, d }) => [
    `${who} set the exchange rate to ${typeof d.kobo_per_usd === "number" ? formatRate(d.kobo_per_usd) : "a new rate"}`,
  ],
  documents_requested: ({ who, subject, d }) => {
    const n = Array.isArray(d.documents) ? d.documents.length : 0;
    return [`${who} asked for ${n === 1 ? "1 document" : `${n} documents`} on `, subject];
  },
  document_accepted: ({ who, subject }) => [`${who} accepted a document of `, subject],
  document_sent_back: ({ who, subject }) => [`${who} sent back a document of `, subject],
  request_fulfilled: ({ who, subject, d }) => [`${who} uploaded the requested ${String(d.request ?? "document")} for `, subject],
  missing_document_sent: ({ who, subject, d }) => [`${who} sent the missing ${String(d.document ?? "document")} for `, subject],
  request_reminder_sent: ({ subject }) => ["A reminder of requested documents went out for ", subject],
  lead_stage_changed: ({ who, subject, d }) => [`${who} moved the lead `, subject, ` to ${String(d.to ?? "another stage").replace(/_/g, " ")}`],
  lead_owner_changed: ({ who, subject, d }) =>
    d.how === "round_robin"
      ? ["The lead ", subject, " was given to the next staff member in turn"]
      : [`${who} changed the owner of the lead `, subject],
  lead_follow_up_set: ({ who, subject }) => [`${who} set a follow-up day for the lead `, subject],
  consultation_booked: ({ who }) => [`${who} booked a consultation`],
  consultation_moved: ({ who }) => [`${who} moved a consultation`],
  consultation_cancelled: ({ who }) => [`${who} cancelled a consultation`],
  consultation_hold_expired: () => ["An unpaid consultation's hold ended and its time was freed"],
  consultation_outcome: ({ who, d }) => [`${who} marked a consultation ${String(d.outcome ?? "done")}`],
  consultation_invited: ({ who }) => [`${who} invited a consultation's guest to create an account`],
  consultation_settings_changed: ({ who }) => [`${who} changed the consultation settings`],
  consultation_handed_over: ({ d }) =>
    d.to ? ["A leaver's consultation went to a colleague free at that time"] : ["A leaver's consultation is waiting to be reassigned"],
  consultation_reassigned: ({ who }) => [`${who} gave a leaver's consultation to a colleague`],
  calendar_feed_stopped: ({ who, subject }) => [`${who} stopped the calendar feed of `, subject],
  channels_changed: ({ who, d }) => [
    `${who} changed their updates: ${Object.entries(d)
      .filter(([k]) => k === "whatsapp" || k === "sms")
      .map(([k, v]) => `${k === "sms" ? "SMS" : "WhatsApp"} ${v === "on" ? "on" : "off"}`)
      .join(", ")}`,
  ],
  whatsapp_received: ({ subject }) => ["A WhatsApp message from the applicant came into ", subject],
  whatsapp_file_filed: ({ who, subject, d }) => [
    `${who} filed a file the applicant sent on WhatsApp as the requested ${String(d.request ?? "document")} for `,
    subject,
  ],
  whatsapp_stopped: () => ["A client replied STOP on WhatsApp: no more WhatsApp updates to that number"],
  sms_stopped: () => ["A client replied STOP by SMS: no more SMS updates to that number"],
  case_stage_recorded: ({ who, subject, d }) => [`${who} recorded “${stageTitle(d.stage)}” on `, subject],
  case_stage_skipped: ({ who, subject, d }) => [`${who} skipped “${stageTitle(d.stage)}” on `, subject],
  case_stage_skip_undone: ({ who, subject, d }) => [`${who} undid the skip of “${stageTitle(d.stage)}” on `, subject],
  case_stage_corrected: ({ who, subject, d }) => [`${who} corrected “${stageTitle(d.stage)}” on `, subject],
  answer_sheet_signed: ({ who, subject }) => [`${who} signed the answer sheet of `, subject],
  service_agreement_signed: ({ who, subject, d }) => [`${who} signed the service agreement (version ${d.version}) of `, subject],
  family_member_added: ({ who, subject, d }) => [
    `${who} added `,
    subject,
    ` to the family group of ${String(d.leadReference ?? "their application")}`,
  ],
  family_member_invited: ({ who, subject }) => [`${who} invited the family member of `, subject, " to their own sign-in"],
  family_invitation_accepted: ({ who, subject }) => [`${who} accepted the invitation to complete `, subject],
  family_member_sign_in_removed: ({ who, subject }) => [`${who} removed the family member's own sign-in to `, subject],
  lodged_without_signature: ({ who, subject, d }) => [
    `${who} recorded the lodging of `,
    subject,
    ` without the applicant's signature: ${String(d.reason ?? "")}`,
  ],
  appointment_moved: ({ who, subject }) => [`${who} moved the appointment of `, subject],
  appointment_missed: ({ who, subject }) => [`${who} recorded the appointment of `, subject, " as missed"],
  visa_centre_changed: ({ who, d }) => [
    `${who} ${typeof d.change === "string" ? d.change : "changed"} the visa centre ${typeof d.name === "string" ? d.name : ""}`.trimEnd(),
  ],
  public_figures_changed: ({ who, d }) => [
    d.fromDecisions === true
      ? `${who} set the success stories figures to come from the decisions of the last ${String(d.months ?? "?")} months`
      : `${who} set the success stories figures back to the written ones`,
  ],
  decision_time_changed: ({ who, d }) => [
    `${who} set the usual decision time of ${String(d.destination ?? "a destination")} to ${String(d.usualDays ?? "?")} days (${String(d.source ?? "")})`,
  ],
};

const stageTitle = (value: unknown) => STAGE_TITLES[value as Stage] ?? "a stage";

function whoOf(row: AuditRow): string {
  const via = row.details?.via;
  if (!row.actor_id) return via === "cli" ? "Ops (command line)" : via === "system" ? "The system" : "Someone";
  if (!row.actor_email) return "A deleted account";
  return (row.actor_name ?? "").trim().split(/\s+/)[0] || row.actor_email;
}

export function activitySentence(row: AuditRow, subject: { label: string; href: string | null } | null): SentencePart[] {
  const parts: Parts = {
    who: whoOf(row),
    subject: subject ? { text: subject.label || "a deleted record", href: subject.href } : { text: "a record", href: null },
    d: row.details ?? {},
  };
  const say = SENTENCES[row.action as AuditAction];
  const words = say
    ? say(parts)
    : [`${parts.who}: ${AUDIT_ACTIONS[row.action] ?? String(row.action).replace(/_/g, " ")}`, ...(subject ? [" — ", parts.subject] : [])];
  return words.map((w) => (typeof w === "string" ? { text: w, href: null } : w));
}
