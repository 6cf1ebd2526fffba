// Presenting messages to staff: a recorded e-mail or a failed WhatsApp/SMS message as a list entry, and WhatsApp links
// with the same words.
import type { MessageEntry, PhoneMessageEntry } from "../../views/pages/admin/types.ts";
import type { PhoneKind } from "../channels/phoneTexts.ts";
import { CHANNEL_NAMES } from "../domain/channels.ts";
import { whatsappLink } from "../domain/phone.ts";
import { WITHDRAWN } from "../domain/status.ts";
import { buildContent } from "../mail/messages.ts";
import { bodyText } from "../mail/templates/text.ts";
import { NOT_CONFIGURED, NOT_CONFIGURED_BEFORE } from "../mail/transport.ts";
import type { ChannelMessageRow } from "../models/channelMessages.ts";
import type { EmailMessageRow } from "../models/emailMessages.ts";
import type { EnquiryRow } from "../models/enquiries.ts";

export type { MessageEntry };

/**
 * A recorded e-mail as staff see it. One written to the mail folder because no mail server is configured is "written",
 * not "Not sent": it is there to read (and to send by hand), not lost.
 */
export function messageEntry(row: EmailMessageRow): MessageEntry {
  const written = row.status === "not_sent" && (row.error === NOT_CONFIGURED || row.error === NOT_CONFIGURED_BEFORE);
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    status: written ? "written" : row.status,
    error: written ? null : row.error,
    attempts: row.attempts,
    createdAt: new Date(row.created_at).toISOString(),
    sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    applicationId: row.application_id,
    enquiryId: row.enquiry_id,
  };
}

/** Every kind in words (the Outbox must never show a code to staff). */
const PHONE_KINDS: Record<PhoneKind, string> = {
  staff_message: "Notice of a staff message",
  request_due: "Document due",
  documents_requested: "Documents requested",
  document_returned: "Document sent back",
  case_update: "Update on the case",
  decision: "The embassy's decision",
  payment_received: "Payment received",
  appointment: "Visa-centre appointment reminder",
  consultation_reminder: "Consultation reminder",
  payment_due: "Instalment due",
};

export function phoneMessageEntry(row: ChannelMessageRow): PhoneMessageEntry {
  return {
    id: row.id,
    channel: CHANNEL_NAMES[row.channel],
    about: PHONE_KINDS[row.kind as PhoneKind] ?? row.kind,
    to: row.to_phone,
    error: row.error,
    createdAt: new Date(row.created_at).toISOString(),
    applicationId: row.application_id,
  };
}

/** "Reply on WhatsApp" for an enquiry: a greeting that names the office and quotes what the visitor asked about. */
export function enquiryWhatsapp(row: EnquiryRow, siteName: string): string | null {
  const about = row.package ? ` about the ${row.package} package` : "";
  return whatsappLink(row.phone, `Hello ${row.name}, thank you for contacting ${siteName}${about}. `);
}

/**
 * "Message on WhatsApp" on the review page: the words of the last status e-mail (status, note, reference, link), so
 * staff send the same message with one tap (an undone change's e-mail is not one). Null when no status e-mail was sent or the phone cannot be reached.
 */
export function statusWhatsapp(messages: EmailMessageRow[], phone: string | null, baseUrl: string): string | null {
  const last = messages.find((m) => m.kind === "status_changed" && m.error !== WITHDRAWN);
  if (!last || !phone) return null;
  return whatsappLink(phone, bodyText(buildContent("status_changed", last.data, { url: (p) => `${baseUrl}${p}` })));
}
