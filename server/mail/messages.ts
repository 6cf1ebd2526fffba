// Every message the site sends: its subject and words, written from the recorded data and the site's links.

import { USUAL_REVIEW_TIME } from "../domain/status.ts";
import { ACCOUNT_MESSAGES } from "./accountTemplates.ts";
import { BOOKING_MESSAGES } from "./bookingMessages.ts";
import { CASE_MESSAGES } from "./caseMessages.ts";
import type { MailContent } from "./content.ts";
import { DESK_MESSAGES } from "./deskMessages.ts";
import { FAMILY_MESSAGES } from "./familyMessages.ts";
import { STAGE_MESSAGES } from "./stageMessages.ts";
import { type Definition, dear, type Links, type MailData, money, s } from "./template.ts";

export const KINDS = [
  "password_reset",
  "email_confirm",
  "email_change_confirm",
  "email_change_notice",
  "email_change_taken",
  "account_exists",
  "two_factor_changed",
  "application_submitted",
  "application_submitted_staff",
  "status_changed",
  "payment_received",
  "payment_refunded",
  "enquiry_received",
  "enquiry_staff",
  "enquiry_reply",
  "transfer_to_confirm",
  "transfer_rejected",
  "staff_invitation",
  "case_assigned",
  "message_to_applicant",
  "message_to_staff",
  "documents_requested",
  "document_sent_back",
  "documents_reminder",
  "request_fulfilled_staff",
  "booking_confirmed",
  "booking_moved",
  "booking_cancelled",
  "booking_reminder",
  "booking_staff",
  "booking_account_invite",
  "late_cases",
  "case_stage",
  "appointment_reminder",
  "instalment_due",
  "family_invitation",
] as const;
export type MailKind = (typeof KINDS)[number];

export type { Links, MailData } from "./template.ts";

const STATUS_WORDS: Record<string, string> = {
  submitted: "has been received and is waiting for review",
  under_review: "is now under review by our visa officers",
  approved: "has been approved",
  rejected: "has been rejected",
  draft: "has been returned to you for changes: please update it and submit it again",
};

/** The status sentence of a status e-mail (also used for the WhatsApp message). */
export function statusSentence(status: string, reference: string): string {
  return `Your application ${reference} ${STATUS_WORDS[status] ?? `is now ${status.replace(/_/g, " ")}`}.`;
}

export const MESSAGES: Record<MailKind, Definition> = {
  ...ACCOUNT_MESSAGES,
  application_submitted: {
    subject: (d) => `Application ${s(d.reference)} received`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: "Thank you: we have received your visa application." },
        {
          type: "facts",
          rows: [
            ["Reference", s(d.reference)],
            ["Visa type", s(d.visaType)],
            ["Destination", s(d.destination)],
            // Messages queued before the fee was named in Naira carry only its dollar price.
            ["Application fee", d.feeText ? s(d.feeText) : money(d.fee)],
          ],
        },
        {
          type: "p",
          text: `What happens next: a visa officer reviews your application and documents, usually within ${USUAL_REVIEW_TIME}. We will e-mail you when its status changes. Your application is reviewed once the fee is paid.`,
        },
      ],
      action: { label: "Pay the application fee", url: l.url(`/payment/${s(d.applicationId)}`) },
    }),
  },
  application_submitted_staff: {
    subject: (d) => `New application ${s(d.reference)} from ${s(d.applicant)}`,
    content: (d, l) => ({
      blocks: [
        { type: "p", text: "A new visa application was submitted." },
        {
          type: "facts",
          rows: [
            ["Reference", s(d.reference)],
            ["Applicant", s(d.applicant)],
            ["Visa type", s(d.visaType)],
            ["Destination", s(d.destination)],
          ],
        },
      ],
      action: { label: "Review the application", url: l.url(`/admin/application/${s(d.applicationId)}`) },
    }),
  },
  status_changed: {
    subject: (d) => `Application ${s(d.reference)}: ${s(d.statusLabel)}`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: statusSentence(s(d.status), s(d.reference)) },
        ...(d.note ? [{ type: "quote" as const, label: "Note from our visa officer", text: s(d.note) }] : []),
      ],
      action: { label: "See your application", url: l.url(`/application/${s(d.applicationId)}`) },
    }),
  },
  payment_received: {
    subject: (d) => `Payment received for ${s(d.reference)}`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: "Thank you: we have received your payment. This is your receipt." },
        {
          type: "facts",
          rows: [
            ["Application", s(d.reference)],
            ["Amount", s(d.amount)],
            ["Date", s(d.paidOn)],
            ["Payment reference", s(d.paymentReference)],
            ["Receipt code", s(d.receiptCode)],
            ...(d.members ? [["Family members covered", s(d.members)] as [string, string]] : []),
          ],
        },
        { type: "p", text: `Anyone can check this receipt is genuine at ${l.url(`/receipts/${s(d.receiptCode)}`)}` },
        { type: "qr", url: l.url(`/receipts/${s(d.receiptCode)}`), alt: "QR code: scan it to check this receipt" },
      ],
      action: { label: "Print your receipt", url: l.url(`/application/${s(d.applicationId)}/receipt`) },
    }),
  },
  payment_refunded: {
    subject: (d) => `Refund for ${s(d.reference)}`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: `We have refunded ${s(d.amount)} of your payment for application ${s(d.reference)}.` },
        {
          type: "facts",
          rows: [
            ["Application", s(d.reference)],
            ["Amount refunded", s(d.amount)],
            ["Date", s(d.refundedOn)],
            ["Reason", s(d.reason)],
            // A payment held for staff and refunded was never taken as the fee: it has no receipt.
            ...(d.receiptCode ? [["Receipt code", s(d.receiptCode)] as [string, string]] : []),
          ],
        },
        {
          type: "p",
          text: d.receiptCode
            ? "A refund can take a few working days to reach your account. Your receipt now shows the refund."
            : "A refund can take a few working days to reach your account. This payment was not taken as your fee, so it has no receipt.",
        },
      ],
      action: { label: "See your application", url: l.url(`/application/${s(d.applicationId)}`) },
    }),
  },
  // Sent to whatever address was typed into the contact form: only our own words (and a package of ours), never the
  // visitor's name or message, so the form cannot deliver someone else's text to a stranger.
  enquiry_received: {
    subject: () => "We have received your message",
    content: (d) => ({
      greeting: "Hello,",
      blocks: [
        { type: "p", text: "Thank you for contacting us. One of our consultants will get back to you within 24 hours." },
        ...(d.package ? [{ type: "facts" as const, rows: [["Package", s(d.package)]] as [string, string][] }] : []),
      ],
      footnote: "If you did not write to us, someone else typed your address into our contact form: you can ignore this e-mail.",
    }),
  },
  enquiry_staff: {
    subject: (d) => `New enquiry from ${s(d.name)}${d.package ? ` (${s(d.package)})` : ""}`,
    content: (d, l) => ({
      blocks: [
        {
          type: "facts",
          rows: [
            ["Name", s(d.name)],
            ["E-mail", s(d.email)],
            ["Phone", s(d.phone)],
            ...(d.package ? ([["Package", s(d.package)]] as [string, string][]) : []),
          ],
        },
        { type: "quote", label: "Message", text: s(d.message) },
      ],
      action: { label: "Open the enquiry", url: l.url(`/admin/enquiries/${s(d.enquiryId)}`) },
    }),
  },
  enquiry_reply: {
    subject: () => "Re: your enquiry",
    content: (d) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: s(d.body) },
        { type: "quote", label: "Your message", text: s(d.message) },
      ],
    }),
  },
  // Bank transfers (issue #30): the office is asked to check a proof; the applicant hears why a transfer was refused.
  transfer_to_confirm: {
    subject: (d) => `Bank transfer to confirm: ${s(d.reference)}`,
    content: (d, l) => ({
      blocks: [
        { type: "p", text: "An applicant uploaded the proof of a bank transfer. Check that the money arrived, then confirm or reject it." },
        {
          type: "facts",
          rows: [
            ["Application", s(d.reference)],
            ["Applicant", s(d.applicant)],
            ["Amount quoted", s(d.amount)],
            ["Narration code", s(d.paymentCode)],
          ],
        },
      ],
      action: { label: "Check the transfer", url: l.url(`/admin/payments/${s(d.paymentId)}`) },
    }),
  },
  transfer_rejected: {
    subject: (d) => `Your bank transfer for ${s(d.reference)} was not confirmed`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: `We could not confirm your bank transfer of ${s(d.amount)} (narration code ${s(d.paymentCode)}).` },
        { type: "quote", label: "Reason", text: s(d.reason) },
        { type: "p", text: "Your application's fee is still to be paid. You can pay again from the payment page." },
      ],
      action: { label: "Pay the application fee", url: l.url(`/payment/${s(d.applicationId)}`) },
    }),
  },
  ...CASE_MESSAGES,
  ...STAGE_MESSAGES,
  ...BOOKING_MESSAGES,
  ...DESK_MESSAGES,
  ...FAMILY_MESSAGES,
};

export function buildContent(kind: MailKind, data: MailData, links: Links): MailContent {
  const def = MESSAGES[kind];
  return { subject: def.subject(data), ...def.content(data, links) };
}
